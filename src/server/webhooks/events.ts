/**
 * The webhook events that are not a record's write (issue 41, resources/webhooks.ts
 * `WEBHOOK_OTHER_EVENTS`), on the same outbox as the history's (outbox.ts):
 * - an event with its own moment — an SLA breached (with its claim in src/server/sla/events.ts, by
 *   the listener src/server/modules/register.ts registers), an RDO signed (with the signature,
 *   src/server/signatures/routes.ts), an import finished (with its end, src/server/import/job.ts) —
 *   is one `webhook_evento` row written by
 *   `emitWebhookEvent` in the transaction of that write: it exists if and only if the write committed.
 *   The outbox's pass, under its cursor's lock, turns the rows committed so far into deliveries and
 *   deletes them in one transaction, so none is lost and none is queued twice. A row is written only
 *   while an active subscription listens to its event: a subscription hears of what follows it, and a
 *   paused one of nothing in the meantime, as with the history's events;
 * - an event that is a workflow step into a group of states — an RDO concluded — needs no row: the
 *   step's history entry is it, recognised by the outbox (`stateEventsOf`).
 */
import { sql } from 'kysely';
import { RDO_CONCLUDED } from '../../../schemas/diario';
import { WEBHOOK_OTHER_EVENTS } from '../../../resources/webhooks';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { Actor } from '../crud/record-access';

/** The catalogue's named events an outbox delivers (`ping` is sent by "Enviar teste" alone). */
export type NamedWebhookEvent = Exclude<keyof typeof WEBHOOK_OTHER_EVENTS, 'ping'>;

export const isNamedWebhookEvent = (name: string): name is NamedWebhookEvent => name !== 'ping' && name in WEBHOOK_OTHER_EVENTS;

/** The API resource of the import runs (`GET /api/v1/importacoes/{id}`), the record of `importacao.concluida`. */
export const IMPORTS_RESOURCE = 'importacoes';

/**
 * How the outbox reads the subject of a named event that is no entity's record — an import run
 * (`IMPORTS_RESOURCE`) — as the subscription's account reads it; throws when the account may not.
 * Registered by the feature that owns it (src/server/import/webhook-reader.ts), which sits above the
 * webhooks.
 */
export type EventSubjectReader = (trx: Db, id: number, actor: Actor, schemas: readonly EntitySchema[]) => Promise<Record<string, unknown>>;

const subjectReaders = new Map<string, EventSubjectReader>();

export function registerEventSubjectReader(recurso: string, reader: EventSubjectReader): void {
  subjectReaders.set(recurso, reader);
}

/** The reader of `recurso`'s events; an import's event without its reader is a wiring error. */
export function eventSubjectReader(recurso: string): EventSubjectReader | undefined {
  const reader = subjectReaders.get(recurso);
  if (!reader && recurso === IMPORTS_RESOURCE) throw new Error('Webhook reader of the imports not registered: import src/server/modules/register.ts.');
  return reader;
}

/** The events a workflow step raises when it takes a record of `recurso` into `estados` from outside them. */
export const STATE_EVENTS: readonly { evento: NamedWebhookEvent; recurso: string; estados: readonly string[] }[] = [
  // "Concluir diário", or an administrator's "Alterar situação" into a concluded state; approving a report in review is not a new conclusion.
  { evento: 'diarios.concluido', recurso: 'diarios', estados: RDO_CONCLUDED },
];

/** A history entry's step as stored (jsonb, text on some drivers). */
export type StoredStep = { name?: string; from?: string | null; to?: string | null } | string | null;
export const stepOf = (t: StoredStep) => (typeof t === 'string' ? (JSON.parse(t) as Exclude<StoredStep, string>) : t);

/** The named events of a history entry: a step into one of `STATE_EVENTS`' groups. */
export function stateEventsOf(row: { recurso: string; acao: string; transicao: StoredStep }): NamedWebhookEvent[] {
  if (row.acao !== 'transition') return [];
  const step = stepOf(row.transicao);
  return STATE_EVENTS.filter((s) => s.recurso === row.recurso && !!step?.to && s.estados.includes(step.to) && !s.estados.includes(step.from ?? '')).map(
    (s) => s.evento,
  );
}

export interface WebhookEventInput {
  evento: NamedWebhookEvent;
  /** The API resource whose record the payload carries (read with the subscription's account's rights), and its id. */
  recurso: string;
  registroId: number;
  /** Who made it (e-mail and name); none: the system (a clock). */
  usuario?: string | null;
  nome?: string | null;
}

/** Records the event in the caller's transaction, when an active subscription listens to it. */
export async function emitWebhookEvent(trx: Db, e: WebhookEventInput): Promise<void> {
  await sql`insert into webhook_evento (evento, recurso, registro_id, usuario, usuario_nome)
    select cast(${e.evento} as text), cast(${e.recurso} as text), cast(${e.registroId} as bigint), cast(${e.usuario ?? null} as text),
      cast(${e.nome ?? null} as text)
    where exists (select 1 from webhook where situacao = 'ativo' and cast(${e.evento} as text) = any(eventos))`.execute(trx);
}
