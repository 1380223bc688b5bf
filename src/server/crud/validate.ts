import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { CURRENT_USER, NOW, SYSTEM_FIELDS, TODAY } from '../../../schemas/kinds';
import { todayIso } from '../time';
import { VALIDATION_MESSAGES, isEmptyValue } from '../../../schemas/messages';
import { kindOf } from '../fields/registry';
import type { FieldErrors } from '../http/errors';

// Declared with the API's errors (src/server/http), below the engine; importers keep using this module.
export type { FieldErrors };

export interface ValidationResult {
  values: Record<string, unknown>;
  errors: FieldErrors;
}

const M = VALIDATION_MESSAGES;
const isEmpty = isEmptyValue;

/** Validate and normalise one value of a field, by its kind (src/server/fields/kinds/). Errors go to `errors[path]`. */
function value(field: FieldDef, raw: unknown, path: string, errors: FieldErrors): unknown {
  if (isEmpty(raw)) return null;
  return kindOf(field).validate(field, raw, {
    path,
    error(msg, at = path) {
      (errors[at] ??= []).push(msg);
      return undefined;
    },
    record: (fields, input, prefix, checkRequired) => record(fields, input, prefix, errors, checkRequired),
  });
}

function record(fields: FieldDef[], input: Record<string, unknown>, prefix: string, errors: FieldErrors, checkRequired: boolean) {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(input)) {
    if (!fields.some((f) => f.name === k)) (errors[prefix ? `${prefix}.${k}` : k] ??= []).push(M.unknown);
  }
  for (const f of fields) {
    const p = prefix ? `${prefix}.${f.name}` : f.name;
    if (!Object.hasOwn(input, f.name)) {
      if (checkRequired && f.required) (errors[p] ??= []).push(M.required);
      continue;
    }
    const v = value(f, input[f.name], p, errors);
    if (checkRequired && f.required && isEmpty(v) && !errors[p]) (errors[p] ??= []).push(M.required);
    out[f.name] = v;
  }
  return out;
}

/** System columns and the titles the API sends with a record (`_titles`, reference-titles.ts): an edit may send them back unchanged. */
const IGNORED = new Set<string>([...SYSTEM_FIELDS, '_titles']);

/**
 * Validate a create (full) or update (partial) body against the schema.
 * `current` is the stored record for updates: required fields are checked on the merged result.
 */
export function validateBody(schema: EntitySchema, body: unknown, current?: Record<string, unknown>, user?: { mail: string; nome?: string }): ValidationResult {
  // No prototype: keys such as `toString` or `__proto__` are plain (unknown) keys here.
  const errors: FieldErrors = Object.create(null);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { values: {}, errors: { _: ['O corpo da requisição deve ser um objeto JSON.'] } };
  }
  const input: Record<string, unknown> = Object.create(null);
  for (const [k, v] of Object.entries(body)) {
    if (IGNORED.has(k)) continue;
    const f = schema.fields.find((x) => x.name === k);
    if (f?.readOnly) continue; // set by the server or a workflow, never by the client
    input[k] = v;
  }
  const writable = schema.fields.filter((f) => !f.readOnly);
  if (!current) {
    for (const f of writable) {
      if (f.name in input || f.default === undefined) continue;
      if (f.default === CURRENT_USER) {
        if (user && f.kind === 'person') input[f.name] = { ...user };
      } else if (f.default === TODAY) input[f.name] = todayIso();
      else if (f.default === NOW) input[f.name] = new Date().toISOString();
      else input[f.name] = f.default;
    }
  }
  const values = record(writable, input, '', errors, false);
  for (const f of writable) {
    if (!f.required || errors[f.name]) continue;
    const v = f.name in values ? values[f.name] : current?.[f.name];
    if (isEmpty(v)) (errors[f.name] ??= []).push(M.required);
  }
  return { values, errors };
}
