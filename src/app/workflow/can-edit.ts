/**
 * Whether the Edit button makes sense for a record: some form field is writable by a right the
 * user holds in the record's state (the state's declared `editBy`, or the entity's usual edit
 * action), field rules included. Only what the user sees; the API decides the write.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import { toCaslAction } from '../../access/refine-actions';
import type { Action } from '../../access/subjects';
import type { PodeCheck } from '../access/pode';

/** `pode`: the current person's check (`usePodeCheck()`). */
export function canEditHere(schema: EntitySchema, record: Record<string, unknown>, pode: (check: PodeCheck) => boolean): boolean {
  const wf = schema.workflow;
  const state = wf ? wf.states.find((s) => s.value === record[wf.field]) : undefined;
  const rights = state?.editBy ?? [{ action: toCaslAction(schema.subject, 'edit', schema.actions) }];
  const formFields = schema.fields.filter((f) => !f.readOnly && !f.hidden);
  const on = (action: string, field: string) => pode({ I: action as Action, a: schema.subject, this: record, field });
  return rights.some((r) => formFields.some((f) => (!r.fields || r.fields.includes(f.name)) && on(r.action, f.name)));
}
