/**
 * The registry of field kinds (server side): every `FieldKind` of schemas/kinds.ts → its
 * descriptor. `Record<FieldKind, …>` makes a kind without a descriptor a type error, and
 * src/server/fields/registry.test.ts fails when a descriptor lacks a part or a schema uses an
 * unknown kind. To add a kind, see docs/architecture.md ("A field kind").
 */
import type { FieldDef, FieldKind } from '../../../schemas/kinds';
import type { FieldKindServer } from './types';
import { boolean } from './kinds/boolean';
import { date, datetime } from './kinds/dates';
import { files, object, person, rows, tags } from './kinds/json';
import { decimal, integer, money } from './kinds/number';
import { reference } from './kinds/reference';
import { email, enumKind, longtext, text } from './kinds/text';

export const FIELD_KINDS: Record<FieldKind, FieldKindServer> = {
  text,
  longtext,
  email,
  integer,
  decimal,
  money,
  date,
  datetime,
  boolean,
  enum: enumKind,
  reference,
  person,
  object,
  rows,
  attachments: files,
  images: files,
  tags,
};

/** The descriptor of a field's kind. */
export function kindOf(field: Pick<FieldDef, 'kind'>): FieldKindServer {
  const d = FIELD_KINDS[field.kind];
  if (!d) throw new Error(`Tipo de campo desconhecido: ${field.kind}`);
  return d;
}

/** The field's column type (`numeric(18,4)`, `bigint`, `jsonb`...). */
export const sqlTypeOf = (field: FieldDef): string => kindOf(field).sqlType(field);

/** The type a value is cast to in SQL: the column type without its modifier (`numeric(18,4)` → `numeric`). */
export const castTypeOf = (field: FieldDef): string => sqlTypeOf(field).replace(/\(.*\)$/, '');

/** Kept as JSON (jsonb). */
export const isJsonField = (field: FieldDef) => kindOf(field).json !== undefined;
/** Kept as a JSON list (rows, files, tags). */
export const isJsonArrayField = (field: FieldDef) => {
  const shape = kindOf(field).json;
  return shape === 'objects' || shape === 'strings';
};

export type { FieldKindServer, FilterOp, JsonSchema, JsonShape } from './types';
export { refKeyOf } from './types';
