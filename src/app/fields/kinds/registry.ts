/**
 * The registry of field kinds (app side): every `FieldKind` of schemas/kinds.ts → its descriptor
 * (`FieldKindApp`, ./types.ts). `Record<FieldKind, …>` makes a kind without a descriptor a type
 * error, and ./registry.test.ts fails when a descriptor lacks a part or a schema uses a kind without
 * one. The server's descriptors of the same kinds are src/server/fields/registry.ts. To add a kind,
 * see docs/architecture.md ("A field kind").
 */
import type { FieldDef, FieldKind } from '../../../../schemas/kinds';
import type { FieldKindApp } from './types';
import { boolean } from './boolean';
import { date, datetime } from './dates';
import { attachments, images, object, person, rows, tags } from './json';
import { decimal, integer, money } from './number';
import { reference } from './reference';
import { email, enumKind, longtext, text } from './text';

export const FIELD_KINDS_APP: Record<FieldKind, FieldKindApp> = {
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
  attachments,
  images,
  tags,
};

/** The descriptor of a field's kind (a kind the registry does not know is shown and edited as text). */
export function appKindOf(field: Pick<FieldDef, 'kind'>): FieldKindApp {
  return FIELD_KINDS_APP[field.kind] ?? FIELD_KINDS_APP.text;
}

export type { ExcelCell, FieldDisplayProps, FieldInputProps, FieldKindApp, FilterFamily, KindFilter, KindInput, ValueAdapters } from './types';
