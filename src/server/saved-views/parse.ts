/**
 * Validation of the saved views' bodies beyond their declaration (resources/saved-views.ts, issue 39):
 * 400 with a pt-BR message per field and nothing stored. A generic list's state is checked as the list's own request would be: its filters and
 * sort are turned into the simple-rest query the app sends (`campo`, `campo_ne`, `campo_gte`,
 * `campo_lte`, `campo_like`, `q`, `_sort`, `_order`) and parsed by the lists' parser, so a view
 * holds nothing the list would refuse; the inbox's state uses its own filters (module, site, due).
 */
import type { EntitySchema } from '../../../schemas/kinds';
import {
  INBOX_LIST,
  VIEW_COLUMNS_MAX,
  VIEW_FILTERS_MAX,
  VIEW_OPERATORS,
  VIEW_PAGE_SIZES,
  VIEW_SHARES_MAX,
  VIEW_SORTS_MAX,
  type SavedViewState,
  type ViewFilter,
  type ViewSort,
} from '../../../resources/saved-views';
import { ROLE_LABELS } from '../../access/roles';
import { ApiError, type FieldErrors } from '../http/errors';
import { QueryError, parseListParams } from '../crud/list-query';
import { VENCIMENTOS } from '../workflow/pendencias';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const SUFFIX: Record<string, string> = { eq: '', in: '', ne: '_ne', gte: '_gte', lte: '_lte', contains: '_like' };
const INBOX_FILTERS: Record<string, string> = { resource: 'o módulo', obra: 'a obra', vencimento: 'o vencimento' };
const TEXT_MAX = 1000;

/** The list a view belongs to: an entity's schema, or the inbox. */
export type ListTarget = { kind: 'entity'; schema: EntitySchema } | { kind: 'inbox' };

/** `lista` as a list the API knows, or the message saying why not. */
export function listTargetOf(lista: unknown, schemas: readonly EntitySchema[]): ListTarget | string {
  if (typeof lista !== 'string' || !lista.trim()) return 'Informe a lista da visão (o recurso da API, como "contratos", ou "pendencias").';
  if (lista === INBOX_LIST) return { kind: 'inbox' };
  const schema = schemas.find((s) => s.resource === lista);
  return schema ? { kind: 'entity', schema } : `Lista desconhecida: "${lista.slice(0, 60)}".`;
}

function scalar(v: unknown): v is string | number | boolean {
  return (typeof v === 'string' && v.length <= TEXT_MAX) || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';
}

function parseFilters(raw: unknown, errors: FieldErrors): ViewFilter[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return (void (errors['estado.filtros'] = ['Informe os filtros como uma lista.']), []);
  if (raw.length > VIEW_FILTERS_MAX) return (void (errors['estado.filtros'] = [`No máximo ${VIEW_FILTERS_MAX} filtros por visão.`]), []);
  const out: ViewFilter[] = [];
  raw.forEach((f, i) => {
    const at = `Filtro ${i + 1}`;
    const ops = VIEW_OPERATORS as readonly string[];
    if (!isObj(f) || typeof f.field !== 'string' || !f.field || f.field.length > 120) (errors['estado.filtros'] ??= []).push(`${at}: informe o campo.`);
    else if (f.field.startsWith('_')) (errors['estado.filtros'] ??= []).push(`${at}: "${f.field.slice(0, 60)}" não é um campo da lista.`);
    else if (typeof f.operator !== 'string' || !ops.includes(f.operator))
      (errors['estado.filtros'] ??= []).push(`${at}: use um destes operadores: ${VIEW_OPERATORS.join(', ')}.`);
    else if (!(
      scalar(f.value) ||
      (Array.isArray(f.value) && f.value.length > 0 && f.value.length <= 200 && f.value.every((x) => scalar(x) && typeof x !== 'boolean'))
    ))
      (errors['estado.filtros'] ??= []).push(`${at} (${f.field.slice(0, 60)}): informe um valor (texto, número, sim/não ou uma lista de até 200 valores).`);
    else out.push({ field: f.field, operator: f.operator as ViewFilter['operator'], value: f.value as ViewFilter['value'] });
  });
  return out;
}

function parseSorts(raw: unknown, errors: FieldErrors): ViewSort[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > VIEW_SORTS_MAX)
    return (void (errors['estado.ordenacao'] = [`Informe a ordenação como uma lista de até ${VIEW_SORTS_MAX} campos.`]), []);
  const out: ViewSort[] = [];
  for (const s of raw) {
    if (!isObj(s) || typeof s.field !== 'string' || !s.field || s.field.length > 120 || (s.order !== 'asc' && s.order !== 'desc'))
      (errors['estado.ordenacao'] ??= []).push('Cada ordenação tem um campo e a ordem "asc" ou "desc".');
    else out.push({ field: s.field, order: s.order });
  }
  return out;
}

/** The simple-rest query the app sends for these filters and this sort (as @refinedev/simple-rest writes it). */
export function simpleRestQuery(filtros: readonly ViewFilter[], ordenacao: readonly ViewSort[]): Record<string, string[]> {
  const query: Record<string, string[]> = Object.create(null);
  for (const f of filtros) {
    const key = f.field === 'q' ? 'q' : `${f.field}${SUFFIX[f.operator]}`;
    (query[key] ??= []).push(...(Array.isArray(f.value) ? f.value : [f.value]).map(String));
  }
  if (ordenacao.length) {
    query._sort = [ordenacao.map((s) => s.field).join(',')];
    query._order = [ordenacao.map((s) => s.order).join(',')];
  }
  return query;
}

function checkEntityState(schema: EntitySchema, state: SavedViewState, errors: FieldErrors): void {
  try {
    parseListParams(schema, simpleRestQuery(state.filtros, state.ordenacao));
  } catch (e) {
    if (!(e instanceof QueryError)) throw e;
    for (const [key, messages] of Object.entries(e.errors)) {
      const target = key === '_sort' || key === '_order' ? 'estado.ordenacao' : 'estado.filtros';
      (errors[target] ??= []).push(...messages);
    }
  }
  if (state.colunas) {
    const unknown = state.colunas.filter((n) => !schema.fields.some((f) => f.name === n && !f.hidden));
    if (unknown.length) errors['estado.colunas'] = [`Colunas desconhecidas em ${schema.labelPlural}: ${unknown.slice(0, 5).join(', ')}.`];
  }
}

function checkInboxState(schemas: readonly EntitySchema[], state: SavedViewState, errors: FieldErrors): void {
  const seen = new Set<string>();
  for (const f of state.filtros) {
    const what = INBOX_FILTERS[f.field];
    const value = typeof f.value === 'string' ? f.value : '';
    if (!what || f.operator !== 'eq' || seen.has(f.field))
      (errors['estado.filtros'] ??= []).push(`Em "Minhas pendências" filtre só por módulo, obra ou vencimento, uma vez cada ("${f.field.slice(0, 60)}").`);
    else if (!value || (f.field === 'obra' && value.length > 60)) (errors['estado.filtros'] ??= []).push(`Informe ${what} como texto.`);
    else if (f.field === 'resource' && !schemas.some((s) => s.resource === value && s.workflow))
      (errors['estado.filtros'] ??= []).push(`Módulo desconhecido: "${value.slice(0, 60)}".`);
    else if (f.field === 'vencimento' && !(VENCIMENTOS as readonly string[]).includes(value))
      (errors['estado.filtros'] ??= []).push('Vencimento: use atrasadas, hoje, semana ou sem-prazo.');
    seen.add(f.field);
  }
  if (state.ordenacao.length > 1 || state.ordenacao.some((s) => s.field !== 'due' && s.field !== 'since'))
    errors['estado.ordenacao'] = ['Em "Minhas pendências" ordene por "due" (vencimento) ou "since" (desde quando espera).'];
  if (state.colunas) errors['estado.colunas'] = ['"Minhas pendências" não tem colunas a escolher.'];
  if (state.tamanhoPagina !== undefined) errors['estado.tamanhoPagina'] = ['"Minhas pendências" não tem tamanho de página a escolher.'];
}

/** A view's state for its list, with each mistake in `errors`. */
export function parseState(raw: unknown, target: ListTarget, schemas: readonly EntitySchema[], errors: FieldErrors): SavedViewState | undefined {
  if (!isObj(raw)) {
    errors.estado = ['Informe o estado da lista: { filtros, ordenacao, colunas, tamanhoPagina }.'];
    return undefined;
  }
  const before = Object.keys(errors).length;
  for (const key of Object.keys(raw))
    if (!['filtros', 'ordenacao', 'colunas', 'tamanhoPagina'].includes(key)) errors[`estado.${key.slice(0, 60)}`] = ['Campo desconhecido.'];
  const state: SavedViewState = { filtros: parseFilters(raw.filtros, errors), ordenacao: parseSorts(raw.ordenacao, errors) };
  if (raw.colunas !== undefined) {
    const cols = raw.colunas;
    if (!Array.isArray(cols) || !cols.length || cols.length > VIEW_COLUMNS_MAX || !cols.every((c) => typeof c === 'string' && c.length <= 120))
      errors['estado.colunas'] = [`Informe as colunas visíveis como uma lista de 1 a ${VIEW_COLUMNS_MAX} nomes de campo.`];
    else state.colunas = [...new Set(cols as string[])];
  }
  if (raw.tamanhoPagina !== undefined) {
    if (!(VIEW_PAGE_SIZES as readonly unknown[]).includes(raw.tamanhoPagina))
      errors['estado.tamanhoPagina'] = [`Use um destes tamanhos de página: ${VIEW_PAGE_SIZES.join(', ')}.`];
    else state.tamanhoPagina = raw.tamanhoPagina as number;
  }
  if (Object.keys(errors).length > before) return undefined;
  if (target.kind === 'entity') checkEntityState(target.schema, state, errors);
  else checkInboxState(schemas, state, errors);
  return Object.keys(errors).length > before ? undefined : state;
}

/** `papeis` or `obras`: a list of distinct codes (roles must exist); undefined when absent. */
export function parseShares(raw: unknown, key: 'papeis' | 'obras', errors: FieldErrors): string[] | undefined {
  if (raw === undefined) return undefined;
  const what = key === 'papeis' ? 'papéis' : 'obras';
  if (!Array.isArray(raw) || raw.length > VIEW_SHARES_MAX || !raw.every((v) => typeof v === 'string' && v.trim() && v.length <= 60)) {
    errors[key] = [`Informe as ${what} como uma lista de até ${VIEW_SHARES_MAX} códigos.`];
    return undefined;
  }
  const codes = [...new Set((raw as string[]).map((v) => v.trim()))];
  if (key === 'papeis') {
    const unknown = codes.filter((r) => !Object.hasOwn(ROLE_LABELS, r));
    if (unknown.length) errors.papeis = [`Papéis desconhecidos: ${unknown.slice(0, 5).join(', ')}.`];
  }
  return codes;
}

export function refuse(errors: FieldErrors, message = 'Visão não salva. Verifique os campos.'): void {
  if (Object.keys(errors).length) throw new ApiError(400, message, errors);
}
