/**
 * "Minhas pendências": the records across modules on which the caller must act now. A record
 * is pending for a user when it is in a state with an inbox transition the user may take (the
 * same CASL rules, turned into SQL) and the user is the person the state names (its assignees),
 * or, when nobody is named, holds one of the state's inbox roles. One SQL statement for the page
 * and the total; the action labels of the page's rows are then decided by the same definition
 * the transition endpoint uses.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { subject } from '@casl/ability';
import type { EntitySchema, Workflow, WorkflowState, WorkflowTransition } from '../../../schemas/kinds';
import { accessWhere } from '../access/rules-to-sql';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { availableTransitions, stateLabel, stateOf, type WorkflowActor } from './definition';
import { titleOf } from './notify';
import { flattenExtra } from '../db/columns';

const MAX_PAGE = 200;

const mailPath = (field: string) => sql`(${sql.ref(field)} ->> 'mail')`;

/** What makes a record in this state pending: its inbox transitions for this kind of user, and the state's own inbox work. */
function inboxFrom(wf: Workflow, state: WorkflowState, actor: WorkflowActor): Pick<WorkflowTransition, 'action' | 'by'>[] {
  const steps: Pick<WorkflowTransition, 'action' | 'by'>[] = wf.transitions.filter(
    (t) => t.inbox !== false && t.from.includes(state.value) && (!t.audience || (t.audience === 'cliente') === actor.client),
  );
  return state.inbox ? [...steps, { action: state.inbox.action }] : steps;
}

/** SQL condition of the records of one schema pending for the actor (false when none can be). */
export function pendingWhere(schema: EntitySchema, actor: WorkflowActor): RawBuilder<SqlBool> | undefined {
  const wf = schema.workflow!;
  const me = actor.email.toLowerCase();
  const parts: RawBuilder<SqlBool>[] = [];
  for (const state of wf.states) {
    if (state.final) continue;
    const allowed: RawBuilder<SqlBool>[] = [];
    for (const t of inboxFrom(wf, state, actor)) {
      const acc = accessWhere(actor.ability, t.action as never, schema);
      if (acc.forbidden) continue;
      const by = t.by?.length
        ? sql<SqlBool>`(${sql.join(
            t.by.map((f) => sql`${mailPath(f)} = ${me}`),
            sql` or `,
          )})`
        : sql<SqlBool>`true`;
      allowed.push(sql<SqlBool>`(${acc.where} and ${by})`);
    }
    if (!allowed.length) continue;
    const roles = wf.roleInbox?.[state.value] ?? [];
    const holdsRole = roles.some((r) => actor.roles.includes(r));
    const assignees = state.assignees ?? [];
    let who: RawBuilder<SqlBool>;
    if (assignees.length) {
      const named = sql.join(
        assignees.map((f) => sql`${mailPath(f)} = ${me}`),
        sql` or `,
      );
      const nobody = sql.join(
        assignees.map((f) => sql`${mailPath(f)} is null`),
        sql` and `,
      );
      who = holdsRole ? sql<SqlBool>`((${named}) or (${nobody}))` : sql<SqlBool>`(${named})`;
    } else if (holdsRole) who = sql<SqlBool>`true`;
    else continue;
    parts.push(sql<SqlBool>`(${sql.ref(wf.field)} = ${state.value} and ${who} and (${sql.join(allowed, sql` or `)}))`);
  }
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : undefined;
}

export interface Pendencia {
  resource: string;
  id: number;
  title: string;
  label: string;
  state: string;
  stateLabel: string;
  since: string;
  transitions: string[];
  obra: string | null;
}

export async function listPendencias(db: Db, schemas: EntitySchema[], actor: WorkflowActor, query: { start?: string; end?: string }) {
  const start = Number(query.start ?? 0);
  const end = Number(query.end ?? 50);
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end - start > MAX_PAGE) {
    throw new ApiError(400, `Paginação inválida: use _start e _end com no máximo ${MAX_PAGE} itens por página.`);
  }
  const selects = schemas.flatMap((schema) => {
    const where = schema.workflow ? pendingWhere(schema, actor) : undefined;
    if (!where) return [];
    const obra = schema.obraField ? sql`${sql.ref(schema.obraField)}::text` : sql`null::text`;
    return [
      sql`select ${schema.resource}::text as resource, id, updated_at as since, ${obra} as obra, to_jsonb(t.*) as row from ${sql.table(schema.name)} t where ${where}`,
    ];
  });
  if (!selects.length) return { total: 0, items: [] as Pendencia[] };
  const union = sql.join(selects, sql` union all `);
  const r = await sql<{ total: string; rows: { resource: string; id: number; since: string; obra: string | null; row: Record<string, unknown> }[] }>`
    with u as (${union})
    select (select count(*) from u) as total,
      (select coalesce(json_agg(p), '[]'::json) from (select * from u order by since desc, id desc limit ${end - start} offset ${start}) p) as rows`.execute(
    db,
  );
  const { total, rows } = r.rows[0];
  const bySchema = new Map(schemas.map((s) => [s.resource, s]));
  const items: Pendencia[] = rows.map((raw) => {
    const x = { ...raw, row: flattenExtra(raw.row) };
    const schema = bySchema.get(x.resource)!;
    const wf = schema.workflow!;
    const state = String(x.row[wf.field]);
    const labels = availableTransitions(schema, x.row, actor)
      .filter((t) => t.inbox !== false)
      .map((t) => t.label);
    const work = stateOf(wf, state)?.inbox;
    if (work && actor.ability.can(work.action as never, subject(schema.subject, { ...x.row }) as never)) labels.push(work.label);
    return {
      resource: x.resource,
      id: Number(x.id),
      title: titleOf(schema, x.row),
      label: schema.label,
      state,
      stateLabel: stateLabel(wf, state),
      since: new Date(x.since).toISOString(),
      transitions: labels,
      obra: x.obra,
    };
  });
  return { total: Number(total), items };
}
