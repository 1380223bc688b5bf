/**
 * The bounds every field of a kind has even when its schema declares none, so that no value the
 * API accepts can overflow a column or an index: validation (server and forms) and the OpenAPI
 * description read them from here.
 */
import type { FieldDef } from '../kinds';
import { DEFAULT_DECIMAL_SCALE, MONEY_SCALE } from '../kinds';

/**
 * Default maximum length by kind. A single-line text is indexed (btree rows hold at most 2704
 * bytes: 500 characters of up to 4 bytes each fit), a long text is not.
 */
const DEFAULT_MAX_LENGTH: Partial<Record<FieldDef['kind'], number>> = {
  text: 500,
  email: 254,
  enum: 200,
  longtext: 20000,
  tags: 100,
  reference: 200, // a reference stored by a text key (refKey other than 'id')
  person: 254, // the person's e-mail
};

export function maxLengthOf(field: FieldDef): number {
  return field.maxLength ?? DEFAULT_MAX_LENGTH[field.kind] ?? 500;
}

/** Largest integer column value (PostgreSQL `integer`). */
export const INT4_MAX = 2147483647;
/** Largest id a reference may name: ids are `bigint`, and JSON numbers are exact up to 2^53 − 1. */
export const ID_MAX = Number.MAX_SAFE_INTEGER;

/** The scale (decimals) of a numeric field. */
export function scaleOf(field: FieldDef): number {
  return field.kind === 'money' ? MONEY_SCALE : field.kind === 'decimal' ? (field.scale ?? DEFAULT_DECIMAL_SCALE) : 0;
}

/**
 * Absolute values a numeric field's column can hold must stay below this: numeric(18, scale) for
 * decimals, numeric(16, 2) for money (both capped at 10^14, which the forms' numbers keep exact).
 */
export function numericLimitOf(field: FieldDef): number {
  if (field.kind === 'integer') return INT4_MAX + 1;
  const digits = field.kind === 'money' ? 16 : 18;
  return Math.min(1e14, 10 ** (digits - scaleOf(field)));
}
