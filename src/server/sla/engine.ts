/**
 * The SLA engine: from a record, its state history (the `auditoria` entries of its creation and
 * transitions) and the business calendar, each target's deadline, time on hold and result, stored
 * on the record's `sla*` fields (schemas/shared/sla.ts). Called in the write's transaction by the
 * repository (create, update) and the transition endpoint (which also send the events already due,
 * src/server/sla/events.ts), by the migration for existing records and by the frequent job
 * (src/server/sla/jobs.ts), which marks breaches and sends the events of records nobody touched.
 *
 * The clock: a target starts at the record's start (its `startField`, else its creation) or, for a
 * stage target, at its latest entry into one of its `from` states; it stops on hold while the
 * record is in a `pauseIn` state (and, for a resolution, in a fulfilling state it later left: a
 * reopening); it ends when fulfilled. A target still open when the record reaches a final state
 * that does not fulfil it (a cancellation) is dropped.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { SlaDecl, SlaMeta, SlaSituacao, SlaTarget } from '../../../schemas/sla-types';
import type { Db } from '../db/connect';
import { flattenExtra, toColumnValues } from '../db/columns';
import { addBusinessDays, businessMinutesBetween, deadlineWithPauses, localToInstant, type BusinessCalendar } from './calendar';
import { loadCalendar } from './calendar-config';
import { effectiveSla, policyFor } from './policy';
import { sendDueEvents, type ComputedMeta } from './events';

export type { ComputedMeta };

type Rec = Record<string, unknown>;

/** The record's state over a period ([from, to), `to` null: still in it). */
export interface StateSpan {
  state: string;
  from: Date;
  to: Date | null;
}

/** A state change as the history keeps it. */
export interface StateEvent {
  at: Date;
  from: string | null;
  to: string;
}

/** The stored SLA fields of a record. */
export interface SlaValues {
  slaPrazo: string | null;
  slaSituacao: SlaSituacao | null;
  slaPausaMin: number | null;
  slaMetas: SlaMeta[] | null;
}

/** A computed target, with what the job needs beyond the stored row. */
export interface SlaResult {
  values: SlaValues;
  metas: ComputedMeta[];
}

const toDate = (v: unknown): Date | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = new Date(String(v).length === 10 ? `${String(v)}T00:00:00Z` : String(v));
  return Number.isNaN(d.getTime()) ? null : d;
};

/** When the record's clock starts: its `startField` (a date at the start of its local day), else its creation. */
export function recordStart(decl: SlaDecl, row: Rec, cal: BusinessCalendar): Date {
  const v = decl.startField ? row[decl.startField] : null;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(localToInstant(cal.timeZone, v, 0));
  return toDate(v) ?? toDate(row.created_at) ?? new Date();
}

/**
 * The states the record went through from `start`: the history's events in order (earlier ones
 * count from `start`); without history (demo data, records imported), the current state since `start`.
 */
export function stateTimeline(current: string, initial: string, start: Date, events: StateEvent[]): StateSpan[] {
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = sorted[0]?.from ?? (sorted.length ? initial : current);
  const spans: StateSpan[] = [{ state: first, from: start, to: null }];
  for (const e of sorted) {
    const at = e.at < start ? start : e.at;
    const last = spans[spans.length - 1];
    if (e.to === last.state) continue;
    last.to = at;
    spans.push({ state: e.to, from: at, to: null });
  }
  return spans.filter((s) => s.to === null || s.to > s.from);
}

/** The end of a local date's day in the calendar's zone (a due date is met until its last minute). */
function endOfLocalDay(cal: BusinessCalendar, iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return new Date(localToInstant(cal.timeZone, next, 0) - 1);
}

const overlap = (s: StateSpan, from: Date, to: Date | null) => ({
  from: s.from < from ? from : s.from,
  to: to && (s.to === null || s.to > to) ? to : s.to,
});

interface Clock {
  start: Date;
  fulfilledAt: Date | null;
  pauses: { from: Date; to: Date | null }[];
  dropped: boolean;
}

/** Where a target's clock starts, ends and stops, from the state timeline. */
function clockOf(target: SlaTarget, decl: SlaDecl, finals: Set<string>, initial: string, spans: StateSpan[], recordStartAt: Date): Clock | null {
  let start = recordStartAt;
  let fulfil: (state: string) => boolean;
  let once = false;
  if (target.kind === 'estado') {
    const from = new Set(target.from ?? []);
    const entry = [...spans].reverse().find((s, i, rev) => from.has(s.state) && !(rev[i + 1] && from.has(rev[i + 1].state)));
    if (!entry) return null; // never in the stage
    start = entry.from;
    fulfil = target.fulfilIn?.length ? (st) => target.fulfilIn!.includes(st) : (st) => !from.has(st);
    once = true;
  } else if (target.kind === 'primeira-resposta') {
    fulfil = target.fulfilIn?.length ? (st) => target.fulfilIn!.includes(st) : (st) => st !== initial;
    once = true;
  } else {
    fulfil = (st) => (target.fulfilIn ?? []).includes(st);
  }
  const pauseIn = new Set(decl.pauseIn ?? []);
  const clock: Clock = { start, fulfilledAt: null, pauses: [], dropped: false };
  for (const s of spans) {
    if (s.to !== null && s.to <= start) continue;
    const iv = overlap(s, start, null);
    // A final state that does not fulfil the target (a cancellation) ends it without a result.
    if (finals.has(s.state) && !(target.fulfilIn ?? []).includes(s.state)) {
      clock.dropped = true;
      break;
    }
    if (fulfil(s.state)) {
      if (once || s.to === null) {
        clock.fulfilledAt = iv.from;
        break;
      }
      clock.pauses.push(iv); // fulfilled, then reopened: the time in between is not counted
      continue;
    }
    if (pauseIn.has(s.state)) clock.pauses.push(iv);
  }
  return clock;
}

/** The SLA of one record at `now` (pure: the caller reads the history and the calendar). */
export function computeSla(schema: EntitySchema, decl: SlaDecl, row: Rec, events: StateEvent[], cal: BusinessCalendar, now: Date): SlaResult {
  const wf = schema.workflow;
  const policy = policyFor(decl, row);
  if (!wf || !policy) return { values: { slaPrazo: null, slaSituacao: null, slaPausaMin: null, slaMetas: [] }, metas: [] };
  const start = recordStart(decl, row, cal);
  const spans = stateTimeline(String(row[wf.field] ?? wf.initial), wf.initial, start, events);
  const finals = new Set(wf.states.filter((s) => s.final).map((s) => s.value));
  const metas: ComputedMeta[] = [];
  let pausedMin = 0;
  for (const target of policy.targets) {
    const clock = clockOf(target, decl, finals, wf.initial, spans, start);
    if (!clock || clock.dropped) continue;
    const doneAt = target.doneAtField ? new Date(String(row[target.doneAtField] ?? '')) : undefined;
    if (doneAt && !Number.isNaN(doneAt.getTime()) && doneAt >= clock.start && (!clock.fulfilledAt || doneAt < clock.fulfilledAt)) clock.fulfilledAt = doneAt;
    const end = clock.fulfilledAt ?? now;
    const pauses = clock.pauses.map((p) => ({ from: p.from, to: p.to && p.to > end ? end : p.to }));
    const paused = !clock.fulfilledAt && pauses.some((p) => p.to === null);
    let prazo: Date | null;
    let totalMin: number;
    if (target.dueField) {
      const due = row[target.dueField];
      if (typeof due !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(due)) continue; // no date yet: nothing to measure
      prazo = endOfLocalDay(cal, due);
      totalMin = Math.max(0, businessMinutesBetween(cal, clock.start, prazo));
    } else {
      const amount = target.amount ?? 0;
      totalMin = target.unit === 'dias' ? businessMinutesBetween(cal, clock.start, addBusinessDays(cal, clock.start, amount)) : amount * 60;
      prazo = deadlineWithPauses(cal, clock.start, totalMin, pauses);
    }
    const onHold = pauses.reduce((n, p) => n + Math.max(0, businessMinutesBetween(cal, p.from, p.to ?? end)), 0);
    pausedMin = Math.max(pausedMin, onHold); // the record's time on hold (targets share the same pauses)
    // While on hold the deadline is unknown, unless it had already passed before the pause began.
    let breachedBefore: Date | null = null;
    if (prazo === null) {
      const openPause = pauses.find((p) => p.to === null)!;
      const closed = pauses.map((p) => (p === openPause ? { from: p.from, to: p.from } : p));
      const wouldBe = deadlineWithPauses(cal, clock.start, totalMin, closed);
      if (wouldBe && wouldBe < openPause.from) breachedBefore = wouldBe;
    }
    const shown = prazo ?? breachedBefore;
    const violado = clock.fulfilledAt ? !!shown && clock.fulfilledAt > shown : !!shown && now > shown;
    metas.push({
      meta: target.key,
      label: target.label,
      prazo: shown ? shown.toISOString() : null,
      cumpridoEm: clock.fulfilledAt ? clock.fulfilledAt.toISOString() : null,
      violado,
      // On hold, also when the deadline had already passed (issue 36: "pausado, atrasado há …").
      ...(paused ? { pausado: true } : {}),
      start: clock.start.toISOString(),
      totalMin,
      open: !clock.fulfilledAt,
    });
  }
  const open = metas.filter((m) => m.open);
  // While on hold only a deadline that had already passed is known; otherwise the nearest one.
  const onHold = open.some((m) => m.pausado);
  const deadlines = open.filter((m) => m.prazo && (onHold ? m.violado : true)).map((m) => m.prazo!);
  let situacao: SlaSituacao | null = null;
  if (metas.some((m) => m.violado)) situacao = 'Violado';
  else if (open.some((m) => m.pausado)) situacao = 'Pausado';
  else if (open.length) situacao = 'Em dia';
  else if (metas.length) situacao = 'Atendido';
  return {
    values: {
      slaPrazo: deadlines.length ? deadlines.sort()[0] : null,
      slaSituacao: situacao,
      slaPausaMin: metas.length ? Math.round(pausedMin) : null,
      slaMetas: metas.map(({ meta, label, prazo, cumpridoEm, violado, pausado }) => ({
        meta,
        label,
        prazo,
        cumpridoEm,
        violado,
        ...(pausado ? { pausado } : {}),
      })),
    },
    metas,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading and writing

const parse = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);

/** The state changes of these records, from the history (creation and transitions). */
export async function readStateEvents(db: Db, schema: EntitySchema, ids: number[]): Promise<Map<number, StateEvent[]>> {
  const out = new Map<number, StateEvent[]>();
  const wf = schema.workflow;
  if (!wf || !ids.length) return out;
  const r = await sql<{ registro_id: string | number; em: string | Date; acao: string; alteracoes: unknown; transicao: unknown }>`
    select registro_id, em, acao, alteracoes, transicao from auditoria
    where recurso = ${schema.resource} and registro_id in (${sql.join(ids)}) and acao in ('create', 'transition')
    order by em, id`.execute(db);
  for (const x of r.rows) {
    const id = Number(x.registro_id);
    let ev: StateEvent | null = null;
    if (x.acao === 'create') {
      const ch = parse(x.alteracoes) as Record<string, { para?: unknown }> | null;
      const to = ch?.[wf.field]?.para;
      if (typeof to === 'string') ev = { at: new Date(x.em), from: null, to };
    } else {
      const t = parse(x.transicao) as { from?: string | null; to?: string | null } | null;
      if (t?.to) ev = { at: new Date(x.em), from: t.from ?? null, to: t.to };
    }
    if (ev) (out.get(id) ?? out.set(id, []).get(id)!).push(ev);
  }
  // A creation event has no "from": it is the first state.
  for (const list of out.values()) for (let i = 1; i < list.length; i++) list[i].from ??= list[i - 1].to;
  return out;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sameInstant = (a: unknown, b: unknown) => (a && b ? Date.parse(String(a)) === Date.parse(String(b)) : !a && !b);

/** Whether the stored values differ from the computed ones. */
export function slaChanged(row: Rec, v: SlaValues): boolean {
  return (
    !sameInstant(row.slaPrazo, v.slaPrazo) ||
    (row.slaSituacao ?? null) !== v.slaSituacao ||
    (row.slaPausaMin ?? null) !== v.slaPausaMin ||
    !sameJson(parse(row.slaMetas), v.slaMetas)
  );
}

/** Writes the values (no new version: they are the server's, not an edit). */
export async function writeSla(db: Db, schema: EntitySchema, id: number, v: SlaValues): Promise<void> {
  await db
    .updateTable(schema.name)
    .set(toColumnValues(schema, { ...v }, 'update'))
    .where('id', '=', id)
    .execute();
}

export interface SlaContext {
  decl: SlaDecl;
  cal: BusinessCalendar;
}

/** The policy in force and the calendar, once per batch. */
export async function slaContext(db: Db, schema: EntitySchema): Promise<SlaContext | null> {
  const eff = await effectiveSla(db, schema);
  if (!eff) return null;
  return { decl: eff.decl, cal: await loadCalendar(db) };
}

/**
 * Recomputes the record's SLA inside the caller's transaction and stores it when it changed; the
 * row (mutated and returned) carries the new values. Entities without `sla` are returned as they are.
 */
export async function applySla<T extends Rec>(trx: Db, schema: EntitySchema, row: T, now = new Date()): Promise<T> {
  if (!schema.sla || typeof row.id !== 'number') return row;
  const ctx = await slaContext(trx, schema);
  if (!ctx) return row;
  const events = (await readStateEvents(trx, schema, [row.id])).get(row.id) ?? [];
  const { values, metas } = computeSla(schema, ctx.decl, row, events, ctx.cal, now);
  if (slaChanged(row, values)) {
    await writeSla(trx, schema, row.id, values);
    Object.assign(row, values);
  }
  // A record written already late (or near its deadline) is told now, not at the job's next tick.
  await sendDueEvents(trx, schema, ctx, row, metas, now);
  return row;
}

/**
 * Recomputes many records (the migration's backfill, a policy change, the job): in pages, with
 * one history query per page. `where`: which rows (default: every row).
 */
export async function recomputeRecords(
  db: Db,
  schema: EntitySchema,
  opts: { where?: ReturnType<typeof sql>; now?: Date; limit?: number } = {},
): Promise<number> {
  if (!schema.sla) return 0;
  const ctx = await slaContext(db, schema);
  if (!ctx) return 0;
  const now = opts.now ?? new Date();
  const PAGE = 500;
  let last = 0;
  let changed = 0;
  let seen = 0;
  for (;;) {
    const r = await sql<{ row: Rec }>`select to_jsonb(t.*) as row from ${sql.table(schema.name)} t
      where id > ${last} ${opts.where ? sql`and (${opts.where})` : sql``} order by id limit ${PAGE}`.execute(db);
    if (!r.rows.length) break;
    const rows = r.rows.map((x) => flattenExtra(parse(x.row) as Rec));
    const events = await readStateEvents(
      db,
      schema,
      rows.map((x) => Number(x.id)),
    );
    for (const row of rows) {
      const { values } = computeSla(schema, ctx.decl, row, events.get(Number(row.id)) ?? [], ctx.cal, now);
      if (slaChanged(row, values)) {
        await writeSla(db, schema, Number(row.id), values);
        changed++;
      }
    }
    last = Number(rows[rows.length - 1].id);
    seen += rows.length;
    if (rows.length < PAGE || (opts.limit && seen >= opts.limit)) break;
  }
  return changed;
}

/**
 * Migration step (`registerAfterMigrate`): when the tables change, the records of entities with an
 * SLA that have none computed yet get it, in the migration's transaction, from their history.
 */
export async function backfillSla(trx: Db, schemas: readonly EntitySchema[]): Promise<number> {
  let n = 0;
  for (const schema of schemas) {
    if (!schema.sla || !schema.fields.some((f) => f.name === 'slaMetas')) continue;
    n += await recomputeRecords(trx, schema, { where: sql`"slaMetas" is null` });
  }
  return n;
}
