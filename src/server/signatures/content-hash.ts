/**
 * The fingerprint of a record's content, stored with each signature (issue 26): SHA-256 (hex) of a
 * canonical JSON (keys sorted by code point, at every depth) of the schema's content fields. Left
 * out is what changes without the content changing: the workflow state, the system columns
 * (id, version, audit stamps), the SLA bookkeeping, the values transitions stamp and the other
 * read-only fields the server keeps (the record's number stays: it identifies the document).
 *
 * The administrators' custom fields (schemas/overlay.ts, named `cx…`) are content too: given the
 * effective schema (signed-schema.ts), each custom field with a value is part of it, hidden ones
 * included (their values stay stored). An empty custom field is left out, so a record without custom
 * values hashes as before, and adding a custom field to the entity leaves earlier signatures valid.
 */
import { createHash } from 'node:crypto';
import type { EntitySchema } from '../../../schemas/kinds';
import { SLA_FIELD_NAMES } from '../../../schemas/shared/sla';
import { CUSTOM_FIELD_NAME } from '../../../schemas/overlay-types';
import { isEmptyValue } from '../../../schemas/messages';

const isCustom = (name: string) => CUSTOM_FIELD_NAME.test(name);

/** JSON with object keys sorted (code point order), `undefined` as null: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The names of the schema's code fields that make up its content (custom fields: `customContentFields`). */
export function contentFields(schema: EntitySchema): string[] {
  const wf = schema.workflow;
  const stamped = new Set((wf?.transitions ?? []).flatMap((t) => Object.keys(t.set ?? {})));
  const sla = new Set<string>(SLA_FIELD_NAMES);
  return schema.fields
    .filter((f) => !isCustom(f.name) && f.name !== wf?.field && !sla.has(f.name) && !stamped.has(f.name))
    .filter((f) => !f.readOnly || f.name === schema.numbering?.field)
    .map((f) => f.name);
}

/** The custom fields of an effective schema (none in a code schema). */
export function customContentFields(schema: EntitySchema): string[] {
  return schema.fields.filter((f) => isCustom(f.name)).map((f) => f.name);
}

/** The canonical content of a record (what the hash is taken of). */
export function canonicalContent(schema: EntitySchema, row: Record<string, unknown>): string {
  const content: Record<string, unknown> = Object.fromEntries(contentFields(schema).map((name) => [name, row[name] ?? null]));
  for (const name of customContentFields(schema)) if (!isEmptyValue(row[name])) content[name] = row[name];
  return canonicalJson(content);
}

/** SHA-256, hex, of the record's canonical content. */
export function contentHash(schema: EntitySchema, row: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalContent(schema, row), 'utf8').digest('hex');
}
