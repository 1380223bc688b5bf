/**
 * The saved views of a list through `/api/v1/visoes` (issue 39): the views the person sees, their
 * default, whether they may share, the writes (save, change with the version read, delete, set the
 * default), and each view's count — one request per view, the list's own request with the view's
 * filters and an empty page (`_start=0&_end=0`, the total in `x-total-count`).
 */
import { useApiUrl } from '@refinedev/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedView, SavedViewChange, SavedViewCreate, SavedViewState, ViewFilter } from '../../../../resources/saved-views';
import { alterarVisao, criarVisao, definirVisaoPadrao, excluirVisao, listarVisoes } from '../../../../resources/saved-views';
import { VIEW_PARAM } from '../../../../resources/saved-views';
import { callRoute } from '../../providers/api-client';
import type { TotalKind } from '../list-total';

export const savedViewsKey = (lista: string) => ['visoes', lista] as const;
/** The menu's views over every list (`GET /visoes/menu`); refreshed with any list's views. */
export const MENU_VIEWS_KEY = ['visoes', '*menu'] as const;

/** The one-shot `visao` parameter of a list's address (a view's menu entry), when valid. */
export function viewParam(search: string): number | undefined {
  const v = new URLSearchParams(search).get(VIEW_PARAM);
  return v && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : undefined;
}

export interface ViewCount {
  total: number;
  kind: TotalKind;
}

/** The views of `lista` and the writes on them (each write refreshes the list of views). */
export function useSavedViews(lista: string) {
  const apiUrl = useApiUrl();
  const client = useQueryClient();
  const key = savedViewsKey(lista);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callRoute(listarVisoes, { apiUrl, signal, query: { lista } }),
    staleTime: 60_000,
    retry: false,
  });
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: MENU_VIEWS_KEY })]);
  const after = async <T>(p: Promise<T>): Promise<T> => {
    const out = await p;
    await refresh();
    return out;
  };
  return {
    answer: query.data,
    isLoading: query.isLoading,
    error: query.error,
    create: (body: Omit<SavedViewCreate, 'lista'>) => after(callRoute(criarVisao, { apiUrl, body: { ...body, lista } })),
    update: (id: number, body: SavedViewChange) => after(callRoute(alterarVisao, { apiUrl, params: { id }, body })),
    remove: (id: number) => after(callRoute(excluirVisao, { apiUrl, params: { id } })),
    setDefault: (visao: number | null) => after(callRoute(definirVisaoPadrao, { apiUrl, body: { lista, visao } })),
  };
}

/** Each view's count, by id (absent while it loads; null when the list refused it). */
export function useViewCounts(
  lista: string,
  views: readonly SavedView[],
  count: (state: SavedViewState) => Promise<ViewCount>,
  scope = '',
): Map<number, ViewCount | null> {
  const results = useQueries({
    queries: views.map((v) => ({
      queryKey: [...savedViewsKey(lista), 'contagem', scope, v.id, v.version],
      queryFn: () => count(v.estado),
      staleTime: 30_000,
      retry: false,
    })),
  });
  const out = new Map<number, ViewCount | null>();
  views.forEach((v, i) => {
    const r = results[i];
    if (r?.data) out.set(v.id, r.data);
    else if (r?.isError) out.set(v.id, null);
  });
  return out;
}

const hasValue = (f: ViewFilter) => f.value !== undefined && f.value !== null && f.value !== '' && !(Array.isArray(f.value) && !f.value.length);
const filterKey = (f: ViewFilter) => JSON.stringify([f.field, f.operator, Array.isArray(f.value) ? [...f.value].map(String).sort() : String(f.value)]);

/** The filters worth keeping (a filter without a value filters nothing). */
export const meaningfulFilters = (filters: readonly ViewFilter[]): ViewFilter[] => filters.filter(hasValue);

/** Do the two states filter and sort alike? (Columns and page size do not make another view.) */
export function sameView(a: Pick<SavedViewState, 'filtros' | 'ordenacao'>, b: Pick<SavedViewState, 'filtros' | 'ordenacao'>): boolean {
  const fa = meaningfulFilters(a.filtros).map(filterKey).sort();
  const fb = meaningfulFilters(b.filtros).map(filterKey).sort();
  return JSON.stringify(fa) === JSON.stringify(fb) && JSON.stringify(a.ordenacao) === JSON.stringify(b.ordenacao);
}
