/**
 * Field-level read rules (CASL `fields`): what a rule does not let the caller read is never sent,
 * in lists, single reads, transition answers and the history (docs/access.md decision 25: a client
 * never receives `comentarioInterno`; decision 27: the handlers of an anonymous ethics report
 * never see who filed it).
 */
import { subject } from '@casl/ability';
import { permittedFieldsOf } from '@casl/ability/extra';
import { SYSTEM_FIELDS, type EntitySchema } from '../../../schemas/kinds';
import type { AppAbility } from '../../access/ability';
import { toCaslAction } from '../../access/refine-actions';

const allFieldsOf = (schema: EntitySchema) => [...SYSTEM_FIELDS, ...schema.fields.map((f) => f.name)];
/** The action that reads the entity's records (action plans are read with `readAcoes`). */
const readAction = (schema: EntitySchema) => toCaslAction(schema.subject, 'list', schema.actions);

/** Whether any read rule of the subject names fields (otherwise every field is readable, the usual case). */
export function hasReadFieldRules(ability: AppAbility, schema: EntitySchema): boolean {
  return ability.possibleRulesFor(readAction(schema) as never, schema.subject as never).some((r) => !!r.fields);
}

/** The fields of this record the caller may read, or undefined when all are. */
export function readableFields(ability: AppAbility, schema: EntitySchema, row: Record<string, unknown>): Set<string> | undefined {
  if (!hasReadFieldRules(ability, schema)) return undefined;
  const all = allFieldsOf(schema);
  return new Set(
    permittedFieldsOf(ability, readAction(schema) as never, subject(schema.subject, { ...row }) as never, { fieldsFrom: (rule) => rule.fields || all }),
  );
}

/** The record without the fields the caller may not read. */
export function stripUnreadable<T extends Record<string, unknown>>(ability: AppAbility, schema: EntitySchema, row: T): T {
  const allowed = readableFields(ability, schema, row);
  if (!allowed) return row;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (allowed.has(k)) out[k] = v;
  return out as T;
}
