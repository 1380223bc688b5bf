/**
 * Client-side validation rules derived from a field, mirroring the server's validation
 * (src/server/crud/validate.ts) and its Portuguese messages, so the user sees the same text
 * before and after a round trip.
 */
import type { FormRule } from 'antd';
import type { FieldDef, Person, StoredFile } from '../../../schemas/kinds';
import { toNumber } from '../format';
import { EMAIL_PATTERN, VALIDATION_MESSAGES, isEmptyValue } from '../../../schemas/messages';
import { maxLengthOf } from '../../../schemas/shared/limits';
import { CNPJ_INVALID, isValidCnpj } from '../../../schemas/shared/cnpj';

const EMAIL = EMAIL_PATTERN;
export const MESSAGES = VALIDATION_MESSAGES;

const TEXT_KINDS = new Set(['text', 'longtext', 'email']);
const LIST_KINDS = new Set(['rows', 'tags', 'attachments', 'images']);

const isEmpty = isEmptyValue;

const ok = () => Promise.resolve();
const fail = (msg: string) => Promise.reject(new Error(msg));

/** antd Form rules for a field (empty array when nothing to check). */
export function rulesFor(field: FieldDef): FormRule[] {
  const rules: FormRule[] = [];
  const { kind } = field;

  if (field.required && kind !== 'boolean') {
    if (kind === 'person') {
      rules.push({
        required: true,
        validator: (_r, v: Partial<Person> | null | undefined) => (v && typeof v === 'object' && v.mail?.trim() ? ok() : fail(MESSAGES.required)),
      });
    } else if (LIST_KINDS.has(kind)) {
      rules.push({ required: true, type: 'array', min: 1, message: MESSAGES.required });
    } else if (kind === 'object') {
      rules.push({
        required: true,
        validator: (_r, v: unknown) =>
          v && typeof v === 'object' && Object.values(v as Record<string, unknown>).some((x) => !isEmpty(x)) ? ok() : fail(MESSAGES.required),
      });
    } else {
      rules.push({
        required: true,
        validator: (_r, v: unknown) => (isEmpty(v) ? fail(MESSAGES.required) : ok()),
      });
    }
  }

  if (TEXT_KINDS.has(kind) || kind === 'enum') {
    rules.push({
      validator: (_r, v: unknown) => {
        if (isEmpty(v)) return ok();
        const s = String(v).trim();
        if (field.format === 'cnpj') return isValidCnpj(s) ? ok() : fail(CNPJ_INVALID);
        if (kind === 'email' && !EMAIL.test(s)) return fail(MESSAGES.email);
        if (kind === 'enum' && field.options && !field.options.includes(s)) return fail(MESSAGES.enum(field.options));
        if (s.length > maxLengthOf(field)) return fail(MESSAGES.maxLength(maxLengthOf(field)));
        if (field.minLength !== undefined && s.length < field.minLength) return fail(MESSAGES.minLength(field.minLength));
        return ok();
      },
    });
  }

  if (kind === 'integer' || kind === 'decimal' || kind === 'money') {
    rules.push({
      validator: (_r, v: unknown) => {
        if (isEmpty(v)) return ok();
        const n = toNumber(typeof v === 'string' ? v.replace(',', '.') : v);
        if (n === undefined) return fail(kind === 'integer' ? MESSAGES.integer : MESSAGES.number);
        if (kind === 'integer' && !Number.isInteger(n)) return fail(MESSAGES.integer);
        if (field.min !== undefined && n < field.min) return fail(MESSAGES.min(field.min));
        if (field.max !== undefined && n > field.max) return fail(MESSAGES.max(field.max));
        return ok();
      },
    });
  }

  if (kind === 'person') {
    rules.push({
      validator: (_r, v: Partial<Person> | null | undefined) => {
        const mail = v && typeof v === 'object' ? v.mail?.trim() : undefined;
        if (!mail) return v && typeof v === 'object' && v.nome?.trim() ? fail(MESSAGES.required) : ok();
        return EMAIL.test(mail) ? ok() : fail(MESSAGES.email);
      },
    });
  }

  if (kind === 'tags' && (field.maxLength !== undefined || field.minLength !== undefined)) {
    rules.push({
      validator: (_r, v: unknown) => {
        if (!Array.isArray(v)) return ok();
        for (const item of v) {
          const s = String(item).trim();
          if (field.maxLength !== undefined && s.length > field.maxLength) return fail(MESSAGES.tagLength(field.maxLength));
          if (field.minLength !== undefined && s.length < field.minLength) return fail(MESSAGES.minLength(field.minLength));
        }
        return ok();
      },
    });
  }

  if ((kind === 'attachments' || kind === 'images') && field.maxFiles !== undefined) {
    const max = field.maxFiles;
    rules.push({
      validator: (_r, v: StoredFile[] | undefined) => (Array.isArray(v) && v.length > max ? fail(MESSAGES.maxFiles(max)) : ok()),
    });
  }

  return rules;
}

/** Does `type` match one of the accepted MIME prefixes ('image/' matches 'image/png')? */
export function acceptsType(accept: string[] | undefined, type: string): boolean {
  if (!accept || accept.length === 0) return true;
  return accept.some((a) => type === a || type.startsWith(a));
}

/** Client-side check of a file before upload; returns the Portuguese error message or null. */
export function validateFile(field: FieldDef, file: { name: string; size: number; type: string }, currentCount = 0): string | null {
  if (!acceptsType(field.accept, file.type || '')) return MESSAGES.fileType(file.name);
  if (field.maxSizeMb !== undefined && file.size > field.maxSizeMb * 1024 * 1024) return MESSAGES.fileSize(file.name, field.maxSizeMb);
  if (field.maxFiles !== undefined && currentCount >= field.maxFiles) return MESSAGES.maxFiles(field.maxFiles);
  return null;
}
