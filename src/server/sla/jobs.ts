/**
 * The SLA's frequent job (every minute, a pg-boss schedule worked by the server processes, src/server/main.ts):
 * - computes the SLA of records that never had it (demo data, rows written before the policy);
 * - marks breaches (`slaSituacao` 'Violado') of records nobody touched;
 * - tells, once per deadline, the reminder before it (when `reminderPercent` of the target's time
 *   is left) and the breach to the holder, and the escalation to the declared roles — each person
 *   in one message per pass listing all their items (issue 36).
 *
 * Each event is claimed in `sla_evento` (unique resource, id, target, kind, deadline) with
 * `insert … on conflict do nothing` in the same transaction as its stored notice: with several
 * server processes, the second claim waits for the first and then finds the key taken, so every
 * event is told exactly once; a failed transaction gives its claim back. One pass runs at a time
 * (a lease) and ends by sending the notices, one message per person (src/server/sla/notices.ts).
 */
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { portalTz } from '../db/boss';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { computeSla, readStateEvents, recomputeRecords, slaChanged, slaContext, writeSla, type SlaContext } from './engine';
import { claimDueNotices, claimedKeys, dueEvents, eventKey } from './events';
import { flushNotices, releasePass, storeNotices, takePass } from './notices';
import { randomUUID } from 'node:crypto';

export { dueEvents } from './events';

type Rec = Record<string, unknown>;

export interface SlaTickResult {
  computed: number;
  updated: number;
  /** Events claimed. */
  sent: number;
  /** Messages queued (one per person), by `slaTick`. */
  mails?: number;
  /** Another pass held the lease: this one did nothing. */
  skipped?: boolean;
}

/** One record, in its own transaction with the row locked: fresh values, breach mark, claimed events and their notices. */
async function settleRecord(db: Db, schema: EntitySchema, ctx: SlaContext, id: number, now: Date): Promise<{ updated: boolean; sent: number }> {
  return db.transaction().execute(async (trx) => {
    const r = await sql<{ row: Rec }>`select to_jsonb(t.*) as row from ${sql.table(schema.name)} t where id = ${id} for update`.execute(trx);
    if (!r.rows[0]) return { updated: false, sent: 0 };
    const raw = r.rows[0].row;
    const row = flattenExtra((typeof raw === 'string' ? JSON.parse(raw) : raw) as Rec);
    const events = (await readStateEvents(trx, schema, [id])).get(id) ?? [];
    const { values, metas } = computeSla(schema, ctx.decl, row, events, ctx.cal, now);
    const updated = slaChanged(row, values);
    if (updated) await writeSla(trx, schema, id, values);
    const { sent, byPerson } = await claimDueNotices(trx, schema, ctx, { ...row, ...values }, metas, now);
    await storeNotices(trx, byPerson);
    return { updated, sent };
  });
}

/** One pass over one entity (its notices wait for `flushNotices`, at the end of `slaTick`). */
export async function slaTickSchema(db: Db, schema: EntitySchema, now = new Date()): Promise<SlaTickResult> {
  const out: SlaTickResult = { computed: 0, updated: 0, sent: 0 };
  if (!schema.sla) return out;
  // Records that never had their SLA computed (`slaMetas` is set, possibly empty, once computed).
  out.computed = await recomputeRecords(db, schema, { where: sql`"slaMetas" is null`, now, limit: 2000 });
  const ctx = await slaContext(db, schema);
  if (!ctx) return out;
  const PAGE = 500;
  let last = 0;
  for (;;) {
    const r = await sql<{ row: Rec }>`select to_jsonb(t.*) as row from ${sql.table(schema.name)} t
      where id > ${last} and "slaSituacao" in ('Em dia', 'Pausado', 'Violado') order by id limit ${PAGE}`.execute(db);
    if (!r.rows.length) break;
    const rows = r.rows.map((x) => flattenExtra((typeof x.row === 'string' ? JSON.parse(x.row) : x.row) as Rec));
    const ids = rows.map((x) => Number(x.id));
    const history = await readStateEvents(db, schema, ids);
    const claimed = await claimedKeys(db, schema, ids);
    for (const row of rows) {
      const id = Number(row.id);
      const { values, metas } = computeSla(schema, ctx.decl, row, history.get(id) ?? [], ctx.cal, now);
      const pending = dueEvents(ctx, metas, now).some((e) => !claimed.has(eventKey(id, e.meta.meta, e.kind, e.meta.prazo!)));
      if (!pending && !slaChanged(row, values)) continue;
      try {
        const done = await settleRecord(db, schema, ctx, id, now);
        if (done.updated) out.updated++;
        out.sent += done.sent;
      } catch (e) {
        console.error(`[sla] ${schema.resource}/${id} falhou`, e);
      }
    }
    last = ids[ids.length - 1];
    if (rows.length < PAGE) break;
  }
  return out;
}

/**
 * One pass over every entity with an SLA, then one message per person with all their notices.
 * While another pass holds the lease (another process, a pass longer than a minute), nothing.
 */
export async function slaTick(db: Db, schemas: readonly EntitySchema[], now = new Date()): Promise<SlaTickResult> {
  const total: SlaTickResult = { computed: 0, updated: 0, sent: 0, mails: 0 };
  const owner = randomUUID();
  if (!(await takePass(db, owner))) return { ...total, skipped: true };
  try {
    for (const schema of schemas) {
      if (!schema.sla) continue;
      try {
        const r = await slaTickSchema(db, schema, now);
        total.computed += r.computed;
        total.updated += r.updated;
        total.sent += r.sent;
      } catch (e) {
        console.error(`[sla] ${schema.resource} falhou`, e);
      }
      await takePass(db, owner); // renewed after every entity
    }
    total.mails = await flushNotices(db);
  } finally {
    await releasePass(db, owner);
  }
  return total;
}

export const SLA_QUEUE = 'sla';

/** This process works the SLA pass, a pg-boss schedule every minute (`startEngine` first); `stop` waits for a running pass. */
export async function workSlaJob(boss: PgBoss, db: Db, schemas: readonly EntitySchema[]) {
  await boss.schedule(SLA_QUEUE, '* * * * *', null, { tz: portalTz() });
  const id = await boss.work(SLA_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    await slaTick(db, schemas);
  });
  return { stop: () => boss.offWork(SLA_QUEUE, { id, wait: true }) };
}
