/**
 * From the history to the deliveries (issue 41). Every record write inserts its `auditoria` row in
 * its own transaction, so a row seen here is committed. A pass locks the one-row cursor (FOR
 * UPDATE: one pass at a time across every process), reads the rows after it, maps each to its
 * events (resources/webhooks.ts), and for each active subscription listening to one of them inserts
 * one delivery (ON CONFLICT DO NOTHING: never twice) with its pg-boss job, advancing the cursor in
 * the same transaction. Identity ids are taken at insert, not at commit: an id below the cursor not
 * seen yet (a write still open) is kept in `lacunas` and looked for again for ten minutes.
 *
 * The record in the payload is read as the subscription's service account reads `GET
 * /api/v1/<resource>/:id` (`getRecord`): fields it may not read never appear, and a record it may
 * not read gives no delivery. A deletion carries the id only (when the account reads the kind).
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
import { WEBHOOK_QUEUE, WEBHOOK_RETRY, type WebhookJob, type WebhookRetry } from './tables';

/** How long an id below the cursor is waited for (a write that rolled back never comes). */
const GAP_WAIT_MS = 10 * 60 * 1000;
/** History rows per pass. */
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
  transicao: { name?: string } | string | null;
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
  const step = typeof row.transicao === 'string' ? (JSON.parse(row.transicao) as { name?: string }) : row.transicao;
  if (suffix === 'transicao' && step?.name) out.push(`${row.recurso}.transicao.${step.name}`);
  return out;
}

let defaultDraftStates: ReturnType<typeof draftStatesOf> | undefined;
const defaultAbilityOf = (user: PortalUser) => defineAbilityFor(user, { draftStates: (defaultDraftStates ??= draftStatesOf(SCHEMAS)) });

/** The record as the account reads it, `{ id }` for a deletion, or null when it may not read it. */
async function recordFor(trx: Db, schema: EntitySchema, actor: Actor, row: AuditRow): Promise<Record<string, unknown> | null> {
  const id = Number(row.registro_id);
  if (row.acao === 'delete') return actor.ability.can(readActionOf(schema) as never, schema.subject as never) ? { id } : null;
  try {
    return await getRecord(trx, schema, actor, String(id));
  } catch {
    return null; // 403 (not the account's) or 404 (deleted since)
  }
}

/** One pass: the history after the cursor becomes deliveries. Returns how many were queued. */
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
    const last = Number(cursor.ultimo);
    const gaps = new Map(Object.entries(typeof cursor.lacunas === 'string' ? (JSON.parse(cursor.lacunas) as Record<string, string>) : cursor.lacunas));
    const gapIds = [...gaps.keys()].map(Number);
    const rows = (
      await sql<AuditRow>`select id, recurso, registro_id, acao, usuario, em, transicao from auditoria
      where id > ${last} or id = any(${`{${gapIds.join(',')}}`}::bigint[]) order by id limit ${BATCH}`.execute(trx)
    ).rows;
    if (!rows.length) return 0;
    // The new position, the ids skipped on the way, the gaps now seen or waited for too long.
    const seen = new Set(rows.map((r) => Number(r.id)));
    const top = Math.max(last, ...seen);
    const now = Date.now();
    for (const id of seen) gaps.delete(String(id));
    if (top - last - seen.size < 1000) for (let id = last + 1; id < top; id++) if (!seen.has(id)) gaps.set(String(id), new Date(now).toISOString());
    for (const [id, since] of gaps) if (now - Date.parse(since) > GAP_WAIT_MS) gaps.delete(id);
    await sql`update webhook_cursor set ultimo = ${top}, lacunas = cast(${JSON.stringify(Object.fromEntries(gaps))} as jsonb) where id = 1`.execute(trx);

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
    for (const row of rows) {
      const schema = schemas.find((s) => s.resource === row.recurso);
      const events = eventsOf(row);
      if (!schema || !events.length) continue;
      for (const sub of subs) {
        const evento = events.find((e) => sub.eventos.includes(e));
        if (!evento || new Date(row.em).getTime() < new Date(sub.created_at).getTime()) continue;
        const actor = await actorOf(sub.conta_id);
        const registro = actor && (await recordFor(trx, schema, actor, row));
        if (!registro) continue;
        const payload: WebhookPayload = {
          id: `auditoria-${row.id}`,
          evento,
          em: new Date(row.em).toISOString(),
          ator: row.usuario ? { nome: row.usuario, email: row.usuario } : { nome: 'Sistema' },
          recurso: row.recurso,
          registro,
        };
        queued += (await queueDelivery(trx, sub.id, payload, Number(row.id), retry)) ? 1 : 0;
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
