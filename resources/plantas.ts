/**
 * A site's plans and the pins on them (issue 42): the answers of the plan routes
 * (src/server/plantas/routes.ts, described in src/server/openapi/plantas-paths.ts) as the app reads
 * them, and which records of other modules can be pinned on a sheet. Isomorphic.
 */

/** A record of another module that can be pinned on a sheet, by its API resource. */
export interface PinnableKind {
  resource: string;
  /** pt-BR name of the kind of pin ("Registro SGI"). */
  label: string;
  /** The pin names one non-conformity of the checklist (`item`: the answer's item number). */
  naoConformidade?: boolean;
}

/** The resource of punch items: their pins are their own fields (`folha`, `x`, `y`). */
export const PUNCH_RESOURCE = 'itens-verificacao';

export const PINNABLE: readonly PinnableKind[] = [
  { resource: 'tickets-sgi', label: 'Registro SGI' },
  { resource: 'os-field', label: 'Ordem de serviço (Field)' },
  { resource: 'os-automacao', label: 'Ordem de serviço (Automação)' },
  { resource: 'checklists-field', label: 'Não conformidade de checklist (Field)', naoConformidade: true },
  { resource: 'checklists-automacao', label: 'Não conformidade de checklist (Automação)', naoConformidade: true },
  { resource: 'diarios', label: 'Ocorrência do RDO' },
];

/** Every kind of pin a sheet shows ("tipo" filter): punch items, then the pinnable records. */
export const PIN_KINDS: readonly { value: string; label: string }[] = [
  { value: PUNCH_RESOURCE, label: 'Item de verificação' },
  ...PINNABLE.map((k) => ({ value: k.resource, label: k.label })),
];

export const pinnableKind = (resource: string): PinnableKind | undefined => PINNABLE.find((k) => k.resource === resource);

/** The sheet viewer's address (the route `plantaViewer` of resources/routes/site.ts); `folha` is the sheet's id. */
export const FOLHA_VIEWER_PATH = '/obras/:obra/plantas/:folha';

/** `GET /api/v1/obras/{obra}/plantas`: a sheet of the site with the counts of its pins. */
export interface FolhaDaObra {
  id: number;
  codigo: string;
  titulo: string;
  disciplina: string | null;
  revisao: string | null;
  revisaoAnterior: string | null;
  pagina: number | null;
  largura: number | null;
  altura: number | null;
  ativa: boolean;
  conjunto: string | null;
  projeto: number | null;
  /** The PDF (`GET /api/v1/arquivos/{key}`), and which of its pages is the sheet. */
  arquivo: { key: string; name: string; size: number; url: string } | null;
  /** Punch items on the sheet the caller may read, by state, with the overdue ones. */
  itens: { total: number; atrasados: number; porSituacao: Record<string, number> };
  /** Pins of other records on the sheet. */
  outrosPinos: number;
  /** Pins waiting for someone to confirm their place after a new revision. */
  revisaoMudou: number;
}

/**
 * `GET /api/v1/plantas/{id}/miniatura`: the sheet's page as a WebP image of this many pixels on its
 * longer side, white background (src/server/plantas/sheet-thumbnail.ts). The answer has a strong
 * `ETag` (304 on `If-None-Match`); the query `v` is ignored by the server and marks the sheet's file
 * and page for the caches (a new revision, a new address).
 */
export const MINIATURA_FOLHA_PX = 320;

/** The address (under `/api/v1`) of a sheet's thumbnail, versioned by its PDF and page. */
export const miniaturaDaFolhaPath = (s: Pick<FolhaDaObra, 'id' | 'pagina' | 'arquivo'>): string =>
  `/plantas/${s.id}/miniatura?v=${encodeURIComponent(`${s.arquivo?.key ?? ''}#${s.pagina ?? 1}`)}`;

/** A pin of a sheet (`GET /api/v1/plantas/{id}/pinos`): a punch item or a pinned record, with its own state. */
export interface PinoDaFolha {
  /** `item-<id>` (a punch item) or `pino-<id>` (a pinned record): the key of the confirmation route. */
  chave: string;
  recurso: string;
  /** The record's id (the punch item's, or the pinned record's). */
  id: number;
  /** A checklist non-conformity: the answer's item number. */
  item: number | null;
  tipo: string;
  x: number;
  y: number;
  titulo: string;
  /** The record's number or code as people say it ("12", "QUA-2026-0001"). */
  codigo: string | null;
  estado: { valor: string; rotulo: string; cor: string } | null;
  disciplina: string | null;
  /** The responsible or involved company's CNPJ. */
  empresa: string | null;
  prazo: string | null;
  atrasado: boolean;
  revisaoMudou: boolean;
  revisaoAnterior: string | null;
}

/** The filters of the pins of a sheet (query string). */
export interface FiltroPinos {
  status?: string;
  empresa?: string;
  disciplina?: string;
  tipo?: string;
  atrasados?: boolean;
}

/** `POST /api/v1/obras/{obra}/plantas` and `POST /api/v1/projetos/{id}/planta`: what became of the document's pages. */
export interface ResultadoPlanta {
  obra: string;
  conjunto: string;
  revisao: string;
  folhas: { id: number; codigo: string; pagina: number; situacao: 'nova' | 'substituida' }[];
  /** Sheets of the document the new revision no longer has (now not current). */
  retiradas: number[];
  /** Pins flagged "revisão mudou". */
  pinosMarcados: number;
}

/** `POST /api/v1/plantas/{id}/pinos`: pin a record of another module. */
export interface NovoPino {
  recurso: string;
  id: number;
  item?: number;
  x: number;
  y: number;
}

/** Most items one punch-list report shows. */
export const RELATORIO_ITENS_MAX = 500;
/** Most recipients of one e-mailed punch-list report. */
export const RELATORIO_ITENS_MAX_DESTINATARIOS = 20;
/** Longest message of an e-mailed punch-list report. */
export const RELATORIO_ITENS_MAX_MENSAGEM = 2000;

/**
 * `GET /api/v1/obras/{obra}/itens-verificacao/relatorio.pdf`: the filters of the punch-list report
 * (each optional; `status` repeated or comma-separated).
 */
export interface RelatorioItensQuery {
  /** The responsible company's CNPJ (14 digits, punctuation allowed), as punch items reference it. */
  empresa?: string;
  disciplina?: string;
  status?: string[];
}

/** `POST /api/v1/obras/{obra}/itens-verificacao/relatorio/enviar`: e-mail a company the PDF of its open items. */
export interface EnvioRelatorioItens {
  /** The company's CNPJ (14 digits, punctuation allowed). */
  empresa: string;
  /** Recipients (at most 20); by default the company's e-mail. */
  para?: string[];
  /** A message for the e-mail's text (at most 2,000 characters). */
  mensagem?: string;
}

/** The answer (202) of the e-mailed report: who it was queued to and how many open items it carries. */
export interface EnvioRelatorioItensResposta {
  para: string[];
  itens: number;
}
