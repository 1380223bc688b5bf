/**
 * What a workflow changes in plain edits: the state field never moves through PATCH/PUT, a state
 * may declare who edits the record (and which fields) while it is in it, and deletion may be
 * limited to some states.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import { ApiError } from '../http/errors';
import type { EditRight } from '../crud/lifecycle';
import { adminTransition, stateLabel, stateOf } from './definition';

const det = (schema: EntitySchema) => (schema.gender === 'f' ? 'esta' : 'este');
const quote = (labels: string[]) => labels.map((l) => `"${l}"`).join(', ');

/** 400 when an edit body changes the state field: it names the actions to use instead. */
export function refuseStateEdit(schema: EntitySchema, body: Record<string, unknown>, before: Record<string, unknown>): void {
  const wf = schema.workflow;
  if (!wf || !(wf.field in body) || body[wf.field] === before[wf.field]) return;
  const state = before[wf.field] as string;
  const labels = wf.transitions.filter((t) => t.to && t.from.includes(state)).map((t) => t.label);
  const use = labels.length ? `Use as ações do registro: ${quote(labels)}` : 'Nenhuma ação leva a outra situação a partir desta';
  const message = `A situação não muda pela edição. ${use}; administradores usam "${adminTransition(wf).label}".`;
  throw new ApiError(400, message, { [wf.field]: [message] });
}

// Declared with the engine's lifecycle (src/server/crud/lifecycle.ts), through which the repository calls these rules.
export type { EditRight };

/**
 * The edit right in the record's current state: the entity's usual action, or, when the state
 * declares `editBy`, the first of its rights the caller has (`can` checks an action against the
 * record); 403 when the caller has none. A state with an empty `editBy` is read-only to everyone.
 */
export function stateEditRight(schema: EntitySchema, record: Record<string, unknown>, usual: string, can: (action: string) => boolean): EditRight {
  const wf = schema.workflow;
  const state = wf ? stateOf(wf, record[wf.field]) : undefined;
  if (!wf || !state?.editBy) return { action: usual };
  const refusal = `${det(schema) === 'esta' ? 'Esta' : 'Este'} ${schema.label.toLowerCase()} está em "${stateLabel(wf, state.value)}" e não pode ser alterad${schema.gender === 'f' ? 'a' : 'o'} por você.`;
  const pick = state.editBy.find((r) => can(r.action));
  if (!pick) throw new ApiError(403, refusal);
  return { action: pick.action, fields: pick.fields, refusal };
}

/** 400 when the record's state does not allow deletion. */
export function refuseDeleteInState(schema: EntitySchema, record: Record<string, unknown>): void {
  const wf = schema.workflow;
  if (!wf?.deleteIn || wf.deleteIn.includes(record[wf.field] as string)) return;
  if (wf.deleteRefusal) throw new ApiError(409, wf.deleteRefusal);
  const where = wf.deleteIn.map((s) => stateLabel(wf, s));
  throw new ApiError(400, `Só é possível excluir ${det(schema)} ${schema.label.toLowerCase()} na situação ${quote(where)}.`);
}
