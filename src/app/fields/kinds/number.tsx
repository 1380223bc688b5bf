/** Number kinds: `integer`, `decimal` (`scale` decimals) and `money` (BRL, 2 decimals). */
import React from 'react';
import { Link } from 'react-router';
import type { FieldDef } from '../../../../schemas/kinds';
import { DEFAULT_DECIMAL_SCALE, MONEY_SCALE } from '../../../../schemas/kinds';
import { schemaByName } from '../../../../schemas';
import { entityPaths } from '../../../../resources/routes';
import { formatDecimal, formatInteger, formatMoney, toNumber } from '../../format';
import { formatValue } from '../format-value';
import type { ExcelCell, FieldDisplayProps, FieldKindApp, KindFilter } from './types';

type NumberKind = 'integer' | 'decimal' | 'money';

/** Decimals the inputs and filters of a number field accept. */
const PRECISION: Record<NumberKind, (field: FieldDef) => number> = {
  integer: () => 0,
  decimal: (field) => field.scale ?? DEFAULT_DECIMAL_SCALE,
  money: () => MONEY_SCALE,
};

/** The InputNumber props of a number field (form input and range filter): decimals, "R$", keyboard. */
export function numberWidgetProps(field: FieldDef): { precision: number; prefix: string | undefined; inputMode: 'numeric' | 'decimal' } {
  const kind = field.kind as NumberKind;
  return {
    precision: (PRECISION[kind] ?? PRECISION.decimal)(field),
    prefix: kind === 'money' ? 'R$' : undefined,
    inputMode: kind === 'integer' ? 'numeric' : 'decimal',
  };
}

/** The record an id field names (`recordOf`), as "<label> nº <id>" linked to its page. */
function RecordIdLink({ schemaName, id }: { schemaName: string; id: string }): React.ReactElement {
  const target = schemaByName(schemaName);
  const text = `${target?.label ?? 'Registro'} nº ${id}`;
  if (!target) return <span>{text}</span>;
  return (
    <Link to={entityPaths(target).show.replace(':id', encodeURIComponent(id))} onClick={(e) => e.stopPropagation()}>
      {text}
    </Link>
  );
}

function NumberDisplay({ field, value }: FieldDisplayProps): React.ReactElement {
  if (field.recordOf) return <RecordIdLink schemaName={field.recordOf} id={String(value)} />;
  return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatValue(field, value)}</span>;
}

/** A number cell with its Excel format; a value that is not a number stays as text. */
const numberCell =
  (numFmt: (field: FieldDef) => string) =>
  (field: FieldDef, value: unknown): ExcelCell => {
    const n = toNumber(value);
    return n === undefined ? { value: String(value) } : { value: n, numFmt: numFmt(field) };
  };

const RANGE: KindFilter = { family: 'range', dropdown: 'NumberRangeFilter' };
const numberFromText = (_field: FieldDef, t: string): number | undefined => (t.trim() !== '' && Number.isFinite(Number(t)) ? Number(t) : undefined);

export const integer: FieldKindApp = {
  Input: { widget: 'NumberInput' },
  Display: NumberDisplay,
  Filter: RANGE,
  exportCell: numberCell(() => '0'),
  format: (_field, value) => formatInteger(value),
  fromText: numberFromText,
};

export const decimal: FieldKindApp = {
  Input: { widget: 'NumberInput' },
  Display: NumberDisplay,
  Filter: RANGE,
  exportCell: numberCell((field) => {
    const scale = field.scale ?? DEFAULT_DECIMAL_SCALE;
    return scale > 0 ? `#,##0.${'0'.repeat(scale)}` : '#,##0';
  }),
  format: (field, value) => formatDecimal(value, field.scale ?? DEFAULT_DECIMAL_SCALE),
  fromText: numberFromText,
};

export const money: FieldKindApp = {
  Input: { widget: 'NumberInput' },
  Display: NumberDisplay,
  Filter: RANGE,
  exportCell: numberCell(() => '"R$" #,##0.00;-"R$" #,##0.00'),
  format: (_field, value) => formatMoney(value),
  fromText: numberFromText,
};
