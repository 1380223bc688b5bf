/**
 * From the history to the deliveries (issue 41). Every record write inserts its `auditoria` row in
 * its own transaction, so a row seen here is committed. A pass locks the one-row cursor (FOR
 * UPDATE: one pass at a time across every process), reads the rows after it, maps each to its
 * events (resources/webhooks.ts), and for each active subscription listening to one of them inserts
 * one delivery (ON CONFLICT DO NOTHING: never twice) with its pg-boss job, advancing the cursor in
 * the same transaction. Identity ids are taken at insert, not at commit: an id below the cursor not
 * seen yet (a write still open) is kept in `lacunas` and looked for again for ten minutes. The same
 * pass takes the named events committed so far (`webhook_evento`, events.ts), deleting them as it
 * queues their deliveries, and recognises a step into a group of states as its named event (an RDO
 * concluded), a delivery of its own beside the step's.
 *
 * The record in the payload is read as the subscription's service account reads `GET
 * /api/v1/<resource>/:id` (`getRecord`): fields it may not read never appear, and a record it may
 * not read gives no delivery. A deletion carries the id only (when the account reads the kind). An
 * import run is its summary as `GET /api/v1/importacoes/:id` answers it, to its sender or an administrator.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { fromKysely } from 'pg-boss';
import { SCHEMAS } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { WEBHOOK_ACTION_SUFFIX, type WebhookPayload } from '../../../resources/webhooks';
import { defineAbilityFor, draftStatesOf, type AppAbility } from '../../access/ability';
import type { PortalUser } from '../../access/user';
import type { Db } from '../db/connect';
import { bossOf } from '../db/boss';
import { getRecord, readActionOf, type Actor } from '../crud/repository';
import { accountUser } from '../service-accounts/authenticate';
import { eventSubjectReader, stateEventsOf, stepOf, type StoredStep } from './events';
import { WEBHOOK_QUEUE, WEBHOOK_RETRY, type WebhookJob, type WebhookRetry } from './tables';

/** How long an id below the cursor is waited for (a write that rolled back never comes). */
const GAP_WAIT_MS = 10 * 60 * 1000;
/** History rows (and named events) per pass. */
const BATCH = 500;

export interface OutboxOptions {
  /** The schemas in force (default: the shipped ones). */
  schemas?: () => readonly EntitySchema[];
  /** A user's ability (default: `defineAbilityFor` with the shipped workflows' draft states). */
  abilityOf?: (user: PortalUser) => AppAbility;
  /** Retries of each delivery's job (default WEBHOOK_RETRY: about 24 hours). */
  retry?: WebhookRetry;
}

interface AuditRow {
  id: string;
  recurso: string;
  registro_id: string;
  acao: string;
  usuario: string | null;
  em: Date | string;
  transicao: StoredStep;
}

interface NamedRow {
  id: string;
  evento: string;
  recurso: string;
  registro_id: string;
  usuario: string | null;
  usuario_nome: string | null;
  em: Date | string;
}

/** One event of a pass: each subscription listening to one of `names` gets one delivery of it. */
interface OutboxEvent {
  /** The payload's id (the delivery's key per subscription). */
  id: string;
  /** The names it is heard by, the most general first: the first a subscription listens to names its delivery. */
  names: string[];
  recurso: string;
  registroId: number;
  deleted: boolean;
  usuario: string | null;
  nome: string | null;
  em: Date | string;
  auditId: number | null;
}

interface Subscription {
  id: string;
  eventos: string[];
  conta_id: string;
  created_at: Date | string;
}

/** The events of one history row: `<resource>.<suffix>` and, for a step, `<resource>.transicao.<name>`. */
export function eventsOf(row: Pick<AuditRow, 'recurso' | 'acao' | 'transicao'>): string[] {
  const suffix = WEBHOOK_ACTION_SUFFIX[row.acao];
  if (!suffix) return [];
  const out = [`${row.recurso}.${suffix}`];
  const step = stepOf(row.transicao);
  if (suffix === 'transicao' && step?.name) out.push(`${row.recurso}.transicao.${step.name}`);
  return out;
}

/** A history row's events: its record event and, for a step into a group of states, that named event apart. */
function fromHistory(row: AuditRow): OutboxEvent[] {
  const base = {
    recurso: row.recurso,
    registroId: Number(row.registro_id),
    deleted: row.acao === 'delete',
    usuario: row.usuario,
    nome: row.usuario,
    em: row.em,
    auditId: Number(row.id),
  };
  const names = eventsOf(row);
  return [
    ...(names.length ? [{ ...base, id: `auditoria-${row.id}`, names }] : []),
    ...stateEventsOf(row).map((e) => ({ ...base, id: `auditoria-${row.id}-${e}`, names: [e] })),
  ];
}

const fromNamed = (row: NamedRow): OutboxEvent => ({
  id: `evento-${row.id}`,
  names: [row.evento],
  recurso: row.recurso,
  registroId: Number(row.registro_id),
  deleted: false,
  usuario: row.usuario,
  nome: row.usuario_nome ?? row.usuario,
  em: row.em,
  auditId: null,
});

let defaultDraftStates: ReturnType<typeof draftStatesOf> | undefined;
const defaultAbilityOf = (user: PortalUser) => defineAbilityFor(user, { draftStates: (defaultDraftStates ??= draftStatesOf(SCHEMAS)) });

/** The record as the account reads it, `{ id }` for a deletion, or null when it may not read it. */
async function recordFor(trx: Db, schemas: readonly EntitySchema[], actor: Actor, ev: OutboxEvent): Promise<Record<string, unknown> | null> {
  const id = ev.registroId;
  const reader = eventSubjectReader(ev.recurso); // an import run (src/server/import/webhook-reader.ts)
  try {
    if (reader) return await reader(trx, id, actor, schemas);
    const schema = schemas.find((s) => s.resource === ev.recurso);
    if (!schema) return null;
    if (ev.deleted) return actor.ability.can(readActionOf(schema) as never, schema.subject as never) ? { id } : null;
    return await getRecord(trx, schema, actor, String(id));
  } catch {
    return null; // 403 (not the account's) or 404 (deleted since)
  }
}

/** The history rows after the cursor (and the ids it still waits for), the cursor moved past them. */
async function historyAfter(trx: Db, cursor: { ultimo: string; lacunas: Record<string, string> | string }): Promise<AuditRow[]> {
  const last = Number(cursor.ultimo);
  const gaps = new Map(Object.entries(typeof cursor.lacunas === 'string' ? (JSON.parse(cursor.lacunas) as Record<string, string>) : cursor.lacunas));
  const gapIds = [...gaps.keys()].map(Number);
  const rows = (
    await sql<AuditRow>`select id, recurso, registro_id, acao, usuario, em, transicao from auditoria
    where id > ${last} or id = any(${`{${gapIds.join(',')}}`}::bigint[]) order by id limit ${BATCH}`.execute(trx)
  ).rows;
  if (!rows.length) return rows;
  // The new position, the ids skipped on the way, the gaps now seen or waited for too long.
  const seen = new Set(rows.map((r) => Number(r.id)));
  const top = Math.max(last, ...seen);
  const now = Date.now();
  for (const id of seen) gaps.delete(String(id));
  if (top - last - seen.size < 1000) for (let id = last + 1; id < top; id++) if (!seen.has(id)) gaps.set(String(id), new Date(now).toISOString());
  for (const [id, since] of gaps) if (now - Date.parse(since) > GAP_WAIT_MS) gaps.delete(id);
  await sql`update webhook_cursor set ultimo = ${top}, lacunas = cast(${JSON.stringify(Object.fromEntries(gaps))} as jsonb) where id = 1`.execute(trx);
  return rows;
}

/** One pass: the history after the cursor and the named events committed become deliveries. Returns how many were queued. */
export async function scanOutbox(db: Db, opts: OutboxOptions = {}): Promise<number> {
  const boss = bossOf(db);
  if (!boss) return 0;
  const retry = opts.retry ?? WEBHOOK_RETRY;
  const schemas = opts.schemas?.() ?? SCHEMAS;
  const abilityOf = opts.abilityOf ?? defaultAbilityOf;
  return db.transaction().execute(async (trx) => {
    const cursor = (
      await sql<{ ultimo: string; lacunas: Record<string, string> | string }>`
      select ultimo, lacunas from webhook_cursor where id = 1 for update`.execute(trx)
    ).rows[0];
    if (!cursor) return 0;
    const history = await historyAfter(trx, cursor);
    // Taken under the cursor's lock, so by this pass alone; back in the table if the pass rolls back.
    const named = (
      await sql<NamedRow>`delete from webhook_evento where id in (select id from webhook_evento order by id limit ${BATCH})
      returning id, evento, recurso, registro_id, usuario, usuario_nome, em`.execute(trx)
    ).rows.sort((a, b) => Number(a.id) - Number(b.id));
    const events = [...history.flatMap(fromHistory), ...named.map(fromNamed)];
    if (!events.length) return 0;

    const subs = (await sql<Subscription>`select id, eventos, conta_id, created_at from webhook where situacao = 'ativo'`.execute(trx)).rows;
    if (!subs.length) return 0;
    const actors = new Map<string, Actor | null>();
    const actorOf = async (contaId: string) => {
      if (!actors.has(contaId)) {
        const user = await accountUser(trx, Number(contaId));
        actors.set(contaId, user ? { email: user.email, name: user.name, ability: abilityOf(user), roles: user.roles } : null);
      }
      return actors.get(contaId) ?? null;
    };
    let queued = 0;
    for (const ev of events) {
      for (const sub of subs) {
        const evento = ev.names.find((e) => sub.eventos.includes(e));
        if (!evento || new Date(ev.em).getTime() < new Date(sub.created_at).getTime()) continue;
        const actor = await actorOf(sub.conta_id);
        const registro = actor && (await recordFor(trx, schemas, actor, ev));
        if (!registro) continue;
        const payload: WebhookPayload = {
          id: ev.id,
          evento,
          em: new Date(ev.em).toISOString(),
          ator: ev.usuario ? { nome: ev.nome ?? ev.usuario, email: ev.usuario } : { nome: 'Sistema' },
          recurso: ev.recurso,
          registro,
        };
        queued += (await queueDelivery(trx, sub.id, payload, ev.auditId, retry)) ? 1 : 0;
      }
    }
    return queued;
  });
}

/** Inserts one delivery (nothing when the event was already queued for it) and sends its job. */
export async function queueDelivery(trx: Db, webhookId: string, payload: WebhookPayload, auditId: number | null, retry: WebhookRetry): Promise<boolean> {
  const boss = bossOf(trx);
  const jobId = randomUUID();
  const r = await sql<{ id: string }>`insert into webhook_entrega (webhook_id, evento_id, auditoria_id, evento, payload, job_id)
    values (${webhookId}, ${payload.id}, ${auditId}, ${payload.evento}, cast(${JSON.stringify(payload)} as jsonb), ${boss ? jobId : null})
    on conflict (webhook_id, evento_id) do nothing returning id`.execute(trx);
  const id = r.rows[0]?.id;
  if (!id) return false;
  if (boss) await sendDeliveryJob(trx, String(id), jobId, retry);
  return true;
}

/** The job of delivery `id`, in the caller's transaction, with the retries given. */
export async function sendDeliveryJob(trx: Db, id: string, jobId: string, retry: WebhookRetry): Promise<void> {
  await bossOf(trx)!.send(WEBHOOK_QUEUE, { id } satisfies WebhookJob, {
    id: jobId,
    db: fromKysely(trx),
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: retry.maxDelaySeconds,
  });
}
