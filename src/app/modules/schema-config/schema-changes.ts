/**
 * Pure helpers of the "Configurar entidade" screen: the current overlay replayed from the history,
 * the effective schema before and after a pending change (preview only: the server validates
 * again), the per-property diff, the inverse of a stored change ("Desfazer") and the call that
 * stores a change (resources/schema-config.ts).
 */
import type { EntitySchema, FieldDef } from '../../../../schemas/kinds';
import {
  applyOverlayChange,
  effectiveSchema,
  fieldTitle,
  findField,
  subFieldNames,
  type FieldPatch,
  type OverlayChange,
  type SchemaOverlay,
} from '../../../../schemas/overlay';
import { alterarCampoEntidade, criarCampoPersonalizado, removerCampoPersonalizado, type HistoryEntry } from '../../../../resources/schema-config';
import { callRoute } from '../../providers/api-client';

export type { HistoryEntry };

export const KIND_LABELS: Record<string, string> = {
  text: 'Texto',
  longtext: 'Texto longo',
  integer: 'Número inteiro',
  decimal: 'Número decimal',
  money: 'Valor (R$)',
  date: 'Data',
  datetime: 'Data e hora',
  enum: 'Lista de opções',
  boolean: 'Sim/não',
  person: 'Pessoa',
  reference: 'Referência',
  attachments: 'Anexos',
  images: 'Imagens',
  email: 'E-mail',
  tags: 'Etiquetas',
  rows: 'Tabela',
  object: 'Grupo de campos',
};

export const STORAGE_LABELS: Record<string, string> = {
  column: 'Coluna própria',
  json: 'Campo JSON (extra)',
};

/** The overlay after the history's changes up to `upTo` (inclusive; all when omitted), oldest first. */
export function replayOverlay(history: readonly HistoryEntry[], upTo = Infinity): SchemaOverlay {
  return [...history]
    .filter((h) => h.version <= upTo)
    .sort((a, b) => a.version - b.version)
    .reduce<SchemaOverlay>((o, h) => applyOverlayChange(o, h.change), {});
}

export const isCustomField = (overlay: SchemaOverlay, name: string) => !!overlay.custom?.some((c) => c.name === name);

/** A row of the fields table: a field, and under a table or group of fields its sub-fields (dotted names). */
export type FieldRow = FieldDef & { children?: FieldRow[] };

/** Effective fields including removed custom ones (marked hidden), with their sub-fields, for the fields table. */
export function fieldsOf(base: EntitySchema, overlay: SchemaOverlay): FieldRow[] {
  const e = effectiveSchema(base, overlay);
  return e.fields.map((f) => {
    const subs = subFieldNames(f);
    return subs.length ? { ...f, children: subs.map((n) => findField(e, n)!) } : f;
  });
}

const DIFF_PROPS = [
  'label',
  'kind',
  'storage',
  'required',
  'list',
  'filter',
  'search',
  'sort',
  'help',
  'placeholder',
  'group',
  'options',
  'min',
  'max',
  'maxLength',
  'pattern',
  'ref',
  'hidden',
  'internal',
] as const;
const BOOL_PROPS = new Set<string>(['required', 'list', 'filter', 'search', 'sort', 'hidden', 'internal']);
export const PROP_LABELS: Record<string, string> = {
  label: 'Rótulo',
  kind: 'Tipo',
  storage: 'Armazenamento',
  required: 'Obrigatório',
  list: 'Na lista',
  filter: 'Filtro',
  search: 'Pesquisa',
  sort: 'Ordenação',
  help: 'Ajuda',
  placeholder: 'Texto de exemplo',
  group: 'Grupo',
  options: 'Opções',
  min: 'Mínimo',
  max: 'Máximo',
  maxLength: 'Tamanho máximo',
  pattern: 'Padrão',
  ref: 'Entidade referenciada',
  hidden: 'Removido',
  internal: 'Só equipe interna',
  order: 'Posição',
};

export interface DiffRow {
  field: string;
  label: string;
  property: string;
  before: string;
  after: string;
}

function show(prop: string, v: unknown): string {
  if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) return '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (prop === 'kind') return KIND_LABELS[String(v)] ?? String(v);
  if (prop === 'storage') return STORAGE_LABELS[String(v)] ?? String(v);
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'number') return v.toLocaleString('pt-BR');
  return String(v);
}

/** Before → after per property of one field (`b` undefined: a new field). */
function fieldDiff(name: string, label: string, b: FieldDef | undefined, a: FieldDef): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const p of DIFF_PROPS) {
    const flag = BOOL_PROPS.has(p);
    const x = b ? (b as unknown as Record<string, unknown>)[p] : undefined;
    const y = (a as unknown as Record<string, unknown>)[p];
    const sx = show(p, flag ? !!x : x);
    const sy = show(p, flag ? !!y : y);
    if (!b && flag && !y) continue;
    if (sx !== sy) rows.push({ field: name, label, property: PROP_LABELS[p], before: b ? sx : '(campo novo)', after: sy });
  }
  return rows;
}

/** Before → after per field (and sub-field) and property between two effective schemas (positions included). */
export function schemaDiff(before: EntitySchema, after: EntitySchema): DiffRow[] {
  const rows: DiffRow[] = [];
  const pos = (s: EntitySchema) => new Map(s.fields.map((f, i) => [f.name, i + 1]));
  const pb = pos(before);
  const pa = pos(after);
  for (const a of after.fields) {
    const b = before.fields.find((f) => f.name === a.name);
    rows.push(...fieldDiff(a.name, a.label, b, a));
    if (b && pb.get(a.name) !== pa.get(a.name) && !rows.some((r) => r.field === a.name)) {
      rows.push({ field: a.name, label: a.label, property: PROP_LABELS.order, before: String(pb.get(a.name)), after: String(pa.get(a.name)) });
    }
    if (b) for (const n of subFieldNames(a)) rows.push(...fieldDiff(n, fieldTitle(after, n), findField(before, n), findField(after, n)!));
  }
  return rows;
}

const TEXT_KEYS = ['label', 'help', 'placeholder', 'group'] as const;
const FLAG_KEYS = ['required', 'list', 'filter', 'search', 'sort'] as const;
const BOUND_KEYS = ['min', 'max', 'maxLength', 'pattern'] as const;

/** The field a change is about. */
const fieldNameOf = (c: OverlayChange) => (c.op === 'addField' ? c.field.name : c.name);

/**
 * The change that undoes a stored one, computed against the overlay just before it; undefined when
 * there is none (a position change, a field already removed, nothing left to undo, a purge — its
 * data is gone — or any change of a field purged since).
 */
export function inverseChange(base: EntitySchema, history: readonly HistoryEntry[], entry: HistoryEntry): OverlayChange | undefined {
  const c = entry.change;
  if (c.op === 'purgeField') return undefined;
  if (history.some((h) => h.version > entry.version && h.change.op === 'purgeField' && h.change.name === fieldNameOf(c))) return undefined;
  const before = replayOverlay(history, entry.version - 1);
  const now = replayOverlay(history);
  if (c.op === 'addField') {
    const cur = now.custom?.find((x) => x.name === c.field.name);
    return cur && !cur.hidden ? { op: 'hideField', name: c.field.name } : undefined;
  }
  if (c.op === 'hideField') {
    const cur = now.custom?.find((x) => x.name === c.name);
    return cur?.hidden ? { op: 'patchField', name: c.name, patch: { hidden: false } } : undefined;
  }
  const prev = findField(effectiveSchema(base, before), c.name) as (FieldDef & Record<string, unknown>) | undefined;
  const custom = isCustomField(before, c.name);
  if (!prev) return undefined;
  const patch: FieldPatch = {};
  const p = c.patch;
  for (const k of TEXT_KEYS) if (p[k] !== undefined && p[k] !== prev[k]) patch[k] = (prev[k] as string | undefined) ?? '';
  for (const k of FLAG_KEYS) if (p[k] !== undefined && p[k] !== !!prev[k]) patch[k] = !!prev[k];
  if (custom) for (const k of BOUND_KEYS) if (p[k] !== undefined && p[k] !== prev[k]) (patch as Record<string, unknown>)[k] = prev[k] ?? null;
  if (custom && p.internal !== undefined && p.internal !== !!prev.internal) patch.internal = !!prev.internal;
  if (p.addOptions?.length) patch.removeOptions = [...p.addOptions];
  if (p.removeOptions?.length) patch.addOptions = [...p.removeOptions];
  if (p.hidden === false) return { op: 'hideField', name: c.name };
  return Object.keys(patch).length ? { op: 'patchField', name: c.name, patch } : undefined;
}

/** A one-line pt-BR description of a stored change, for the history. */
export function describeChange(base: EntitySchema, history: readonly HistoryEntry[], entry: HistoryEntry): string {
  const c = entry.change;
  if (c.op === 'addField') {
    const where = c.field.storage === 'json' ? ', campo JSON (extra)' : '';
    return `Campo novo "${c.field.label}" (${KIND_LABELS[c.field.kind] ?? c.field.kind}, ${c.field.name}${where})`;
  }
  if (c.op === 'purgeField') {
    const was = effectiveSchema(base, replayOverlay(history, entry.version - 1)).fields.find((f) => f.name === c.name);
    return `Campo "${was?.label ?? c.name}" excluído definitivamente, com os seus dados (${c.name})`;
  }
  const label = fieldTitle(effectiveSchema(base, replayOverlay(history, entry.version)), c.name);
  if (c.op === 'hideField') return `Campo "${label}" removido`;
  const parts = Object.entries(c.patch).map(([k, v]) => {
    if (k === 'addOptions') return `opções acrescentadas: ${(v as string[]).join(', ')}`;
    if (k === 'removeOptions') return `opções removidas: ${(v as string[]).join(', ')}`;
    if (k === 'hidden') return v ? 'removido' : 'reativado';
    return `${(PROP_LABELS[k] ?? k).toLowerCase()}: ${show(k, v)}`;
  });
  return `Campo "${label}": ${parts.join('; ')}`;
}

/** Stores a change with the version read (409 when someone changed the entity since); resolves with the new version. */
export async function sendChange(apiUrl: string, resource: string, change: OverlayChange, version: number): Promise<number> {
  if (change.op === 'addField') {
    // A new field is never born removed (`hidden: false` is the default).
    const { hidden: _hidden, ...field } = change.field;
    return (await callRoute(criarCampoPersonalizado, { apiUrl, params: { resource }, body: { ...field, version } })).version;
  }
  const params = { resource, name: change.name };
  if (change.op === 'patchField') return (await callRoute(alterarCampoEntidade, { apiUrl, params, body: { ...change.patch, version } })).version;
  const query = change.op === 'purgeField' ? { purge: 'true', version } : { version };
  return (await callRoute(removerCampoPersonalizado, { apiUrl, params, query })).version;
}
