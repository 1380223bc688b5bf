/** Number kinds: integer (`integer`), decimal (`numeric(18, scale)`) and money (`numeric(16, 2)`). */
import type { FieldDef } from '../../../../schemas/kinds';
import { DEFAULT_DECIMAL_SCALE, MONEY_SCALE } from '../../../../schemas/kinds';
import { VALIDATION_MESSAGES as M } from '../../../../schemas/messages';
import { INT4_MAX, numericLimitOf, scaleOf } from '../../../../schemas/shared/limits';
import type { FieldKindServer, FilterOp, JsonSchema, ValidateContext } from '../types';

/** Half-up rounding on the decimal representation (1.005 → 1.01, unlike n * 100 in binary). */
function round(n: number, scale: number) {
  if (String(n).includes('e')) return Math.round(n * 10 ** scale) / 10 ** scale;
  const shifted = Math.round(Number(`${n}e${scale}`));
  return Number(`${shifted}e-${scale}`);
}

/** A number, or a text holding one ('12,5' too). */
export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,30}([.,]\d{1,30})?$/.test(v.trim())) return Number(v.trim().replace(',', '.'));
  return undefined;
}

function validateNumber(field: FieldDef, raw: unknown, ctx: ValidateContext): unknown {
  const n = toNumber(raw);
  if (n === undefined) return ctx.error(field.kind === 'integer' ? M.integer : M.number);
  if (field.kind === 'integer' && !Number.isInteger(n)) return ctx.error(M.integer);
  if (field.min !== undefined && n < field.min) return ctx.error(M.min(field.min));
  if (field.max !== undefined && n > field.max) return ctx.error(M.max(field.max));
  // The column's range (int4, numeric(p, s)): beyond it the database would refuse the value.
  const scale = scaleOf(field);
  const limit = numericLimitOf(field);
  const largest = field.kind === 'integer' ? limit - 1 : limit - 10 ** -scale;
  const r = round(n, scale);
  if (!Number.isFinite(r) || Math.abs(r) >= limit) return ctx.error(r < 0 ? M.min(-largest) : M.max(largest));
  return r;
}

export const ORDERED_OPERATORS: readonly FilterOp[] = ['eq', 'ne', 'gte', 'lte'];

export const INVALID_FILTER = (shown: string) => `Valor inválido para filtro: "${shown}".`;
export const OUT_OF_RANGE_FILTER = (shown: string) => `Valor fora do intervalo permitido no filtro: "${shown}".`;

/** A whole number within ±`max` as a filter value. */
export function wholeFilterError(value: string, shown: string, max: number): string | undefined {
  if (!/^-?\d{1,16}$/.test(value)) return INVALID_FILTER(shown);
  if (Math.abs(Number(value)) > max) return OUT_OF_RANGE_FILTER(shown);
  return undefined;
}

function decimalSchema(field: FieldDef): JsonSchema {
  const limit = numericLimitOf(field);
  const bounds: JsonSchema = {};
  if (field.min !== undefined) bounds.minimum = field.min;
  else bounds.exclusiveMinimum = -limit;
  if (field.max !== undefined) bounds.maximum = field.max;
  else bounds.exclusiveMaximum = limit;
  return { type: 'number', ...bounds, description: [field.help, `Arredondado a ${scaleOf(field)} casas decimais.`].filter(Boolean).join(' ') };
}

const decimalFilterError = (_: FieldDef, value: string, shown: string) => (/^-?\d{1,20}(\.\d{1,20})?$/.test(value) ? undefined : INVALID_FILTER(shown));

export const integer: FieldKindServer = {
  sqlType: () => 'integer',
  json: undefined,
  subFields: () => [],
  ownPath: 'self',
  jsonSchema: (field) => ({ type: 'integer', minimum: field.min ?? -INT4_MAX, maximum: field.max ?? INT4_MAX }),
  validate: validateNumber,
  filterValueError: (_, value, shown) => wholeFilterError(value, shown, INT4_MAX),
  filterOperators: () => ORDERED_OPERATORS,
  sortable: true,
  index: 'btree',
};

export const decimal: FieldKindServer = {
  sqlType: (field) => `numeric(18,${field.scale ?? DEFAULT_DECIMAL_SCALE})`,
  json: undefined,
  subFields: () => [],
  ownPath: 'self',
  jsonSchema: decimalSchema,
  validate: validateNumber,
  filterValueError: decimalFilterError,
  filterOperators: () => ORDERED_OPERATORS,
  sortable: true,
  index: 'btree',
};

export const money: FieldKindServer = {
  ...decimal,
  sqlType: () => `numeric(16,${MONEY_SCALE})`,
};
