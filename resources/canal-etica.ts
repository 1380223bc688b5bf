/**
 * The ethics channel's answers as the API sends them and its pages read them (issue 40; server:
 * src/server/ethics, app: src/app/modules/etica).
 */

/** Who wrote a message of a report's thread: its reporter, or the investigation. */
export type ThreadAuthor = 'relator' | 'apuracao';

export interface ThreadMessage {
  id: number;
  autor: ThreadAuthor;
  texto: string;
  em: string;
  /** Who in the investigation wrote (staff view only; null for the reporter's messages). */
  autorNome?: string | null;
}

/** The case as its reporter reads it. */
export interface ReporterCase {
  protocolo: string;
  situacao: string;
  categoria: string | null;
  assunto: string;
  recebidoEm: string | null;
  concluidoEm: string | null;
  /** Whether the reporter may still write (not finished). */
  aberto: boolean;
  mensagens: ThreadMessage[];
}
