/**
 * Whether the Edit button makes sense for a record: some form field is writable by a right the
 * user holds in the record's state (the state's declared `editBy`, or the entity's usual edit
 * action), field rules included. Only what the user sees; the API decides the write.
 */
import { subject } from '@casl/ability';
import type { EntitySchema } from '../../../schemas/kinds';
import type { AppAbility } from '../../access/ability';
import { toCaslAction } from '../../access/refine-actions';

export function canEditHere(schema: EntitySchema, record: Record<string, unknown>, ability: AppAbility): boolean {
  const wf = schema.workflow;
  const state = wf ? wf.states.find((s) => s.value === record[wf.field]) : undefined;
  const rights = state?.editBy ?? [{ action: toCaslAction(schema.subject, 'edit', schema.actions) }];
  const formFields = schema.fields.filter((f) => !f.readOnly && !f.hidden);
  const target = subject(schema.subject, { ...record }) as never;
  return rights.some((r) => formFields.some((f) => (!r.fields || r.fields.includes(f.name)) && ability.can(r.action as never, target, f.name)));
}
