import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { CURRENT_USER, DEFAULT_DECIMAL_SCALE, MONEY_SCALE, NOW, SYSTEM_FIELDS, TODAY } from '../../../schemas/kinds';
import { todayIso } from '../time';
import { refKeyOf } from '../db/columns';
import { EMAIL_PATTERN, VALIDATION_MESSAGES, isEmptyValue } from '../../../schemas/messages';
import { ID_MAX, maxLengthOf, numericLimitOf } from '../../../schemas/shared/limits';
import { isValidDate, isValidDateTime } from './dates';
import { CNPJ_INVALID, isValidCnpj, normalizeCnpj } from '../../../schemas/shared/cnpj';

export type FieldErrors = Record<string, string[]>;

export interface ValidationResult {
  values: Record<string, unknown>;
  errors: FieldErrors;
}

const EMAIL = EMAIL_PATTERN;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const M = VALIDATION_MESSAGES;
const isEmpty = isEmptyValue;

/** Half-up rounding on the decimal representation (1.005 → 1.01, unlike n * 100 in binary). */
function round(n: number, scale: number) {
  if (String(n).includes('e')) return Math.round(n * 10 ** scale) / 10 ** scale;
  const shifted = Math.round(Number(`${n}e${scale}`));
  return Number(`${shifted}e-${scale}`);
}

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,30}([.,]\d{1,30})?$/.test(v.trim())) return Number(v.trim().replace(',', '.'));
  return undefined;
}

const validDate = (s: string) => DATE.test(s) && isValidDate(s);

/** The whole value matches the field's pattern (an administrator's regular expression; an invalid one matches nothing). */
function matchesPattern(pattern: string, s: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(s);
  } catch {
    return false;
  }
}

/** Validate and normalise one value of a field. Errors go to `errors[path]`. */
function value(field: FieldDef, raw: unknown, path: string, errors: FieldErrors): unknown {
  const err = (msg: string, p = path) => {
    (errors[p] ??= []).push(msg);
    return undefined;
  };
  if (isEmpty(raw)) return field.kind === 'boolean' ? (raw === undefined ? null : null) : null;
  switch (field.kind) {
    case 'text':
    case 'longtext':
    case 'email':
    case 'enum': {
      if (typeof raw !== 'string') return err(M.text);
      const s = raw.trim();
      if (field.format === 'cnpj') return isValidCnpj(s) ? normalizeCnpj(s) : err(CNPJ_INVALID);
      if (field.kind === 'email' && !EMAIL.test(s)) return err(M.email);
      if (field.kind === 'enum' && field.options && !field.options.includes(s)) return err(M.enum(field.options));
      if (s.length > maxLengthOf(field)) return err(M.maxLength(maxLengthOf(field)));
      if (field.minLength && s.length < field.minLength) return err(M.minLength(field.minLength));
      if (field.pattern && !matchesPattern(field.pattern, s)) return err(M.pattern);
      return s;
    }
    case 'integer':
    case 'decimal':
    case 'money': {
      const n = toNumber(raw);
      if (n === undefined) return err(field.kind === 'integer' ? M.integer : M.number);
      if (field.kind === 'integer' && !Number.isInteger(n)) return err(M.integer);
      if (field.min !== undefined && n < field.min) return err(M.min(field.min));
      if (field.max !== undefined && n > field.max) return err(M.max(field.max));
      // The column's range (int4, numeric(p, s)): beyond it the database would refuse the value.
      const scale = field.kind === 'money' ? MONEY_SCALE : field.kind === 'decimal' ? (field.scale ?? DEFAULT_DECIMAL_SCALE) : 0;
      const limit = numericLimitOf(field);
      const largest = field.kind === 'integer' ? limit - 1 : limit - 10 ** -scale;
      const r = round(n, scale);
      if (!Number.isFinite(r) || Math.abs(r) >= limit) return err(r < 0 ? M.min(-largest) : M.max(largest));
      return r;
    }
    case 'date': {
      if (typeof raw !== 'string') return err(M.date);
      const s = raw.length > 10 && /^\d{4}-\d{2}-\d{2}T/.test(raw) ? raw.slice(0, 10) : raw;
      return validDate(s) ? s : err(M.date);
    }
    case 'datetime': {
      if (typeof raw !== 'string' || !isValidDateTime(raw.trim())) return err(M.datetime);
      return new Date(raw.trim().replace(' ', 'T')).toISOString();
    }
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      return err(M.boolean);
    case 'reference': {
      if (refKeyOf(field) === 'id') {
        const n = toNumber(raw);
        if (n === undefined || !Number.isInteger(n) || n <= 0 || n > ID_MAX) return err('Selecione um registro válido.');
        return n;
      }
      if (typeof raw !== 'string' && typeof raw !== 'number') return err('Selecione um registro válido.');
      if (String(raw).trim().length > maxLengthOf(field)) return err('Selecione um registro válido.');
      return String(raw).trim();
    }
    case 'person': {
      if (typeof raw === 'string') raw = { mail: raw };
      if (typeof raw !== 'object' || Array.isArray(raw)) return err(M.object);
      const o = raw as Record<string, unknown>;
      const mail = typeof o.mail === 'string' ? o.mail.trim().toLowerCase() : '';
      if (!mail) return err(M.required, `${path}.mail`);
      if (!EMAIL.test(mail) || mail.length > maxLengthOf(field)) return err(M.email, `${path}.mail`);
      const extra = Object.keys(o).filter((k) => k !== 'mail' && k !== 'nome');
      if (extra.length) return err(M.unknown, `${path}.${extra[0]}`);
      const nome = typeof o.nome === 'string' && o.nome.trim() ? o.nome.trim().slice(0, 200) : undefined;
      return nome ? { mail, nome } : { mail };
    }
    case 'object': {
      if (typeof raw !== 'object' || Array.isArray(raw)) return err(M.object);
      const out = record(field.fields ?? [], raw as Record<string, unknown>, path, errors, false);
      // Empty sub-values are not stored (so `$exists` means the same in SQL and in CASL).
      for (const k of Object.keys(out)) if (isEmpty(out[k])) delete out[k];
      return Object.keys(out).length ? out : null;
    }
    case 'rows': {
      if (!Array.isArray(raw)) return err(M.list);
      if (field.maxFiles && raw.length > field.maxFiles) return err(M.maxFiles(field.maxFiles));
      if (raw.length > 500) return err('No máximo 500 linhas.');
      return raw.map((row, i) => {
        if (typeof row !== 'object' || row === null || Array.isArray(row)) return err(M.object, `${path}.${i}`);
        return record(field.fields ?? [], row as Record<string, unknown>, `${path}.${i}`, errors, true);
      });
    }
    case 'tags': {
      if (!Array.isArray(raw)) return err(M.list);
      const out: string[] = [];
      for (const t of raw) {
        if (typeof t !== 'string' && typeof t !== 'number') return err(M.text);
        const s = String(t).trim();
        if (!s) continue;
        if (s.length > maxLengthOf(field)) return err(M.maxLength(maxLengthOf(field)));
        if (!out.includes(s)) out.push(s);
      }
      return out;
    }
    case 'attachments':
    case 'images': {
      if (!Array.isArray(raw)) return err(M.list);
      if (field.maxFiles && raw.length > field.maxFiles) return err(M.maxFiles(field.maxFiles));
      const out = [];
      for (const f of raw) {
        const o = f as Record<string, unknown>;
        if (!o || typeof o !== 'object' || typeof o.key !== 'string' || !o.key || o.key.length > 1000) return err(M.file);
        out.push({
          key: o.key,
          name: typeof o.name === 'string' ? o.name.slice(0, 255) : o.key,
          size: typeof o.size === 'number' ? o.size : 0,
          type: typeof o.type === 'string' ? o.type.slice(0, 255) : 'application/octet-stream',
        });
      }
      return out;
    }
  }
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
export function validateBody(
  schema: EntitySchema,
  body: unknown,
  current?: Record<string, unknown>,
  user?: { mail: string; nome?: string },
): ValidationResult {
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
