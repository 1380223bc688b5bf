/** How a record kept on the device is named in "No aparelho": entity, site and date when it has them. */
import type { EntitySchema } from '../../../schemas/kinds';
import { formatDate } from '../format';
import type { FieldDef } from '../../../schemas/kinds';

/** A field's value as text (`formatValue` of src/app/fields/format-value.ts, passed in: the fields sit above the device's store). */
export type FormatFieldValue = (field: FieldDef, value: unknown) => string;

export function deviceTitle(schema: EntitySchema, values: Record<string, unknown>, formatValue: FormatFieldValue, recordId?: string): string {
  const parts = [schema.label];
  const titleField = schema.fields.find((f) => f.name === schema.titleField);
  const title = titleField ? formatValue(titleField, values[titleField.name]) : '';
  // A title that is the date is said once, as the date.
  if (recordId && titleField?.kind !== 'date') parts.push(title || `nº ${recordId}`);
  const obra = schema.obraField ? values[schema.obraField] : undefined;
  if (typeof obra === 'string' && obra) parts.push(`obra ${obra}`);
  const date = schema.fields.find((f) => f.kind === 'date' && values[f.name]);
  if (date) parts.push(formatDate(values[date.name]));
  return parts.join(' · ');
}
