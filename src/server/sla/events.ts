/**
 * The SLA's events (reminder, breach, escalation) of one record: which are due now, and claiming
 * them once per deadline. The claim is a row of `sla_evento` (unique resource, id, target, kind,
 * deadline) inserted with `on conflict do nothing` in the caller's transaction, with what it
 * tells: a concurrent claimer waits for the first and then finds the key taken; a rolled-back
 * transaction gives its claim back. A write (src/server/sla/engine.ts `applySla`: a record written
 * already late) queues its record's e-mails at once; the frequent pass (src/server/sla/jobs.ts)
 * stores its notices and sends each person one message at its end (src/server/sla/notices.ts). The
 * breaches a transaction claims for a record are told, in that transaction, to the features that
 * listen (`onSlaBreach`, from src/server/modules/register.ts: the webhook event `sla.estourado`).
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { recipients } from '../workflow/notify';
import { businessMinutesBetween, type BusinessCalendar } from './calendar';
import type { SlaDecl, SlaMeta } from '../../../schemas/sla-types';
import { escalationRecipients, noticeOf, queueSlaMails, withoutExternal, type SlaEventKind, type SlaNotice } from './mail';

/** A deadline of a record as the engine computed it (src/server/sla/engine.ts). */
export interface ComputedMeta extends SlaMeta {
  /** The clock's start and its length in business minutes (the reminder is a share of it). */
  start: string;
  totalMin: number;
  /** Still running (not fulfilled, not dropped). */
  open: boolean;
}

interface DueEvent {
  meta: ComputedMeta;
  kind: SlaEventKind;
}

/** The events due now for a record's targets (before looking at what was already sent). */
export function dueEvents(ctx: { decl: SlaDecl; cal: BusinessCalendar }, metas: ComputedMeta[], now: Date): DueEvent[] {
  const out: DueEvent[] = [];
  for (const m of metas) {
    if (!m.open || !m.prazo) continue;
    if (m.violado) {
      out.push({ meta: m, kind: 'violacao' });
      if (ctx.decl.escalateTo?.roles.length || ctx.decl.escalateTo?.manager) out.push({ meta: m, kind: 'escalonamento' });
      continue;
    }
    if (m.pausado) continue;
    const pct = ctx.decl.reminderPercent ?? 0;
    if (pct > 0 && m.totalMin > 0 && businessMinutesBetween(ctx.cal, now, new Date(m.prazo)) <= (m.totalMin * pct) / 100)
      out.push({ meta: m, kind: 'lembrete' });
  }
  return out;
}

/** A feature's part in a breach of record `id`, in the transaction that claims it. */
export type SlaBreachListener = (trx: Db, schema: EntitySchema, id: number) => Promise<void>;
const breachListeners: SlaBreachListener[] = [];

/** Registers what a feature does with each breach claimed (once per record and claiming transaction). */
export function onSlaBreach(listener: SlaBreachListener): void {
  if (!breachListeners.includes(listener)) breachListeners.push(listener);
}

export const eventKey = (id: number, meta: string, kind: string, prazo: string) => `${id}|${meta}|${kind}|${Date.parse(prazo)}`;

export async function claimedKeys(db: Db, schema: EntitySchema, ids: number[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const r = await sql<{ registro_id: string | number; meta: string; tipo: string; prazo: string | Date }>`
    select registro_id, meta, tipo, prazo from sla_evento where recurso = ${schema.resource} and registro_id in (${sql.join(ids)})`.execute(db);
  return new Set(r.rows.map((x) => eventKey(Number(x.registro_id), x.meta, x.tipo, new Date(x.prazo).toISOString())));
}

/** Claims one event; true when this transaction is the one that sends it. */
async function claim(trx: Db, schema: EntitySchema, id: number, meta: string, kind: string, prazo: string): Promise<boolean> {
  const r = await sql`insert into sla_evento (recurso, registro_id, meta, tipo, prazo)
    values (${schema.resource}, ${id}, ${meta}, ${kind}, cast(${prazo} as timestamptz))
    on conflict do nothing returning meta`.execute(trx);
  return r.rows.length > 0;
}

/** Who took the step that put the record in its current state (the last transition's author), if anyone. */
async function handedBy(trx: Db, schema: EntitySchema, id: number): Promise<string[]> {
  const r = await sql<{ usuario: string | null }>`
    select usuario from auditoria where recurso = ${schema.resource} and registro_id = ${id} and acao = 'transition'
    order by id desc limit 1`.execute(trx);
  const who = r.rows[0]?.usuario;
  return who ? [who.toLowerCase()] : [];
}

/**
 * Claims the events due now and returns, per person, what to tell them (one notice per record and
 * kind of event: the targets of one record that reached the same event go on one line). `sent`:
 * how many events this transaction claimed.
 */
export async function claimDueNotices(
  trx: Db,
  schema: EntitySchema,
  ctx: { decl: SlaDecl; cal: BusinessCalendar },
  row: Record<string, unknown>,
  metas: ComputedMeta[],
  now: Date,
): Promise<{ sent: number; byPerson: Map<string, SlaNotice[]> }> {
  const byPerson = new Map<string, SlaNotice[]>();
  const due = dueEvents(ctx, metas, now);
  if (!due.length) return { sent: 0, byPerson };
  const id = Number(row.id);
  let sent = 0;
  const byKind = new Map<DueEvent['kind'], { label: string; prazo: string }[]>();
  for (const e of due) {
    if (!(await claim(trx, schema, id, e.meta.meta, e.kind, e.meta.prazo!))) continue;
    byKind.set(e.kind, [...(byKind.get(e.kind) ?? []), { label: e.meta.label, prazo: e.meta.prazo! }]);
    sent++;
  }
  if (!byKind.size) return { sent: 0, byPerson };
  // What the features do with a breach, with its claim, so once (the webhook event `sla.estourado`, issue 41).
  if (byKind.has('violacao')) for (const listener of breachListeners) await listener(trx, schema, id);
  // The holders as staff: an external holder (a client approving) is never told of the company's
  // clock; while a partner holds the item, the staff member who handed it to them is told instead.
  let holders = await withoutExternal(trx, schema.workflow ? await recipients(trx, schema, row) : []);
  if (!holders.length) holders = await withoutExternal(trx, await handedBy(trx, schema, id));
  for (const [kind, claimed] of byKind) {
    const to = kind === 'escalonamento' ? await escalationRecipients(trx, ctx.decl.escalateTo, holders) : holders;
    const notice = noticeOf(schema, row, kind, claimed, holders);
    for (const person of new Set(to.map((m) => m.toLowerCase()))) byPerson.set(person, [...(byPerson.get(person) ?? []), notice]);
  }
  return { sent, byPerson };
}

/** A write that finds events already due sends them at once: one message per person, for this record. */
export async function sendDueEvents(
  trx: Db,
  schema: EntitySchema,
  ctx: { decl: SlaDecl; cal: BusinessCalendar },
  row: Record<string, unknown>,
  metas: ComputedMeta[],
  now: Date,
): Promise<number> {
  const { sent, byPerson } = await claimDueNotices(trx, schema, ctx, row, metas, now);
  await queueSlaMails(trx, byPerson);
  return sent;
}
