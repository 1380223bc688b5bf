/**
 * Small pure helpers shared by the field renderers, the views and the export:
 * schema lookup for references, labels, defaults, layout spans.
 */
import { lowerLabel } from '../../../schemas/messages';
import { CURRENT_USER, NOW, TODAY, type EntitySchema, type FieldDef } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas/index';
import { todayIso } from '../format';
import { formatValue } from './format-value';

/** Target schema of a reference field (undefined when not registered). */
export function refTarget(field: FieldDef): EntitySchema | undefined {
  if (!field.ref) return undefined;
  try {
    return schemaByName(field.ref);
  } catch {
    return undefined;
  }
}

export function refKeyOf(field: FieldDef): string {
  return field.refKey ?? 'id';
}

/** System fields of every record, with Portuguese labels (history, export, column chooser). */
export const SYSTEM_FIELD_DEFS: FieldDef[] = [
  { name: 'id', kind: 'integer', label: 'ID' },
  { name: 'version', kind: 'integer', label: 'Versão' },
  { name: 'created_at', kind: 'datetime', label: 'Criado em' },
  { name: 'updated_at', kind: 'datetime', label: 'Atualizado em' },
  { name: 'created_by', kind: 'email', label: 'Criado por' },
  { name: 'updated_by', kind: 'email', label: 'Atualizado por' },
];

/** A field of the schema or a system field, by name. */
export function fieldByName(schema: EntitySchema, name: string): FieldDef | undefined {
  return schema.fields.find((f) => f.name === name) ?? SYSTEM_FIELD_DEFS.find((f) => f.name === name);
}

// Below the engine's folders (src/app/schema-fields.ts: the offline drafts use them too); importers keep using this module.
import { editableFields, visibleFields } from '../schema-fields';
export { editableFields, visibleFields };

/** Group fields by `group`, keeping the first-seen order; fields without group go to "Dados gerais". */
export function groupFields(fields: FieldDef[], fallback = 'Dados gerais'): { title: string; fields: FieldDef[] }[] {
  const groups: { title: string; fields: FieldDef[] }[] = [];
  for (const f of fields) {
    const title = f.group ?? fallback;
    let g = groups.find((x) => x.title === title);
    if (!g) {
      g = { title, fields: [] };
      groups.push(g);
    }
    g.fields.push(f);
  }
  return groups;
}

const WIDE_KINDS = new Set(['longtext', 'rows', 'object', 'attachments', 'images']);

/** antd Col props for a field in the responsive form grid. */
export function colSpan(field: FieldDef): { xs: number; sm?: number; md?: number; lg?: number } {
  const span = field.span ?? (WIDE_KINDS.has(field.kind) ? 'full' : 'half');
  if (span === 'full') return { xs: 24 };
  if (span === 'third') return { xs: 24, sm: 12, lg: 8 };
  return { xs: 24, md: 12 };
}

/** Initial form value of a field on create. */
export function defaultValueOf(field: FieldDef, user?: { mail: string; nome?: string }): unknown {
  if (field.default === CURRENT_USER) return user && field.kind === 'person' ? { ...user } : undefined;
  if (field.default === TODAY) return todayIso();
  if (field.default === NOW) return new Date().toISOString();
  if (field.default !== undefined && field.default !== null) return field.default;
  if (field.kind === 'boolean') return false;
  if (field.kind === 'object') {
    const out: Record<string, unknown> = {};
    for (const f of field.fields ?? []) {
      const v = defaultValueOf(f);
      if (v !== undefined) out[f.name] = v;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return undefined;
}

/** Initial values of the create form. */
export function defaultValues(schema: EntitySchema, user?: { mail: string; nome?: string }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of editableFields(schema)) {
    const v = defaultValueOf(f, user);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** A new sub-row of a `rows` field, with the sub-fields' defaults. */
export function newRow(field: FieldDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of field.fields ?? []) {
    const v = defaultValueOf(f);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** Record title for headers: the title field's value, else "#id". */
export function recordTitle(schema: EntitySchema, record: Record<string, unknown> | undefined): string {
  if (!record) return '';
  const v = record[schema.titleField];
  const f = fieldByName(schema, schema.titleField);
  // A reference as title (a survey's client company): the referenced record's title the API sends in `_titles`.
  const sent = f?.kind === 'reference' ? (record._titles as Record<string, { title?: unknown }> | undefined)?.[f.name]?.title : undefined;
  if (typeof sent === 'string' && sent) return sent;
  if (v !== undefined && v !== null && v !== '') return f ? formatValue(f, v) : String(v);
  return record.id !== undefined ? `#${String(record.id)}` : '';
}

/** 'Diário de obra' → 'diário de obra', but 'RDO' / 'TAF' stay as they are. */
export { lowerLabel };

/** The delete confirmation of a record of the schema ("Excluir esta obra?"), for Refine's DeleteButton. */
export function deleteConfirmProps(schema: EntitySchema): { confirmTitle: string; confirmOkText: string; confirmCancelText: string } {
  return {
    // A deletion goes to the trash (issue 35): say so where the person decides.
    confirmTitle: `Excluir ${schema.gender === 'f' ? 'esta' : 'este'} ${lowerLabel(schema.label)}? ${schema.gender === 'f' ? 'Ela' : 'Ele'} vai para a lixeira, de onde pode ser restaurad${schema.gender === 'f' ? 'a' : 'o'}.`,
    confirmOkText: 'Excluir',
    confirmCancelText: 'Cancelar',
  };
}
