/**
 * Run-time configuration of an entity by its administrators (issue 15): an overlay stored by the
 * server (table `schema_overlay`) and merged over the code schema into the effective schema that
 * validation, lists, filters, export and the OpenAPI description use.
 *
 * The code schema stays the base. An overlay may only
 * - change the presentation of a field (label, help, placeholder, group, order, list, filter,
 *   search, sort), make a field required (never the other way round for a code field), and
 *   append options to an enum;
 * - on a sub-field of a table or group of fields (`itens.tipoResposta`: the answer types of the
 *   checklist templates' items), change its label, help and placeholder and append options;
 * - add custom fields of the simple kinds below; their names start with `cx` and a capital letter
 *   or digit (`cxContratoManutencao`), so they never clash with a code field added later;
 *   each lives in a column of its own (`storage: 'column'`, the default) or, when the
 *   administrator chooses, in the table's `_extra` jsonb column (`storage: 'json'`), fixed at
 *   creation; removing one hides it (`hidden`), its column and data are kept; purging a hidden one
 *   (`purgeField`) deletes its data and frees its name; an `internal` one is never sent to
 *   clients and partners (a field-level `cannot` rule of their ability, src/access/ability.ts).
 *
 * Isomorphic: plain data and pure functions, used by the API and (later) by the app.
 */
import type { EntitySchema, FieldDef, FieldKind } from './kinds';
import { SYSTEM_FIELDS } from './kinds';
import { schemaByName } from './index';

export const CUSTOM_FIELD_KINDS = ['text', 'longtext', 'integer', 'decimal', 'money', 'date', 'enum', 'boolean', 'person', 'reference', 'attachments'] as const;
export type CustomFieldKind = (typeof CUSTOM_FIELD_KINDS)[number] & FieldKind;

/** Custom field names: `cx`, then a capital letter or digit, then letters and digits (3 to 41 characters). */
export const CUSTOM_FIELD_NAME = /^cx[A-Z0-9][A-Za-z0-9]{0,38}$/;
const LABEL_MAX = 80;
const TEXT_MAX = 500;
const OPTION_MAX = 100;
const PATTERN_MAX = 200;

/** What an administrator may change on any field (code or custom). */
export interface FieldPresentation {
  label?: string;
  help?: string;
  placeholder?: string;
  group?: string;
  /** Position in forms and lists: fields are ordered by it, the others keep their place. */
  order?: number;
  required?: boolean;
  list?: boolean;
  filter?: boolean;
  search?: boolean;
  sort?: boolean;
}

/** Overlay of a code field: its presentation plus the options appended to an enum. */
export interface FieldOverlay extends FieldPresentation {
  /** enum: options added after the code schema's. */
  options?: string[];
}

export interface CustomFieldDef extends FieldPresentation {
  name: string;
  kind: CustomFieldKind;
  label: string;
  options?: string[];
  min?: number;
  max?: number;
  maxLength?: number;
  /** text/longtext: a regular expression the whole value must match. */
  pattern?: string;
  /** reference: the target entity (schema `name`). */
  ref?: string;
  /** Removed by an administrator: not shown nor written any more, the column keeps its data. */
  hidden?: boolean;
  /** For the internal team only: clients and partners can neither read nor write it. */
  internal?: boolean;
  /** Where the values live: a column of its own (default) or a key of the table's `_extra` jsonb column. Fixed at creation. */
  storage?: CustomFieldStorage;
}

export const CUSTOM_FIELD_STORAGES = ['column', 'json'] as const;
export type CustomFieldStorage = (typeof CUSTOM_FIELD_STORAGES)[number];
/** Kinds that need a column of their own: a reference has a foreign key. */
export const COLUMN_ONLY_KINDS: readonly string[] = ['reference'];

export interface SchemaOverlay {
  fields?: Record<string, FieldOverlay>;
  custom?: CustomFieldDef[];
}

/** One change sent by an administrator (the API's POST / PATCH / DELETE on a field). */
export type OverlayChange =
  | { op: 'addField'; field: CustomFieldDef }
  | { op: 'patchField'; name: string; patch: FieldPatch }
  | { op: 'hideField'; name: string }
  /** Deletes a hidden custom field's data (column, or its key in `_extra`) and removes it from the overlay. */
  | { op: 'purgeField'; name: string };

/**
 * A PATCH of a field: presentation, `addOptions` / `removeOptions` of an enum (only options added
 * at run time can be removed, and the server refuses while records use them), and for custom
 * fields their validation bounds and `hidden: false` to show a removed one again.
 */
export interface FieldPatch extends FieldPresentation {
  addOptions?: string[];
  removeOptions?: string[];
  min?: number | null;
  max?: number | null;
  maxLength?: number | null;
  pattern?: string | null;
  hidden?: boolean;
  internal?: boolean;
}

export type OverlayErrors = Record<string, string[]>;

const PRESENTATION_KEYS = ['label', 'help', 'placeholder', 'group', 'order', 'required', 'list', 'filter', 'search', 'sort'] as const;
const CUSTOM_PATCH_KEYS = ['min', 'max', 'maxLength', 'pattern', 'hidden', 'internal'] as const;
const PATCH_KEYS = new Set<string>([...PRESENTATION_KEYS, 'addOptions', 'removeOptions', ...CUSTOM_PATCH_KEYS]);
const CUSTOM_KEYS = new Set<string>(['name', 'kind', 'label', ...PRESENTATION_KEYS, 'options', 'min', 'max', 'maxLength', 'pattern', 'ref', 'hidden', 'internal', 'storage']);

const INTERNAL_REQUIRED = 'Um campo interno não pode ser obrigatório: clientes e parceiros não o veem nem o preenchem.';

const customOf = (overlay: SchemaOverlay, name: string) => overlay.custom?.find((c) => c.name === name);

/** Kinds whose sub-fields an administrator may configure (`<field>.<sub-field>`). */
const PARENT_KINDS = new Set(['rows', 'object']);
/** What a sub-field's patch may change. */
const SUB_PATCH_KEYS = new Set(['label', 'help', 'placeholder', 'addOptions', 'removeOptions']);

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

function overlayField(base: FieldDef, o: FieldOverlay | undefined): FieldDef {
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

export interface OverlayCheckOptions {
  /** Fields the access rules condition on (server: src/server/db/access-indexes.ts); their options and kind never change. */
  conditionFields?: Iterable<string>;
}

const isText = (v: unknown, max: number) => typeof v === 'string' && v.trim().length > 0 && v.length <= max;
const isOptionalText = (v: unknown, max: number) => v === undefined || (typeof v === 'string' && v.length <= max);
const isOptionalBool = (v: unknown) => v === undefined || typeof v === 'boolean';
const isOptionalNumber = (v: unknown) => v === undefined || v === null || (typeof v === 'number' && Number.isFinite(v));

function checkPattern(p: unknown, add: (k: string, m: string) => void) {
  if (p === undefined || p === null) return;
  if (typeof p !== 'string' || !p || p.length > PATTERN_MAX) return add('pattern', `Informe uma expressão regular de até ${PATTERN_MAX} caracteres.`);
  try {
    new RegExp(`^(?:${p})$`, 'u');
  } catch {
    add('pattern', 'Expressão regular inválida.');
  }
}

function checkOptions(list: unknown, key: string, add: (k: string, m: string) => void): list is string[] {
  if (!Array.isArray(list) || !list.length) return add(key, 'Informe ao menos uma opção.'), false;
  if (list.some((o) => !isText(o, OPTION_MAX))) return add(key, `Cada opção deve ter de 1 a ${OPTION_MAX} caracteres.`), false;
  if (new Set(list).size !== list.length) return add(key, 'Há opções repetidas.'), false;
  return true;
}

function checkPresentation(p: Record<string, unknown>, add: (k: string, m: string) => void) {
  if (p.label !== undefined && !isText(p.label, LABEL_MAX)) add('label', `Informe um rótulo de até ${LABEL_MAX} caracteres.`);
  for (const k of ['help', 'placeholder', 'group'] as const) if (!isOptionalText(p[k], TEXT_MAX)) add(k, `Texto de até ${TEXT_MAX} caracteres.`);
  if (p.order !== undefined && !(typeof p.order === 'number' && Number.isInteger(p.order) && Math.abs(p.order) <= 10_000)) add('order', 'Informe um número inteiro.');
  for (const k of ['required', 'list', 'filter', 'search', 'sort', 'hidden', 'internal'] as const) if (!isOptionalBool(p[k])) add(k, 'Informe sim ou não.');
}

function checkBounds(kind: string, p: Record<string, unknown>, add: (k: string, m: string) => void) {
  for (const k of ['min', 'max', 'maxLength'] as const) if (!isOptionalNumber(p[k])) add(k, 'Informe um número.');
  const numeric = ['integer', 'decimal', 'money'].includes(kind);
  const textual = ['text', 'longtext'].includes(kind);
  if ((p.min != null || p.max != null) && !numeric) add('min', 'Mínimo e máximo valem só para campos numéricos.');
  if (p.maxLength != null && (!textual || !Number.isInteger(p.maxLength) || (p.maxLength as number) < 1)) add('maxLength', 'O tamanho máximo vale só para textos e deve ser um inteiro positivo.');
  if (p.pattern != null && !textual) add('pattern', 'O padrão vale só para textos.');
  checkPattern(p.pattern, add);
  if (typeof p.min === 'number' && typeof p.max === 'number' && p.min > p.max) add('max', 'O máximo deve ser maior ou igual ao mínimo.');
}

/** `addOptions` / `removeOptions` against the options a field has now and those of its code schema. */
function checkOptionChange(p: Record<string, unknown>, now: string[], codeOptions: string[], add: (k: string, m: string) => void) {
  if (p.addOptions !== undefined && checkOptions(p.addOptions, 'addOptions', add)) {
    const dup = (p.addOptions as string[]).filter((o) => now.includes(o));
    if (dup.length) add('addOptions', `Opções já existentes: ${dup.join(', ')}.`);
  }
  if (p.removeOptions !== undefined && checkOptions(p.removeOptions, 'removeOptions', add)) {
    for (const o of p.removeOptions as string[]) {
      if (!now.includes(o)) add('removeOptions', `A opção "${o}" não existe.`);
      else if (codeOptions.includes(o)) add('removeOptions', `A opção "${o}" é do código do portal e não pode ser removida.`);
    }
    const left = now.filter((o) => !(p.removeOptions as string[]).includes(o)).length + ((p.addOptions as string[] | undefined)?.length ?? 0);
    if (!left) add('removeOptions', 'A lista precisa de ao menos uma opção.');
  }
}

/** A change of a sub-field (`itens.tipoResposta`): only its label, help, placeholder and options; it is never removed. */
function validateSubFieldChange(
  base: EntitySchema,
  current: SchemaOverlay,
  change: Exclude<OverlayChange, { op: 'addField' }>,
  errors: OverlayErrors,
  add: (k: string, m: string) => void,
): OverlayErrors {
  const sub = subFieldOf(base, change.name);
  if (!sub) return { _: [`Campo "${change.name}" não encontrado em ${base.labelPlural}.`] };
  const label = fieldTitle(base, change.name);
  if (change.op !== 'patchField') return { _: [`O subcampo "${label}" é do código do portal e não pode ser removido.`] };
  const p = change.patch as unknown as Record<string, unknown>;
  if (!p || typeof p !== 'object' || Array.isArray(p)) return { _: ['Informe as alterações do campo.'] };
  for (const k of Object.keys(p)) {
    if (!SUB_PATCH_KEYS.has(k)) add(k, PATCH_KEYS.has(k) || k === 'name' || k === 'kind' ? 'Num subcampo só se alteram rótulo, ajuda, texto de exemplo e opções.' : 'Propriedade desconhecida.');
  }
  checkPresentation(p, add);
  if (p.addOptions !== undefined || p.removeOptions !== undefined) {
    if (sub.field.kind !== 'enum') add('addOptions', `O campo "${label}" não é uma lista de opções.`);
    else checkOptionChange(p, overlayField(sub.field, current.fields?.[change.name]).options ?? [], sub.field.options ?? [], add);
  }
  return errors;
}

/**
 * Check one change against the code schema and the current overlay. Returns the pt-BR errors by
 * key (empty when the change is acceptable). Checks that need the data (an option still used) are
 * the server's.
 */
export function validateOverlayChange(base: EntitySchema, current: SchemaOverlay, change: OverlayChange, opts: OverlayCheckOptions = {}): OverlayErrors {
  const errors: OverlayErrors = Object.create(null); // a key named `constructor` in the body is a plain key here
  const add = (k: string, m: string) => void (errors[k] ??= []).push(m);
  const guarded = new Set([...protectedFields(base), ...(opts.conditionFields ?? [])]);

  if (change.op === 'addField') {
    const f = change.field as unknown as Record<string, unknown>;
    if (!f || typeof f !== 'object' || Array.isArray(f)) return { _: ['Informe o campo.'] };
    for (const k of Object.keys(f)) if (!CUSTOM_KEYS.has(k)) add(k, 'Propriedade desconhecida.');
    const name = f.name;
    if (typeof name !== 'string' || !CUSTOM_FIELD_NAME.test(name)) {
      add('name', 'O nome de um campo personalizado começa com "cx" seguido de letra maiúscula ou dígito, só letras e dígitos, até 41 caracteres (ex.: cxContratoManutencao).');
    } else if (base.fields.some((x) => x.name === name) || (SYSTEM_FIELDS as readonly string[]).includes(name)) {
      add('name', `Já existe um campo "${name}" em ${base.labelPlural}.`);
    } else if (customOf(current, name)) {
      add('name', `Já existe um campo personalizado "${name}"${customOf(current, name)!.hidden ? ' (removido; reative-o em vez de criar outro)' : ''}.`);
    }
    if (!(CUSTOM_FIELD_KINDS as readonly string[]).includes(f.kind as string)) add('kind', `Tipo inválido. Tipos: ${CUSTOM_FIELD_KINDS.join(', ')}.`);
    if (!isText(f.label, LABEL_MAX)) add('label', `Informe um rótulo de até ${LABEL_MAX} caracteres.`);
    checkPresentation(f, add);
    if (f.hidden) add('hidden', 'Um campo novo não pode nascer removido.');
    if (f.internal && f.required) add('internal', INTERNAL_REQUIRED);
    if (f.storage !== undefined && !(CUSTOM_FIELD_STORAGES as readonly unknown[]).includes(f.storage)) add('storage', 'Armazenamento inválido: use "column" (coluna própria) ou "json" (campo JSON extra).');
    else if (f.storage === 'json' && COLUMN_ONLY_KINDS.includes(f.kind as string)) add('storage', 'Um campo de referência precisa de coluna própria (chave estrangeira).');
    if (f.kind === 'enum') checkOptions(f.options, 'options', add);
    else if (f.options !== undefined) add('options', 'Opções valem só para campos de lista de opções.');
    if (f.kind === 'reference') {
      if (typeof f.ref !== 'string' || !schemaByName(f.ref)) add('ref', 'Informe a entidade referenciada.');
    } else if (f.ref !== undefined) add('ref', 'A entidade referenciada vale só para campos de referência.');
    checkBounds(String(f.kind), f, add);
    if (f.filter && ['longtext', 'attachments'].includes(f.kind as string)) add('filter', 'Este tipo de campo não pode ser filtro.');
    if (f.sort && ['longtext', 'attachments', 'person'].includes(f.kind as string)) add('sort', 'Este tipo de campo não pode ser ordenado.');
    return errors;
  }

  if (change.name.includes('.')) return validateSubFieldChange(base, current, change, errors, add);
  const codeField = base.fields.find((x) => x.name === change.name);
  const custom = customOf(current, change.name);
  if (!codeField && !custom) return { _: [`Campo "${change.name}" não encontrado em ${base.labelPlural}.`] };

  if (change.op === 'hideField') {
    if (codeField) add('_', `O campo "${codeField.label}" é do código do portal e não pode ser removido; desmarque-o da lista ou do formulário.`);
    else if (custom!.hidden) add('_', `O campo "${custom!.label}" já foi removido.`);
    return errors;
  }
  if (change.op === 'purgeField') {
    if (codeField) add('_', `O campo "${codeField.label}" é do código do portal e seus dados não podem ser excluídos.`);
    else if (!custom!.hidden) add('_', `Remova o campo "${custom!.label}" antes de excluir definitivamente os seus dados.`);
    return errors;
  }

  const p = change.patch as unknown as Record<string, unknown>;
  if (!p || typeof p !== 'object' || Array.isArray(p)) return { _: ['Informe as alterações do campo.'] };
  for (const k of Object.keys(p)) {
    if (k === 'name' || k === 'kind') add(k, 'O nome e o tipo de um campo não podem ser alterados.');
    else if (k === 'storage') add(k, 'O armazenamento de um campo (coluna própria ou campo JSON) não pode ser alterado depois de criado.');
    else if (!PATCH_KEYS.has(k)) add(k, 'Propriedade desconhecida.');
  }
  checkPresentation(p, add);
  const label = codeField?.label ?? custom!.label;
  const kind = codeField?.kind ?? custom!.kind;
  if (codeField) {
    for (const k of CUSTOM_PATCH_KEYS) if (p[k] !== undefined) add(k, `"${k}" só pode ser alterado em campos personalizados.`);
    if (p.required === false && codeField.required) add('required', `O campo "${label}" é obrigatório no código do portal e não pode deixar de ser.`);
    if (p.required === true && !codeField.required && (codeField.readOnly || codeField.hidden)) add('required', `O campo "${label}" é preenchido pelo portal e não pode ser obrigatório.`);
  } else {
    checkBounds(kind, { ...p }, add);
    if (custom!.hidden && p.hidden !== false) add('hidden', `O campo "${label}" foi removido; envie "hidden": false para reativá-lo.`);
    if ((p.internal ?? custom!.internal) && (p.required ?? custom!.required)) add('internal', INTERNAL_REQUIRED);
  }
  const touchesOptions = p.addOptions !== undefined || p.removeOptions !== undefined;
  if (touchesOptions) {
    if (kind !== 'enum') add('addOptions', `O campo "${label}" não é uma lista de opções.`);
    else if (guarded.has(change.name)) add('addOptions', `As opções de "${label}" são usadas pelas permissões ou pelo fluxo de aprovação e não podem ser alteradas.`);
    else {
      const now = codeField ? (overlayField(codeField, current.fields?.[codeField.name]).options ?? []) : (custom!.options ?? []);
      checkOptionChange(p, now, codeField?.options ?? [], add);
    }
  }
  if (p.filter && ['longtext', 'attachments', 'rows', 'images'].includes(kind)) add('filter', 'Este tipo de campo não pode ser filtro.');
  if (p.sort && ['longtext', 'attachments', 'person', 'rows', 'images', 'tags', 'object'].includes(kind)) add('sort', 'Este tipo de campo não pode ser ordenado.');
  return errors;
}

/** The overlay after a change (assumed valid: call `validateOverlayChange` first). Pure. */
export function applyOverlayChange(current: SchemaOverlay, change: OverlayChange): SchemaOverlay {
  const next: SchemaOverlay = { fields: { ...(current.fields ?? {}) }, custom: [...(current.custom ?? [])] };
  if (change.op === 'addField') {
    next.custom!.push({ ...change.field, label: change.field.label.trim() });
    return next;
  }
  if (change.op === 'purgeField') {
    next.custom = next.custom!.filter((c) => c.name !== change.name);
    delete next.fields![change.name];
    return next;
  }
  const i = next.custom!.findIndex((c) => c.name === change.name);
  if (change.op === 'hideField') {
    next.custom![i] = { ...next.custom![i], hidden: true };
    return next;
  }
  const { addOptions, removeOptions, ...rest } = change.patch;
  const clean = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Record<string, unknown>;
  const options = (list: string[] | undefined) => [...(list ?? []).filter((o) => !removeOptions?.includes(o)), ...(addOptions ?? [])];
  if (i >= 0) {
    const c: Record<string, unknown> = { ...next.custom![i], ...clean };
    for (const k of Object.keys(c)) if (c[k] === null || ((k === 'hidden' || k === 'internal') && c[k] === false)) delete c[k];
    if (addOptions || removeOptions) c.options = options(next.custom![i].options);
    next.custom![i] = c as unknown as CustomFieldDef;
  } else {
    const o: FieldOverlay = { ...next.fields![change.name], ...(clean as FieldOverlay) };
    if (o.required === false) delete o.required;
    if (addOptions || removeOptions) o.options = options(o.options);
    next.fields![change.name] = o;
  }
  return next;
}
