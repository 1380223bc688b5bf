/**
 * The messages of an ethics report (issue 40): the investigators ask, the reporter answers — on the
 * public follow-up page (protocol and password) or, for a staff report, on the report's page.
 * Each side sees the other's messages; the reporter never sees who in the investigation wrote.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import type { ThreadAuthor, ThreadMessage } from '../../../resources/canal-etica';

export type Author = ThreadAuthor;
export type { ThreadMessage };

export const MESSAGE_MAX = 4000;

/** The text of a new message: 400 with a field error when empty or too long. */
export function messageText(body: unknown): string {
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).texto : undefined;
  const texto = typeof raw === 'string' ? raw.normalize('NFC').trim() : '';
  // eslint-disable-next-line no-control-regex
  const invalid = typeof raw === 'string' && /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(raw);
  const error = !texto
    ? 'Escreva a mensagem.'
    : invalid
      ? 'A mensagem contém caracteres inválidos.'
      : texto.length > MESSAGE_MAX
        ? `No máximo ${MESSAGE_MAX} caracteres.`
        : undefined;
  if (error) throw new ApiError(400, 'Verifique a mensagem.', { texto: [error] });
  return texto;
}

/** The report's messages, oldest first. `staff`: with the investigators' names. */
export async function threadOf(db: Db, relatoId: number, staff: boolean): Promise<ThreadMessage[]> {
  const r = await sql<{ id: string; autor: Author; texto: string; em: Date | string; autor_nome: string | null; autor_email: string | null }>`
    select id, autor, texto, criado_em as em, autor_nome, autor_email from canal_etica_mensagem
    where relato_id = ${relatoId} order by id`.execute(db);
  return r.rows.map((m) => ({
    id: Number(m.id),
    autor: m.autor,
    texto: m.texto,
    em: new Date(m.em).toISOString(),
    ...(staff ? { autorNome: m.autor === 'apuracao' ? m.autor_nome || m.autor_email : null } : {}),
  }));
}

/** A new message (the reporter's carries nothing about them). */
export async function addMessage(db: Db, relatoId: number, autor: Author, texto: string, by?: { email: string; nome?: string }): Promise<void> {
  const email = autor === 'apuracao' ? (by?.email ?? null) : null;
  const nome = autor === 'apuracao' ? (by?.nome ?? null) : null;
  await sql`insert into canal_etica_mensagem (relato_id, autor, autor_email, autor_nome, texto)
    values (${relatoId}, ${autor}, ${email}, ${nome}, ${texto})`.execute(db);
}

/** A finished report takes no more messages. */
export function refuseIfFinished(status: unknown): void {
  if (status === 'Finalizada') throw new ApiError(409, 'Este relato já foi finalizado e não recebe novas mensagens.');
}
