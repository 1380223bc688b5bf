/**
 * Which of a schema's fields a form edits and a page shows: plain rules over the schema, used by the
 * field helpers (src/app/fields/options.ts re-exports them) and by the offline drafts' merge
 * (src/app/offline/merge.ts), which sit on either side of each other otherwise.
 */
import type { EntitySchema, FieldDef } from '../../schemas/kinds';

/** Fields a user edits in forms. */
export function editableFields(schema: EntitySchema): FieldDef[] {
  return schema.fields.filter((f) => !f.hidden && !f.readOnly);
}

/** Fields shown on the show page. */
export function visibleFields(schema: EntitySchema): FieldDef[] {
  return schema.fields.filter((f) => !f.hidden);
}
