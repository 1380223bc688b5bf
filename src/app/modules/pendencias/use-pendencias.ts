/**
 * "Minhas pendências" through the data provider: `GET /api/v1/pendencias` with `_start`/`_end`,
 * the filters `resource`, `obra`, `vencimento` and `_sort`/`_order` (total in `x-total-count`);
 * the bell's `GET /pendencias/contagem`; the bulk step `POST /pendencias/lote`. Every query key
 * sits under Refine's keys of the `pendencias` resource (`['data', <provider>, 'pendencias', 'list', …]`),
 * so a workflow step and the live events refresh them all.
 */
import { useApiUrl, useCustom, useCustomMutation, useInvalidate, useList, type CrudFilter, type CrudSort, type HttpError } from '@refinedev/core';
import { PENDENCIAS_RESOURCE } from '../../workflow/query-keys';
import type { Pendencia } from '../../workflow/types';
import { pendenciasEmLote, type BulkItem, type BulkRequest, type BulkResult } from '../../../../resources/pendencias';
import { routePath } from '../../providers/api-client';

/** The header count refreshes itself this often, and when the window regains focus. */
export const PENDENCIAS_REFRESH_MS = 60_000;

export const VENCIMENTOS = [
  { value: 'atrasadas', label: 'Atrasadas' },
  { value: 'hoje', label: 'Vencem hoje' },
  { value: 'semana', label: 'Vencem em 7 dias' },
  { value: 'sem-prazo', label: 'Sem prazo' },
] as const;
export type Vencimento = (typeof VENCIMENTOS)[number]['value'];

/** Sort of the queue: earliest due date first (none last), or the ones waiting longest first. */
export type PendenciasOrder = 'vencimento' | 'antigas';

export interface PendenciasView {
  resource?: string;
  obra?: string;
  vencimento?: Vencimento;
  order?: PendenciasOrder;
}

/** The queue's request for a view of it: the filters and sort the API reads (also what a saved view of the inbox keeps). */
export function pendenciasQuery(view: PendenciasView): { filters: CrudFilter[]; sorters: CrudSort[] | undefined } {
  const filters: CrudFilter[] = [];
  if (view.resource) filters.push({ field: 'resource', operator: 'eq', value: view.resource });
  if (view.obra) filters.push({ field: 'obra', operator: 'eq', value: view.obra });
  if (view.vencimento) filters.push({ field: 'vencimento', operator: 'eq', value: view.vencimento });
  const sorters: CrudSort[] | undefined =
    view.order === 'vencimento' ? [{ field: 'due', order: 'asc' }] : view.order === 'antigas' ? [{ field: 'since', order: 'asc' }] : undefined;
  return { filters, sorters };
}

export function usePendencias(page: number, pageSize: number, live = false, view: PendenciasView = {}) {
  const { filters, sorters } = pendenciasQuery(view);
  const { query, result } = useList<Pendencia & { [key: string]: unknown }, HttpError>({
    resource: PENDENCIAS_RESOURCE,
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters,
    sorters,
    errorNotification: false,
    queryOptions: live ? { refetchInterval: PENDENCIAS_REFRESH_MS, refetchOnWindowFocus: true } : undefined,
  });
  return {
    items: (result?.data ?? []) as Pendencia[],
    total: result?.total ?? 0,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.isError ? query.error : undefined,
  };
}

/** Key of the bell's count: under the pendencias list keys (refreshed with them). */
export const pendenciasCountKey = ['data', 'default', PENDENCIAS_RESOURCE, 'list', 'contagem'] as const;

export interface PendenciasCount {
  total: number;
  atrasadas: number;
}

export function usePendenciasCount() {
  const apiUrl = useApiUrl();
  const { result } = useCustom<PendenciasCount, HttpError>({
    url: `${apiUrl}/pendencias/contagem`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: [...pendenciasCountKey], refetchInterval: PENDENCIAS_REFRESH_MS, refetchOnWindowFocus: true },
  });
  const data = result?.data as PendenciasCount | undefined;
  return { total: Number(data?.total ?? 0), atrasadas: Number(data?.atrasadas ?? 0) };
}

/**
 * The modules whose records can wait for the person (`GET /pendencias/modulos`, the queue's own
 * conditions): the "Módulo" filter offers only these (issue 36), as `{ value, label }`.
 */
export function usePendenciasModules(): { value: string; label: string }[] {
  const apiUrl = useApiUrl();
  const { result } = useCustom<{ resource: string; label: string }[], HttpError>({
    url: `${apiUrl}/pendencias/modulos`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['data', 'default', PENDENCIAS_RESOURCE, 'modulos'], staleTime: 5 * 60_000 },
  });
  const rows = (result?.data ?? []) as { resource: string; label: string }[];
  return Array.isArray(rows) ? rows.map((m) => ({ value: m.resource, label: m.label })) : [];
}

export type { BulkItem, BulkResult };

/**
 * One step on several records (`POST /pendencias/lote`, declared in resources/pendencias.ts), then the
 * refresh of the queue and of the records' lists. Through Refine's mutation, like the queue's reads,
 * so a refused session or a maintenance is handled as in every other write.
 */
export function useBulkTransition() {
  const apiUrl = useApiUrl();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<BulkResult, HttpError, BulkRequest>();
  async function run(transition: string, items: BulkItem[]): Promise<BulkResult> {
    try {
      const { data } = await mutateAsync({
        url: `${apiUrl}${routePath(pendenciasEmLote)}`,
        method: pendenciasEmLote.method,
        values: { transition, items },
        successNotification: false,
        errorNotification: false,
      });
      return data;
    } finally {
      const resources = [...new Set(items.map((i) => i.resource))];
      await Promise.all([
        invalidate({ resource: PENDENCIAS_RESOURCE, invalidates: ['list'] }),
        ...resources.map((resource) => invalidate({ resource, invalidates: ['list'] })),
      ]);
    }
  }
  return { run, pending: mutation.isPending };
}
