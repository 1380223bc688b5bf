/**
 * Validation of an administrator's overlay change (schemas/overlay.ts) against the code schema
 * and the current overlay: pt-BR errors by key.
 */
import type { EntitySchema } from './kinds';
import { SYSTEM_FIELDS } from './kinds';
import { schemaByName } from './index';
import {
  COLUMN_ONLY_KINDS,
  CUSTOM_FIELD_KINDS,
  CUSTOM_FIELD_NAME,
  CUSTOM_FIELD_STORAGES,
  type OverlayChange,
  type OverlayErrors,
  type SchemaOverlay,
} from './overlay-types';
import { customOf, fieldTitle, overlayField, protectedFields, subFieldOf } from './overlay-effective';

export const LABEL_MAX = 80;
export const TEXT_MAX = 500;
export const OPTION_MAX = 100;
export const PATTERN_MAX = 200;

const PRESENTATION_KEYS = ['label', 'help', 'placeholder', 'group', 'order', 'required', 'list', 'filter', 'search', 'sort'] as const;
const CUSTOM_PATCH_KEYS = ['min', 'max', 'maxLength', 'pattern', 'hidden', 'internal'] as const;
const PATCH_KEYS = new Set<string>([...PRESENTATION_KEYS, 'addOptions', 'removeOptions', ...CUSTOM_PATCH_KEYS]);
const CUSTOM_KEYS = new Set<string>([
  'name',
  'kind',
  'label',
  ...PRESENTATION_KEYS,
  'options',
  'min',
  'max',
  'maxLength',
  'pattern',
  'ref',
  'hidden',
  'internal',
  'storage',
]);

const INTERNAL_REQUIRED = 'Um campo interno não pode ser obrigatório: clientes e parceiros não o veem nem o preenchem.';

/** What a sub-field's patch may change. */
const SUB_PATCH_KEYS = new Set(['label', 'help', 'placeholder', 'addOptions', 'removeOptions']);

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
  if (!Array.isArray(list) || !list.length) return (add(key, 'Informe ao menos uma opção.'), false);
  if (list.some((o) => !isText(o, OPTION_MAX))) return (add(key, `Cada opção deve ter de 1 a ${OPTION_MAX} caracteres.`), false);
  if (new Set(list).size !== list.length) return (add(key, 'Há opções repetidas.'), false);
  return true;
}

function checkPresentation(p: Record<string, unknown>, add: (k: string, m: string) => void) {
  if (p.label !== undefined && !isText(p.label, LABEL_MAX)) add('label', `Informe um rótulo de até ${LABEL_MAX} caracteres.`);
  for (const k of ['help', 'placeholder', 'group'] as const) if (!isOptionalText(p[k], TEXT_MAX)) add(k, `Texto de até ${TEXT_MAX} caracteres.`);
  if (p.order !== undefined && !(typeof p.order === 'number' && Number.isInteger(p.order) && Math.abs(p.order) <= 10_000))
    add('order', 'Informe um número inteiro.');
  for (const k of ['required', 'list', 'filter', 'search', 'sort', 'hidden', 'internal'] as const) if (!isOptionalBool(p[k])) add(k, 'Informe sim ou não.');
}

function checkBounds(kind: string, p: Record<string, unknown>, add: (k: string, m: string) => void) {
  for (const k of ['min', 'max', 'maxLength'] as const) if (!isOptionalNumber(p[k])) add(k, 'Informe um número.');
  const numeric = ['integer', 'decimal', 'money'].includes(kind);
  const textual = ['text', 'longtext'].includes(kind);
  if ((p.min != null || p.max != null) && !numeric) add('min', 'Mínimo e máximo valem só para campos numéricos.');
  if (p.maxLength != null && (!textual || !Number.isInteger(p.maxLength) || (p.maxLength as number) < 1))
    add('maxLength', 'O tamanho máximo vale só para textos e deve ser um inteiro positivo.');
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
    if (!SUB_PATCH_KEYS.has(k))
      add(
        k,
        PATCH_KEYS.has(k) || k === 'name' || k === 'kind'
          ? 'Num subcampo só se alteram rótulo, ajuda, texto de exemplo e opções.'
          : 'Propriedade desconhecida.',
      );
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
      add(
        'name',
        'O nome de um campo personalizado começa com "cx" seguido de letra maiúscula ou dígito, só letras e dígitos, até 41 caracteres (ex.: cxContratoManutencao).',
      );
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
    if (f.storage !== undefined && !(CUSTOM_FIELD_STORAGES as readonly unknown[]).includes(f.storage))
      add('storage', 'Armazenamento inválido: use "column" (coluna própria) ou "json" (campo JSON extra).');
    else if (f.storage === 'json' && COLUMN_ONLY_KINDS.includes(f.kind as string))
      add('storage', 'Um campo de referência precisa de coluna própria (chave estrangeira).');
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
    if (p.required === true && !codeField.required && (codeField.readOnly || codeField.hidden))
      add('required', `O campo "${label}" é preenchido pelo portal e não pode ser obrigatório.`);
  } else {
    checkBounds(kind, { ...p }, add);
    if (custom!.hidden && p.hidden !== false) add('hidden', `O campo "${label}" foi removido; envie "hidden": false para reativá-lo.`);
    if ((p.internal ?? custom!.internal) && (p.required ?? custom!.required)) add('internal', INTERNAL_REQUIRED);
  }
  const touchesOptions = p.addOptions !== undefined || p.removeOptions !== undefined;
  if (touchesOptions) {
    if (kind !== 'enum') add('addOptions', `O campo "${label}" não é uma lista de opções.`);
    else if (guarded.has(change.name))
      add('addOptions', `As opções de "${label}" são usadas pelas permissões ou pelo fluxo de aprovação e não podem ser alteradas.`);
    else {
      const now = codeField ? (overlayField(codeField, current.fields?.[codeField.name]).options ?? []) : (custom!.options ?? []);
      checkOptionChange(p, now, codeField?.options ?? [], add);
    }
  }
  if (p.filter && ['longtext', 'attachments', 'rows', 'images'].includes(kind)) add('filter', 'Este tipo de campo não pode ser filtro.');
  if (p.sort && ['longtext', 'attachments', 'person', 'rows', 'images', 'tags', 'object'].includes(kind))
    add('sort', 'Este tipo de campo não pode ser ordenado.');
  return errors;
}
