/**
 * Signed webhooks (issue 41): the event catalogue, declared once so the subscription's validation,
 * the admin screen and the OpenAPI `webhooks` section all come from it. Record events are
 * `<resource>.<suffix>`; the other events are listed by name.
 */

/** The suffixes of a record's events, from the audit trail's actions. */
export const WEBHOOK_RECORD_EVENTS = {
  criado: 'Registro criado',
  alterado: 'Registro alterado',
  excluido: 'Registro excluído',
  restaurado: 'Registro restaurado',
  transicao: 'Transição de fluxo',
} as const;

/** The events that are not a record's write. */
export const WEBHOOK_OTHER_EVENTS = {
  'sla.estourado': 'Prazo de SLA estourado',
  'diarios.concluido': 'Diário de obra concluído',
  'diarios.assinado': 'Diário de obra assinado',
  'importacao.concluida': 'Importação concluída',
  ping: 'Teste de entrega',
} as const;

/** The audit trail's action → the event suffix ('revert' writes fields back: a change). */
export const WEBHOOK_ACTION_SUFFIX: Record<string, keyof typeof WEBHOOK_RECORD_EVENTS> = {
  create: 'criado',
  update: 'alterado',
  revert: 'alterado',
  delete: 'excluido',
  restore: 'restaurado',
  transition: 'transicao',
};

/** A transition's name as it may appear in an event (`<resource>.transicao.<name>`). */
const TRANSITION_NAME = /^[a-z0-9_-]{1,60}$/i;

/** Whether `name` is an event of the catalogue, given the resources that exist. */
export function isWebhookEvent(name: string, resources: readonly string[]): boolean {
  if (name in WEBHOOK_OTHER_EVENTS) return true;
  const resource = resources.find((r) => name.startsWith(`${r}.`));
  if (!resource) return false;
  const rest = name.slice(resource.length + 1).split('.');
  if (rest.length === 1) return rest[0] in WEBHOOK_RECORD_EVENTS;
  return rest.length === 2 && rest[0] === 'transicao' && TRANSITION_NAME.test(rest[1]);
}

/** The header names of a delivery. */
export const WEBHOOK_HEADERS = {
  id: 'Portal-Webhook-Id',
  timestamp: 'Portal-Webhook-Timestamp',
  signature: 'Portal-Webhook-Signature',
} as const;

/** A delivery's body. */
export interface WebhookPayload {
  id: string;
  evento: string;
  em: string;
  ator: { nome: string; email?: string };
  recurso: string | null;
  /** The record as the subscription's service account may read it; `{ id }` for a deletion. */
  registro: Record<string, unknown> | null;
}

/** Limits of a subscription's fields. */
export const WEBHOOK_LIMITS = { nome: 120, url: 2000, eventos: 100, segredoMin: 32, segredoMax: 200, carenciaHorasMax: 168 } as const;

/** A subscription as the admin routes answer it (`segredo` only in the answers that set it). */
export interface Webhook {
  id: number;
  nome: string;
  url: string;
  eventos: string[];
  contaServico: number;
  situacao: 'ativo' | 'pausado';
  falhasConsecutivas: number;
  dono: string;
  /** Until when the previous secret still signs the deliveries (a rotation's grace period). */
  segredoAnteriorAte: string | null;
  createdAt: string;
  updatedAt: string;
  segredo?: string;
}

/** `POST /api/v1/webhooks` (and `PATCH`, every field optional). */
export interface WebhookInput {
  nome: string;
  url: string;
  eventos: string[];
  contaServico: number;
  /** At least 32 characters; generated when absent. */
  segredo?: string;
}

/** `POST /api/v1/webhooks/:id/rotacionar-segredo`. */
export interface WebhookRotation {
  segredo?: string;
  /** Hours the previous secret keeps signing (default 24, at most 168). */
  carenciaHoras?: number;
}

/** One entry of a subscription's delivery log. */
export interface WebhookDelivery {
  id: number;
  eventoId: string;
  evento: string;
  situacao: 'pendente' | 'entregue' | 'falhou' | 'desistiu';
  tentativas: number;
  statusHttp: number | null;
  duracaoMs: number | null;
  /** The answer's first bytes (at most 1 KB). */
  resposta: string | null;
  erro: string | null;
  criadaEm: string;
  ultimaTentativaEm: string | null;
  entregueEm: string | null;
  payload: WebhookPayload;
}
