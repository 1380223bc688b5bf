import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { DEFAULT_DECIMAL_SCALE, MONEY_SCALE } from '../../../schemas/kinds';

/** The SQL type of a field's column (see docs/conventions.md). */
export function sqlType(field: FieldDef, refKeyIsId = true): string {
  switch (field.kind) {
    case 'text':
    case 'longtext':
    case 'email':
    case 'enum':
      return 'text';
    case 'integer':
      return 'integer';
    case 'decimal':
      return `numeric(18,${field.scale ?? DEFAULT_DECIMAL_SCALE})`;
    case 'money':
      return `numeric(16,${MONEY_SCALE})`;
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    case 'reference':
      return refKeyIsId ? 'bigint' : 'text';
    case 'person':
    case 'object':
    case 'rows':
    case 'attachments':
    case 'images':
    case 'tags':
      return 'jsonb';
  }
}

export const JSON_KINDS = new Set(['person', 'object', 'rows', 'attachments', 'images', 'tags']);
export const isJsonField = (f: FieldDef) => JSON_KINDS.has(f.kind);
/** Kinds whose JSON value is an array. */
export const isJsonArrayField = (f: FieldDef) => ['rows', 'attachments', 'images', 'tags'].includes(f.kind);

export const refKeyOf = (f: FieldDef) => f.refKey ?? 'id';

export function fieldOf(schema: EntitySchema, name: string): FieldDef | undefined {
  return schema.fields.find((f) => f.name === name);
}

/** Quote an SQL identifier (field names are validated identifiers, but quote anyway). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
