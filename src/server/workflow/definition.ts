/**
 * Reading a schema's declared workflow: states, the transitions open from a state, who may take
 * them. Pure functions over the schema and the CASL ability; the API's transition endpoint and
 * "Minhas pendências" both decide with these, so there is one copy of every rule.
 */
import { isEmptyValue } from '../../../schemas/messages';
import { subject } from '@casl/ability';
import { ADMIN_TRANSITION, type EntitySchema, type FieldDef, type Workflow, type WorkflowState, type WorkflowTransition } from '../../../schemas/kinds';
import { formatDateBr, todayIso } from '../time';
import { dutyConflict, type DutyConflict } from './segregation';

// The actor and decision 31's "em nome de" live with the records' access (src/server/crud), which uses them too.
import type { WorkflowActor } from '../crud/record-access';
import { actingFor, personMail } from '../crud/acting-for';
export type { WorkflowActor };
export { actingFor, personMail };

/** The administrators' transition every workflow gets (audited, comment required, any state). */
export function adminTransition(wf: Workflow): WorkflowTransition {
  return {
    name: ADMIN_TRANSITION,
    label: 'Alterar situação',
    from: wf.states.map((s) => s.value),
    action: 'manage',
    audience: 'staff',
    comment: 'required',
    inbox: false,
  };
}

export function stateOf(wf: Workflow, value: unknown): WorkflowState | undefined {
  return wf.states.find((s) => s.value === value);
}

export const stateLabel = (wf: Workflow, value: unknown): string => stateOf(wf, value)?.label ?? String(value ?? '');

export function findTransition(wf: Workflow, name: string): WorkflowTransition | undefined {
  if (name === ADMIN_TRANSITION) return adminTransition(wf);
  return wf.transitions.find((t) => t.name === name);
}

/** May the actor take this transition on this record now (state aside)? Checked against the record. */
export function mayTake(schema: EntitySchema, t: WorkflowTransition, row: Record<string, unknown>, actor: WorkflowActor, checkDuties = true): boolean {
  if (t.audience === 'cliente' && !actor.client) return false;
  if (t.audience === 'staff' && actor.client) return false;
  const rec = subject(schema.subject, { ...row }) as never;
  if (!actor.ability.can(t.action as never, rec)) return false;
  if (t.by?.length) {
    // Decision 31: a substitute is named through the absent person they stand in for.
    const mine = new Set([actor.email.toLowerCase(), ...(actor.emNomeDe ?? [])]);
    const named = t.by.some((f) => mine.has(personMail(row[f]) ?? ''));
    if (!named && !actor.ability.can('manage' as never, rec)) return false;
  }
  // Issue 36: standing in for someone never makes one person do two stages the workflow keeps apart.
  if (checkDuties && dutyConflictOf(schema, t, row, actor)) return false;
  return true;
}

/**
 * The stage the actor already holds on the record that forbids them to take this step "em nome
 * de" the absent person (the workflow's `distinctHolders`, src/server/workflow/segregation.ts).
 */
export function dutyConflictOf(
  schema: EntitySchema,
  t: WorkflowTransition,
  row: Record<string, unknown>,
  actor: WorkflowActor,
): (DutyConflict & { absent: string }) | undefined {
  if (!actor.emNomeDe?.length || !schema.workflow?.distinctHolders?.length) return undefined;
  const absent = actingFor(row, actor, (own) => mayTake(schema, t, row, { ...actor, ability: own, emNomeDe: [] }), t.by);
  const conflict = absent ? dutyConflict(schema, row, actor.email, absent) : undefined;
  return conflict && absent ? { ...conflict, absent } : undefined;
}

/** The transitions the actor may take on the record in its current state (the admin one included). */
export function availableTransitions(schema: EntitySchema, row: Record<string, unknown>, actor: WorkflowActor): WorkflowTransition[] {
  const wf = schema.workflow;
  if (!wf) return [];
  const state = row[wf.field];
  const leads = (t: WorkflowTransition) => (t.to ? mayMove(wf, state, t.to) : adminChoices(wf, state).some((s) => s.value !== state));
  return [...wf.transitions, adminTransition(wf)].filter(
    (t) => t.from.includes(state as string) && leads(t) && stillOpen(t, row) && mayTake(schema, t, row, actor),
  );
}

/**
 * Whether a record in `from` may move to `to` at all (`ofRecord`: a document of record never goes
 * back to a state outside its states of record, and a voided one stays voided).
 */
export function mayMove(wf: Workflow, from: unknown, to: string): boolean {
  const rec = wf.ofRecord;
  if (!rec) return true;
  if (rec.voided !== undefined && from === rec.voided) return to === rec.voided;
  return !rec.states.includes(from as string) || rec.states.includes(to);
}

/**
 * The states the administrators' "Alterar situação" offers for a record in `current` (the current
 * one included): not a voided state, which only its declared step reaches, with its reason.
 */
export function adminChoices(wf: Workflow, current: unknown): WorkflowState[] {
  return wf.states.filter((s) => s.value === current || (mayMove(wf, current, s.value) && s.value !== wf.ofRecord?.voided));
}

/** Why "Alterar situação" does not void a document of record: the declared step asks for the reason and stamps it. */
export function voidByStepMessage(wf: Workflow): string {
  const step = wf.transitions.find((x) => x.to !== undefined && x.to === wf.ofRecord?.voided);
  return step ? `Para anular, use a ação "${step.label}", que registra o motivo.` : (wf.ofRecord?.message ?? '');
}

/** A step declared `untilFilled` is open only while that field of the record is empty. */
export function stillOpen(t: Pick<WorkflowTransition, 'untilFilled'>, row: Record<string, unknown>): boolean {
  return !t.untilFilled || isEmptyValue(row[t.untilFilled]);
}

/**
 * The transition as it applies to this record now: a step declared with `reasonWhenPast` whose date
 * has passed requires a comment (the reason) and carries its notice.
 */
export function transitionForRecord(t: WorkflowTransition, row: Record<string, unknown>, today = todayIso()): WorkflowTransition & { notice?: string } {
  const when = t.reasonWhenPast;
  if (!when) return t;
  const v = row[when.field];
  const date = v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.slice(0, 10) : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date >= today) return t;
  return { ...t, comment: 'required', notice: when.notice.replace('{data}', formatDateBr(date)) };
}

/**
 * The fields a step asks for in its dialog (`asks`), as the app renders them with the generic form
 * items: the schema's definition (label, kind, person roles, help…), required, with no default.
 */
export function describeAsks(schema: EntitySchema, t: WorkflowTransition): FieldDef[] {
  return (t.asks ?? []).flatMap((name) => {
    const f = schema.fields.find((x) => x.name === name);
    if (!f) return [];
    const { default: _default, readOnly: _readOnly, hidden: _hidden, ...rest } = f;
    return [{ ...rest, required: true }];
  });
}

/** Public shape of a transition for the app (`GET …/transitions`); with the schema, the fields it asks for. */
export function describeTransition(wf: Workflow, t: WorkflowTransition & { notice?: string }, schema?: EntitySchema, current?: unknown) {
  const admin = t.name === ADMIN_TRANSITION;
  const asks = schema ? describeAsks(schema, t) : [];
  return {
    name: t.name,
    label: t.label,
    to: t.to ?? null,
    toLabel: t.to ? stateLabel(wf, t.to) : null,
    comment: t.comment ?? 'none',
    ...(t.commentLabel ? { commentLabel: t.commentLabel } : {}),
    ...(asks.length ? { asks } : {}),
    ...(t.notice ? { notice: t.notice } : {}),
    tone: t.tone ?? 'default',
    ...(admin ? { choices: (current === undefined ? wf.states : adminChoices(wf, current)).map((s) => ({ value: s.value, label: s.label ?? s.value })) } : {}),
  };
}

/** Next revision: digits count up (0 → 1), a letter moves on (A → B); anything else gets "-1". */
export function nextRevision(current: unknown): string {
  const s = String(current ?? '').trim();
  if (!s) return '1';
  if (/^\d+$/.test(s)) return String(Number(s) + 1);
  if (/^[A-Y]$/i.test(s)) return String.fromCharCode(s.charCodeAt(0) + 1);
  return `${s}-1`.slice(0, 5);
}
