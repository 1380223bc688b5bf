/**
 * The effective schema (schemas/overlay.ts): the code schema with the administrators' overlay
 * applied, and the field lookups the configuration screens use (sub-fields by dotted name).
 */
import type { EntitySchema, FieldDef } from './kinds';
import type { CustomFieldDef, FieldOverlay, SchemaOverlay } from './overlay-types';

export const customOf = (overlay: SchemaOverlay, name: string) => overlay.custom?.find((c) => c.name === name);

/** Kinds whose sub-fields an administrator may configure (`<field>.<sub-field>`). */
const PARENT_KINDS = new Set(['rows', 'object']);

/** A sub-field by its dotted name (`itens.tipoResposta`), with its parent; undefined for any other name. */
export function subFieldOf(schema: EntitySchema, name: string): { parent: FieldDef; field: FieldDef } | undefined {
  const parts = name.split('.');
  if (parts.length !== 2) return undefined;
  const parent = schema.fields.find((f) => f.name === parts[0] && PARENT_KINDS.has(f.kind));
  const field = parent?.fields?.find((f) => f.name === parts[1]);
  return parent && field ? { parent, field } : undefined;
}

/** The dotted names of a field's configurable sub-fields (none unless it is a table or group of fields). */
export function subFieldNames(f: FieldDef): string[] {
  return PARENT_KINDS.has(f.kind) && f.fields?.length ? f.fields.map((s) => `${f.name}.${s.name}`) : [];
}

/** A field or sub-field by name, as the configuration screens handle it (a sub-field under its dotted name). */
export function findField(schema: EntitySchema, name: string): FieldDef | undefined {
  const sub = subFieldOf(schema, name);
  if (sub) return { ...sub.field, name };
  return schema.fields.find((f) => f.name === name);
}

/** A field's label for messages and history; a sub-field's with its table's ("Itens do checklist › Tipo de resposta"). */
export function fieldTitle(schema: EntitySchema, name: string): string {
  const sub = subFieldOf(schema, name);
  if (sub) return `${sub.parent.label} › ${sub.field.label}`;
  return schema.fields.find((f) => f.name === name)?.label ?? name;
}

/** A field's sub-fields with their overlays applied. */
function withSubOverlays(f: FieldDef, overlay: SchemaOverlay): FieldDef {
  if (!overlay.fields || !subFieldNames(f).some((n) => overlay.fields![n])) return f;
  return { ...f, fields: f.fields!.map((s) => overlayField(s, overlay.fields![`${f.name}.${s.name}`])) };
}

function customToField(c: CustomFieldDef): FieldDef {
  const f: FieldDef = { name: c.name, kind: c.kind, label: c.label };
  for (const k of ['help', 'placeholder', 'group', 'options', 'min', 'max', 'maxLength', 'pattern', 'ref'] as const) {
    if (c[k] !== undefined && c[k] !== null) (f as unknown as Record<string, unknown>)[k] = c[k];
  }
  if (c.storage === 'json') f.storage = 'json';
  if (c.internal) f.internal = true;
  if (c.hidden) return { ...f, hidden: true, readOnly: true };
  for (const k of ['required', 'list', 'filter', 'search', 'sort'] as const) if (c[k]) f[k] = true;
  return f;
}

export function overlayField(base: FieldDef, o: FieldOverlay | undefined): FieldDef {
  if (!o) return base;
  const f: FieldDef = { ...base };
  for (const k of ['label', 'help', 'placeholder', 'group'] as const) if (o[k] !== undefined) f[k] = o[k];
  for (const k of ['list', 'filter', 'search', 'sort'] as const) if (o[k] !== undefined) f[k] = o[k];
  // Only stricter: an overlay never makes a required code field optional.
  if (o.required) f.required = true;
  if (base.kind === 'enum' && o.options?.length) f.options = [...(base.options ?? []), ...o.options.filter((x) => !base.options?.includes(x))];
  return f;
}

/** The code schema with the administrators' overlay applied. Pure; returns `base` itself for an empty overlay. */
export function effectiveSchema(base: EntitySchema, overlay: SchemaOverlay | undefined): EntitySchema {
  if (!overlay || (!overlay.custom?.length && !Object.keys(overlay.fields ?? {}).length)) return base;
  const fields = [...base.fields.map((f) => overlayField(withSubOverlays(f, overlay), overlay.fields?.[f.name])), ...(overlay.custom ?? []).map(customToField)];
  const orderOf = (f: FieldDef, i: number) => overlay.fields?.[f.name]?.order ?? customOf(overlay, f.name)?.order ?? i;
  const ordered = fields
    .map((f, i) => ({ f, i, k: orderOf(f, i) }))
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map((x) => x.f);
  return { ...base, fields: ordered };
}

/** Fields whose meaning the code relies on: the workflow's state, the site, the access path, the create-right switch. */
export function protectedFields(base: EntitySchema): Set<string> {
  const out = new Set<string>();
  if (base.workflow) out.add(base.workflow.field);
  if (base.obraField) out.add(base.obraField);
  if (base.accessVia) out.add(base.accessVia);
  if (base.createActionBy) out.add(base.createActionBy.field);
  return out;
}
