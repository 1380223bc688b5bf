/**
 * Values a new record takes from a record it references (FieldDef.copies): the chosen template's
 * items for a materials list. Isomorphic: the API applies it on create, the form shows it at once.
 */
import type { EntitySchema, FieldDef } from './kinds';
import { isEmptyValue } from './messages';

export const copyingFields = (schema: EntitySchema): FieldDef[] =>
  schema.fields.filter((f) => f.kind === 'reference' && f.copies && Object.keys(f.copies).length);

/** What `source` (the record chosen in `field`) gives to the still-empty fields of `values`. */
export function copiedValues(field: FieldDef, source: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [target, from] of Object.entries(field.copies ?? {})) {
    const empty = isEmptyValue(values[target]) || (Array.isArray(values[target]) && (values[target] as unknown[]).length === 0);
    if (empty && !isEmptyValue(source[from])) out[target] = structuredClone(source[from]);
  }
  return out;
}
