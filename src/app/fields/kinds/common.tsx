/** Parts several kinds share: the plain-text display, format and spreadsheet cell. */
import React from 'react';
import type { FieldDef } from '../../../../schemas/kinds';
import { formatValue } from '../format-value';
import type { ExcelCell, FieldDisplayProps, FormatField } from './types';

/** Any value as text: objects as JSON. */
export const plainText = (_field: FormatField, value: unknown): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The value's text (`formatValue`) in a span. */
export function TextDisplay({ field, value }: FieldDisplayProps): React.ReactElement {
  return <span>{formatValue(field, value)}</span>;
}

/** The value's text as a text cell. */
export const textCell = (field: FieldDef, value: unknown): ExcelCell => ({ value: formatValue(field, value) });

/** "1 item", "2 itens". */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
