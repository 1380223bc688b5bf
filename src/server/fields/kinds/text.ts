/** Text kinds: single-line text, long text, e-mail and enum (one of `options`). All kept as `text`. */
import type { FieldDef } from '../../../../schemas/kinds';
import { EMAIL_PATTERN, VALIDATION_MESSAGES as M } from '../../../../schemas/messages';
import { maxLengthOf } from '../../../../schemas/shared/limits';
import { CNPJ_INVALID, isValidCnpj, normalizeCnpj } from '../../../../schemas/shared/cnpj';
import type { FieldKindServer, FilterOp, JsonSchema, ValidateContext } from '../types';

/** The whole value matches the field's pattern (an administrator's regular expression; an invalid one matches nothing). */
function matchesPattern(pattern: string, s: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(s);
  } catch {
    return false;
  }
}

/** Trimmed text within the field's bounds; special cases: `format: 'cnpj'`, e-mail, enum options. */
function validateText(field: FieldDef, raw: unknown, ctx: ValidateContext): unknown {
  if (typeof raw !== 'string') return ctx.error(M.text);
  const s = raw.trim();
  if (field.format === 'cnpj') return isValidCnpj(s) ? normalizeCnpj(s) : ctx.error(CNPJ_INVALID);
  if (field.kind === 'email' && !EMAIL_PATTERN.test(s)) return ctx.error(M.email);
  if (field.kind === 'enum' && field.options && !field.options.includes(s)) return ctx.error(M.enum(field.options));
  if (s.length > maxLengthOf(field)) return ctx.error(M.maxLength(maxLengthOf(field)));
  if (field.minLength && s.length < field.minLength) return ctx.error(M.minLength(field.minLength));
  if (field.pattern && !matchesPattern(field.pattern, s)) return ctx.error(M.pattern);
  return s;
}

export const TEXT_OPERATORS: readonly FilterOp[] = ['eq', 'ne', 'like'];

function textKind(jsonSchema: (field: FieldDef) => JsonSchema, index: FieldKindServer['index'] = 'btree'): FieldKindServer {
  return {
    sqlType: () => 'text',
    json: undefined,
    subFields: () => [],
    ownPath: 'self',
    jsonSchema,
    validate: validateText,
    filterValueError: () => undefined,
    filterOperators: () => TEXT_OPERATORS,
    sortable: true,
    index,
  };
}

const minLength = (field: FieldDef) => (field.minLength ? { minLength: field.minLength } : {});

export const text = textKind((field) => ({ type: 'string', maxLength: maxLengthOf(field), ...minLength(field) }));
// A long text is not indexed (a btree row holds at most 2704 bytes).
export const longtext = textKind((field) => ({ type: 'string', maxLength: maxLengthOf(field), ...minLength(field) }), undefined);
export const email = textKind((field) => ({ type: 'string', format: 'email', maxLength: maxLengthOf(field) }));
export const enumKind = textKind((field) => ({ type: 'string', enum: field.options ?? [] }));
