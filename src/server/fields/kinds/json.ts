/**
 * Kinds kept as JSON (`jsonb`): a person ({ mail, nome }), an object with its own `fields`, a list
 * of rows with their own `fields`, tags (a list of short texts) and stored files (attachments, images).
 */
import type { FieldDef } from '../../../../schemas/kinds';
import { EMAIL_PATTERN, VALIDATION_MESSAGES as M, isEmptyValue } from '../../../../schemas/messages';
import { maxLengthOf } from '../../../../schemas/shared/limits';
import type { FieldKindServer, JsonSchemaContext } from '../types';
import { checkPhotoMeta } from '../../../../schemas/shared/photo-meta';
import { TEXT_OPERATORS } from './text';

const propertiesOf = (fields: FieldDef[], ctx: JsonSchemaContext) => Object.fromEntries(fields.map((f) => [f.name, ctx.fieldSchema(f, true)]));

/** The paths of a person: `siteManager.mail` (the key, also what `siteManager=…` filters on) and `siteManager.nome`. */
const PERSON_PATHS: FieldDef[] = [
  { name: 'mail', kind: 'text', label: 'E-mail' },
  { name: 'nome', kind: 'text', label: 'Nome' },
];

const jsonKind = {
  sqlType: () => 'jsonb',
  filterValueError: () => undefined,
} as const;

export const person: FieldKindServer = {
  ...jsonKind,
  json: 'object',
  subFields: () => PERSON_PATHS,
  ownPath: 'mail',
  jsonSchema: (_field, ctx) => ({ allOf: [ctx.ref('Pessoa')] }),
  validate(field, raw, ctx) {
    if (typeof raw === 'string') raw = { mail: raw };
    if (typeof raw !== 'object' || Array.isArray(raw)) return ctx.error(M.object);
    const o = raw as Record<string, unknown>;
    const mail = typeof o.mail === 'string' ? o.mail.trim().toLowerCase() : '';
    if (!mail) return ctx.error(M.required, `${ctx.path}.mail`);
    if (!EMAIL_PATTERN.test(mail) || mail.length > maxLengthOf(field)) return ctx.error(M.email, `${ctx.path}.mail`);
    const extra = Object.keys(o).filter((k) => k !== 'mail' && k !== 'nome');
    if (extra.length) return ctx.error(M.unknown, `${ctx.path}.${extra[0]}`);
    const nome = typeof o.nome === 'string' && o.nome.trim() ? o.nome.trim().slice(0, 200) : undefined;
    return nome ? { mail, nome } : { mail };
  },
  // Filtered through its sub-paths (OpenAPI lists `campo.mail` and `campo.nome`).
  filterOperators: () => [],
  sortable: true,
  index: 'btree',
};

export const object: FieldKindServer = {
  ...jsonKind,
  json: 'object',
  subFields: (field) => field.fields ?? [],
  ownPath: undefined,
  jsonSchema: (field, ctx) => ({ type: 'object', properties: propertiesOf(field.fields ?? [], ctx), additionalProperties: false }),
  validate(field, raw, ctx) {
    if (typeof raw !== 'object' || Array.isArray(raw)) return ctx.error(M.object);
    const out = ctx.record(field.fields ?? [], raw as Record<string, unknown>, ctx.path, false);
    // Empty sub-values are not stored (so `$exists` means the same in SQL and in CASL).
    for (const k of Object.keys(out)) if (isEmptyValue(out[k])) delete out[k];
    return Object.keys(out).length ? out : null;
  },
  filterOperators: () => [],
  sortable: false,
  index: 'gin',
};

/** Most rows a `rows` field holds when it declares no `maxFiles`. */
export const MAX_ROWS = 500;

export const rows: FieldKindServer = {
  ...jsonKind,
  json: 'objects',
  subFields: (field) => field.fields ?? [],
  ownPath: undefined,
  jsonSchema(field, ctx) {
    const subs = field.fields ?? [];
    const required = subs.filter((s) => s.required).map((s) => s.name);
    return {
      type: 'array',
      maxItems: field.maxFiles ?? MAX_ROWS,
      items: { type: 'object', properties: propertiesOf(subs, ctx), ...(required.length ? { required } : {}), additionalProperties: false },
    };
  },
  validate(field, raw, ctx) {
    if (!Array.isArray(raw)) return ctx.error(M.list);
    if (field.maxFiles && raw.length > field.maxFiles) return ctx.error(M.maxFiles(field.maxFiles));
    if (raw.length > MAX_ROWS) return ctx.error(`No máximo ${MAX_ROWS} linhas.`);
    return raw.map((row, i) => {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) return ctx.error(M.object, `${ctx.path}.${i}`);
      return ctx.record(field.fields ?? [], row as Record<string, unknown>, `${ctx.path}.${i}`, true);
    });
  },
  filterOperators: () => [],
  sortable: false,
  index: undefined,
};

export const tags: FieldKindServer = {
  ...jsonKind,
  json: 'strings',
  subFields: () => [],
  ownPath: 'self',
  jsonSchema: (field) => ({ type: 'array', items: { type: 'string', maxLength: maxLengthOf(field) }, uniqueItems: true }),
  validate(field, raw, ctx) {
    if (!Array.isArray(raw)) return ctx.error(M.list);
    const out: string[] = [];
    for (const t of raw) {
      if (typeof t !== 'string' && typeof t !== 'number') return ctx.error(M.text);
      const s = String(t).trim();
      if (!s) continue;
      if (s.length > maxLengthOf(field)) return ctx.error(M.maxLength(maxLengthOf(field)));
      if (!out.includes(s)) out.push(s);
    }
    return out;
  },
  // "Contains any of" / "contains none of" / "one of them contains the text".
  filterOperators: () => TEXT_OPERATORS,
  sortable: false,
  index: 'gin',
};

/** attachments and images: lists of stored files ({ key, name, size, type, and for photos tiradaEm, latitude, longitude }, uploaded by POST /arquivos). */
export const files: FieldKindServer = {
  ...jsonKind,
  json: 'objects',
  subFields: () => [],
  ownPath: undefined,
  jsonSchema: (field, ctx) => ({ type: 'array', items: ctx.ref('Arquivo'), ...(field.maxFiles ? { maxItems: field.maxFiles } : {}) }),
  validate(field, raw, ctx) {
    if (!Array.isArray(raw)) return ctx.error(M.list);
    if (field.maxFiles && raw.length > field.maxFiles) return ctx.error(M.maxFiles(field.maxFiles));
    const out = [];
    for (const [i, f] of raw.entries()) {
      const o = f as Record<string, unknown>;
      if (!o || typeof o !== 'object' || typeof o.key !== 'string' || !o.key || o.key.length > 1000) return ctx.error(M.file);
      const meta = checkPhotoMeta(o);
      const [bad] = Object.entries(meta.errors);
      if (bad) return ctx.error(bad[1][0]!, `${ctx.path}.${i}.${bad[0]}`);
      out.push({
        key: o.key,
        name: typeof o.name === 'string' ? o.name.slice(0, 255) : o.key,
        size: typeof o.size === 'number' ? o.size : 0,
        type: typeof o.type === 'string' ? o.type.slice(0, 255) : 'application/octet-stream',
        ...meta.value,
      });
    }
    return out;
  },
  filterOperators: () => [],
  sortable: false,
  index: undefined,
};
