/**
 * A field's value as plain pt-BR text, by the field's kind: the field-level formatter above the plain
 * helpers of src/app/format.ts (numbers, dates, people), which the kinds themselves use.
 */
import { appKindOf } from './kinds/registry';
import type { FormatField } from './kinds/types';

/**
 * Formats any field value as plain pt-BR text (list cells, export, history, tooltips): the `format`
 * of the field's kind (src/app/fields/kinds/).
 */
export function formatValue(field: FormatField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return appKindOf(field).format(field, value);
}
