/**
 * "Minhas pendências": the records across modules on which the caller must act now, as a work
 * queue. A record is pending for a user when it is in a state with an inbox transition the user
 * may take (the same CASL rules, turned into SQL) and the user — or an absent person they stand in
 * for (`emNomeDe`) — is the person the state names (its assignees), or, when nobody is named, holds
 * one of the state's inbox roles. Filters (module, site, due), the sort and the total run in one
 * SQL statement; the actions of the page's rows are then decided by the same definition the
 * transition endpoint uses. The bulk action takes one transition on many records, each through
 * `takeTransition` in its own transaction (checked and recorded like a single one).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { subject } from '@casl/ability';
import { ADMIN_TRANSITION, type EntitySchema, type Workflow, type WorkflowState, type WorkflowTransition } from '../../../schemas/kinds';
import { isEmptyValue } from '../../../schemas/messages';
import { accessWhere } from '../access/rules-to-sql';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { MAX_OFFSET } from '../crud/list-query';
import { availableTransitions, stateLabel, stateOf, transitionForRecord, type WorkflowActor, stillOpen } from './definition';
import { titleOf } from './notify';
import { columnExpr, fieldOf, flattenExtra } from '../db/columns';
import { pendingWorkOf } from './pending-work';
import { partnersOf } from './segregation';

const MAX_PAGE = 200;
/** SLA fields a schema with `sla` declares (the due date and its result). */
const DUE_FIELD = 'slaPrazo';
const SLA_STATE_FIELD = 'slaSituacao';
const ZONE = () => process.env.TZ_PORTAL ?? 'America/Sao_Paulo';

// Person fields store the e-mail lowercased (src/server/fields/kinds/json.ts): compared as stored, so the
// expression indexes on `(campo ->> 'mail')` serve the inbox.
const mailPath = (field: string) => sql`(${sql.ref(field)} ->> 'mail')`;

/** A transition as A's dialogs may extend it (fields the dialog asks for). */
type Step = WorkflowTransition & { asks?: string[] };

/** What makes a record in this state pending: its inbox transitions for this kind of user, and the state's own inbox work. */
function inboxFrom(wf: Workflow, state: WorkflowState, actor: WorkflowActor): Pick<WorkflowTransition, 'action' | 'by' | 'untilFilled'>[] {
  const steps: Pick<WorkflowTransition, 'action' | 'by' | 'untilFilled'>[] = wf.transitions.filter(
    (t) => t.inbox !== false && t.from.includes(state.value) && (!t.audience || (t.audience === 'cliente') === actor.client),
  );
  return state.inbox ? [...steps, { action: state.inbox.action, untilFilled: state.inbox.untilFilled }] : steps;
}

/** `untilFilled`: the step or the work is pending only while that field is empty. */
function whileEmpty(schema: EntitySchema, field: string | undefined): RawBuilder<SqlBool> {
  const f = field ? fieldOf(schema, field) : undefined;
  return f ? sql<SqlBool>`(${columnExpr(f)}) is null` : sql<SqlBool>`true`;
}

/** The caller's e-mail and those of the absent people they stand in for. */
function mailsOf(actor: WorkflowActor): string[] {
  return [...new Set([actor.email, ...(actor.emNomeDe ?? [])].map((m) => m.toLowerCase()).filter(Boolean))];
}

/** SQL condition of the records of one schema pending for the actor (undefined when none can be). */
export function pendingWhere(schema: EntitySchema, actor: WorkflowActor): RawBuilder<SqlBool> | undefined {
  const wf = schema.workflow!;
  const mine = sql.join(mailsOf(actor).map((m) => sql`${m}`));
  const isMine = (f: string) => sql`${mailPath(f)} in (${mine})`;
  // Issue 36: an absent person's stage is not the substitute's on a record where they hold a stage kept apart from it.
  const own = actor.email.toLowerCase();
  const absent = mailsOf(actor).filter((m) => m !== own);
  const holds = (f: string) => {
    const partners = partnersOf(wf, f);
    if (!absent.length || !partners.length) return isMine(f);
    const holdsPartner = sql.join(
      partners.map((g) => sql`coalesce(${mailPath(g)} = ${own}, false)`),
      sql` or `,
    );
    return sql`(${mailPath(f)} = ${own} or (${mailPath(f)} in (${sql.join(absent.map((m) => sql`${m}`))}) and not (${holdsPartner})))`;
  };
  const parts: RawBuilder<SqlBool>[] = [];
  for (const state of wf.states) {
    if (state.final) continue;
    const allowed: RawBuilder<SqlBool>[] = [];
    for (const t of inboxFrom(wf, state, actor)) {
      const acc = accessWhere(actor.ability, t.action as never, schema);
      if (acc.forbidden) continue;
      const by = t.by?.length ? sql<SqlBool>`(${sql.join(t.by.map(isMine), sql` or `)})` : sql<SqlBool>`true`;
      allowed.push(sql<SqlBool>`(${acc.where} and ${by} and ${whileEmpty(schema, t.untilFilled)})`);
    }
    if (!allowed.length) continue;
    const roles = wf.roleInbox?.[state.value] ?? [];
    const holdsRole = roles.some((r) => actor.roles.includes(r));
    const assignees = state.assignees ?? [];
    let who: RawBuilder<SqlBool>;
    if (assignees.length) {
      const named = sql.join(assignees.map(holds), sql` or `);
      const nobody = sql.join(
        assignees.map((f) => sql`${sql.ref(f)} ->> 'mail' is null`),
        sql` and `,
      );
      who = holdsRole ? sql<SqlBool>`((${named}) or (${nobody}))` : sql<SqlBool>`(${named})`;
    } else if (holdsRole) who = sql<SqlBool>`true`;
    else continue;
    parts.push(sql<SqlBool>`(${sql.ref(wf.field)} = ${state.value} and ${who} and (${sql.join(allowed, sql` or `)}))`);
  }
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : undefined;
}

/** An SLA field of the schema the actor may receive (an internal one never reaches an external user, decision 29). */
const slaField = (schema: EntitySchema, name: string, actor: WorkflowActor) => {
  const f = fieldOf(schema, name);
  return f && !(f.internal && actor.client) ? f : undefined;
};

/** The record's due date as SQL: the SLA deadline when the schema has one (else null). */
function dueSql(schema: EntitySchema, actor: WorkflowActor): RawBuilder<unknown> {
  const f = slaField(schema, DUE_FIELD, actor);
  return f ? sql`(${columnExpr(f)})::timestamptz` : sql`null::timestamptz`;
}

function slaStateSql(schema: EntitySchema, actor: WorkflowActor): RawBuilder<unknown> {
  const f = slaField(schema, SLA_STATE_FIELD, actor);
  return f ? sql`(${columnExpr(f)})::text` : sql`null::text`;
}

/** The SLA clock is on hold now: the situation says so, or an open target is paused (one already late stays "Violado"). */
function pausedOf(schema: EntitySchema, row: Record<string, unknown>, actor: WorkflowActor): boolean {
  if (!slaField(schema, SLA_STATE_FIELD, actor)) return false;
  if (row[SLA_STATE_FIELD] === 'Pausado') return true;
  const raw = row.slaMetas;
  const metas = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { pausado?: unknown; cumpridoEm?: unknown }[] | null;
  return Array.isArray(metas) && metas.some((m) => m?.pausado === true && !m.cumpridoEm);
}

/** Overdue: the SLA says so, or the deadline passed while the clock runs (not paused, not yet met). */
const OVERDUE = sql<SqlBool>`(sla = 'Violado' or (due is not null and due < now() and coalesce(sla, '') not in ('Atendido', 'Pausado')))`;

/** An action the caller may take on a pending record now: a workflow step, or the state's work done in the edit form. */
export interface PendenciaAction {
  name: string;
  label: string;
  /** A workflow step; the state's work in the edit form; work done on the record's page (`?acao=`, e.g. signing). */
  kind: 'transition' | 'edit' | 'page';
  /** The step asks for something (a comment, fields): it cannot be taken in bulk. */
  needsInput: boolean;
}

export interface Pendencia {
  resource: string;
  id: number;
  version: number;
  title: string;
  label: string;
  state: string;
  stateLabel: string;
  since: string;
  /** Deadline (ISO) or null. */
  due: string | null;
  overdue: boolean;
  /** The SLA clock is on hold (the record waits in a `pauseIn` state); a late one says "pausado, atrasado há …". */
  paused: boolean;
  /** Labels of the actions (kept for older clients). */
  transitions: string[];
  actions: PendenciaAction[];
  obra: string | null;
  /** Held by an absent person the caller stands in for (decision 31): that person's name, or e-mail. */
  emNomeDe?: string;
}

/**
 * The absent person this item waits for, when it is theirs and not the caller's (issue 36: the
 * substitute's queue did not say whose items it showed): a person field the state names.
 */
function heldFor(schema: EntitySchema, row: Record<string, unknown>, actor: WorkflowActor): string | undefined {
  const absent = new Set((actor.emNomeDe ?? []).map((m) => m.toLowerCase()));
  if (!absent.size) return undefined;
  const wf = schema.workflow!;
  const people = (stateOf(wf, row[wf.field])?.assignees ?? []).map((f) => row[f] as { mail?: unknown; nome?: unknown } | null);
  const mail = (p: { mail?: unknown } | null) => (typeof p?.mail === 'string' ? p.mail.toLowerCase() : '');
  if (people.some((p) => mail(p) === actor.email.toLowerCase())) return undefined;
  const theirs = people.find((p) => absent.has(mail(p)));
  return theirs ? (typeof theirs.nome === 'string' && theirs.nome) || mail(theirs) : undefined;
}

export const VENCIMENTOS = ['atrasadas', 'hoje', 'semana', 'sem-prazo'] as const;
export type Vencimento = (typeof VENCIMENTOS)[number];

export interface PendenciasQuery {
  start?: string;
  end?: string;
  resource?: string;
  obra?: string;
  vencimento?: string;
  sort?: string;
  order?: string;
}

interface ParsedQuery {
  start: number;
  end: number;
  resource?: string;
  obra?: string;
  vencimento?: Vencimento;
  sort: 'since' | 'due';
  order: 'asc' | 'desc';
}

function parseQuery(schemas: EntitySchema[], q: PendenciasQuery): ParsedQuery {
  const errors: Record<string, string[]> = {};
  // The page: whole numbers, at most MAX_PAGE items, each mistake under its parameter like the lists' (crud/list-query).
  const whole = (v: string | undefined, fallback: number, name: '_start' | '_end') => {
    if (v === undefined || v === '') return fallback;
    if (/^\d{1,10}$/.test(v)) return Number(v);
    errors[name] = ['Use um número inteiro maior ou igual a 0.'];
    return fallback;
  };
  const start = whole(q.start, 0, '_start');
  const end = whole(q.end, 50, '_end');
  if (start > MAX_OFFSET) errors._start = [`O início da página (_start) pode ir até ${MAX_OFFSET.toLocaleString('pt-BR')}.`];
  else if (!errors._start && !errors._end && (end < start || end - start > MAX_PAGE))
    errors._end = [`Use _end maior ou igual a _start, com no máximo ${MAX_PAGE} itens por página.`];
  const resource = q.resource?.trim() || undefined;
  if (resource && !schemas.some((s) => s.resource === resource && s.workflow)) errors.resource = [`Módulo desconhecido: "${resource.slice(0, 60)}".`];
  const obra = q.obra?.trim() || undefined;
  if (obra && obra.length > 60) errors.obra = ['Código de obra longo demais.'];
  const vencimento = q.vencimento?.trim() || undefined;
  if (vencimento && !(VENCIMENTOS as readonly string[]).includes(vencimento)) errors.vencimento = ['Use atrasadas, hoje, semana ou sem-prazo.'];
  const sort = q.sort?.trim() || 'since';
  if (sort !== 'since' && sort !== 'due') errors._sort = ['Ordene por "due" (vencimento) ou "since" (desde quando espera).'];
  const order = q.order?.trim().toLowerCase() || (sort === 'due' ? 'asc' : 'desc');
  if (order !== 'asc' && order !== 'desc') errors._order = ['Use asc ou desc.'];
  if (Object.keys(errors).length) throw new ApiError(400, 'Filtro inválido em "Minhas pendências".', errors);
  return { start, end, resource, obra, vencimento: vencimento as Vencimento | undefined, sort: sort as 'since' | 'due', order: order as 'asc' | 'desc' };
}

/**
 * Since when the record waits (issue 36: not its last edit): its latest history entry into its
 * current state — the step that led there, or its creation — else its creation time. A subquery
 * per row on the history's index (recurso, registro_id, em), inside the list's one statement.
 */
function sinceSql(schema: EntitySchema): RawBuilder<unknown> {
  const state = sql`t.${sql.ref(schema.workflow!.field)}::text`;
  return sql`coalesce((select max(a.em) from auditoria a where a.recurso = ${schema.resource} and a.registro_id = t.id
    and (a.acao = 'create' or (a.acao = 'transition' and a.transicao ->> 'to' = ${state}))), t.created_at)`;
}

/**
 * What makes a record of the schema pending for the actor: its workflow steps and the feature's own
 * pending work (pending-work.ts), which of it each row awaits; undefined when nothing of the schema
 * can ever be the actor's.
 */
export function pendingConditions(schema: EntitySchema, actor: WorkflowActor) {
  if (!schema.workflow) return undefined;
  const steps = pendingWhere(schema, actor);
  const work = pendingWorkOf(schema.name).flatMap((w) => {
    const where = w.where(schema, actor);
    return where ? [{ name: w.name, where }] : [];
  });
  const conditions = [...(steps ? [steps] : []), ...work.map((w) => w.where)];
  return conditions.length ? { conditions, work } : undefined;
}

/** The union of the pending records of every schema, narrowed by module and site (undefined when none can be). */
function pendingUnion(schemas: EntitySchema[], actor: WorkflowActor, q: Pick<ParsedQuery, 'resource' | 'obra'>, withRow: boolean) {
  const selects = schemas.flatMap((schema) => {
    if (!schema.workflow || (q.resource && schema.resource !== q.resource)) return [];
    if (q.obra && !schema.obraField) return [];
    const pending = pendingConditions(schema, actor);
    if (!pending) return [];
    const { conditions, work } = pending;
    const where = sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
    const obra = schema.obraField ? sql`${sql.ref(schema.obraField)}::text` : sql`null::text`;
    const byObra = q.obra && schema.obraField ? sql`and ${sql.ref(schema.obraField)}::text = ${q.obra}` : sql``;
    const row = withRow ? sql`, to_jsonb(t.*) as row` : sql``;
    const names = work.length
      ? sql`array_remove(array[${sql.join(work.map((w) => sql`case when ${w.where} then ${w.name}::text end`))}], null)`
      : sql`array[]::text[]`;
    return [
      sql`select ${schema.resource}::text as resource, id, ${sinceSql(schema)} as since, ${obra} as obra, ${dueSql(schema, actor)} as due, ${slaStateSql(schema, actor)} as sla, ${names} as work${row}
        from ${sql.table(schema.name)} t where ${where} ${byObra}`,
    ];
  });
  return selects.length ? sql.join(selects, sql` union all `) : undefined;
}

function vencimentoWhere(v: Vencimento | undefined): RawBuilder<SqlBool> {
  const zone = ZONE();
  const today = sql`(now() at time zone ${zone})::date`;
  switch (v) {
    case 'atrasadas':
      return OVERDUE;
    case 'hoje':
      return sql<SqlBool>`(not ${OVERDUE} and due is not null and (due at time zone ${zone})::date = ${today})`;
    case 'semana':
      return sql<SqlBool>`(not ${OVERDUE} and due is not null and due < now() + interval '7 days')`;
    case 'sem-prazo':
      return sql<SqlBool>`(due is null)`;
    default:
      return sql<SqlBool>`true`;
  }
}

interface RawItem {
  resource: string;
  id: number;
  since: string;
  obra: string | null;
  due: string | null;
  overdue: boolean;
  /** Names of the feature's pending work this row awaits (pending-work.ts). */
  work: string[];
  row: Record<string, unknown>;
}

/** What the actor may do on the record now, as the inbox shows it. */
export function actionsFor(schema: EntitySchema, row: Record<string, unknown>, actor: WorkflowActor): PendenciaAction[] {
  const wf = schema.workflow!;
  const actions: PendenciaAction[] = availableTransitions(schema, row, actor)
    .filter((t) => t.inbox !== false)
    .map((t) => ({ name: t.name, label: t.label, kind: 'transition' as const, needsInput: needsInput(transitionForRecord(t, row), row) }));
  const work = stateOf(wf, row[wf.field])?.inbox;
  if (work && stillOpen(work, row) && actor.ability.can(work.action as never, subject(schema.subject, { ...row }) as never)) {
    actions.push({ name: work.action, label: work.label, kind: 'edit', needsInput: true });
  }
  return actions;
}

/** The step cannot be taken without asking something: a required comment, fields to fill, a state to choose. */
function needsInput(t: Step, row: Record<string, unknown>): boolean {
  if (t.name === ADMIN_TRANSITION || t.comment === 'required') return true;
  if (t.asks?.length) return true;
  return (t.requires ?? []).some((f) => isEmptyValue(row[f]));
}

export async function listPendencias(db: Db, schemas: EntitySchema[], actor: WorkflowActor, query: PendenciasQuery) {
  const q = parseQuery(schemas, query);
  const union = pendingUnion(schemas, actor, q, true);
  if (!union) return { total: 0, items: [] as Pendencia[] };
  const dir = sql.raw(q.order);
  const orderBy = q.sort === 'due' ? sql`due ${dir} nulls last, since desc, resource, id desc` : sql`since ${dir}, resource, id ${dir}`;
  const r = await sql<{ total: string; rows: RawItem[] }>`
    with u as (${union}), f as (select u.*, ${OVERDUE} as overdue from u where ${vencimentoWhere(q.vencimento)})
    select (select count(*) from f) as total,
      (select coalesce(json_agg(p), '[]'::json) from (select * from f order by ${orderBy} limit ${q.end - q.start} offset ${q.start}) p) as rows`.execute(db);
  const { total, rows } = r.rows[0];
  const bySchema = new Map(schemas.map((s) => [s.resource, s]));
  const items: Pendencia[] = rows.map((raw) => {
    const row = flattenExtra(raw.row);
    const schema = bySchema.get(raw.resource)!;
    const wf = schema.workflow!;
    const state = String(row[wf.field]);
    const actions = actionsFor(schema, row, actor);
    for (const w of pendingWorkOf(schema.name)) {
      if ((raw.work ?? []).includes(w.name)) actions.push({ name: w.name, label: w.label, kind: 'page', needsInput: true });
    }
    return {
      resource: raw.resource,
      id: Number(raw.id),
      version: Number(row.version),
      title: titleOf(schema, row),
      label: schema.label,
      state,
      stateLabel: stateLabel(wf, state),
      since: new Date(raw.since).toISOString(),
      due: raw.due ? new Date(raw.due).toISOString() : null,
      overdue: !!raw.overdue,
      paused: pausedOf(schema, row, actor),
      transitions: actions.map((a) => a.label),
      actions,
      obra: raw.obra,
      ...(() => {
        const emNomeDe = heldFor(schema, row, actor);
        return emNomeDe ? { emNomeDe } : {};
      })(),
    };
  });
  return { total: Number(total), items };
}

/** `GET /pendencias/contagem`: for the bell, how many wait and how many of them are overdue. */
export async function countPendencias(db: Db, schemas: EntitySchema[], actor: WorkflowActor): Promise<{ total: number; atrasadas: number }> {
  const union = pendingUnion(schemas, actor, {}, false);
  if (!union) return { total: 0, atrasadas: 0 };
  const r = await sql<{ total: string; atrasadas: string }>`
    with u as (${union}) select count(*) as total, count(*) filter (where ${OVERDUE}) as atrasadas from u`.execute(db);
  return { total: Number(r.rows[0].total), atrasadas: Number(r.rows[0].atrasadas) };
}
