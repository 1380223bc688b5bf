/** "Minhas pendências" through the data provider: `GET /api/v1/pendencias?_start&_end`, total in `x-total-count`. */
import { useList, type HttpError } from '@refinedev/core';
import { PENDENCIAS_RESOURCE } from '../../workflow/query-keys';
import type { Pendencia } from '../../workflow/types';

/** The header count refreshes itself this often, and when the window regains focus. */
export const PENDENCIAS_REFRESH_MS = 60_000;

export function usePendencias(page: number, pageSize: number, live = false) {
  const { query, result } = useList<Pendencia & { [key: string]: unknown }, HttpError>({
    resource: PENDENCIAS_RESOURCE,
    pagination: { currentPage: page, pageSize, mode: 'server' },
    errorNotification: false,
    queryOptions: live ? { refetchInterval: PENDENCIAS_REFRESH_MS, refetchOnWindowFocus: true } : undefined,
  });
  return {
    items: (result?.data ?? []) as Pendencia[],
    total: result?.total ?? 0,
    isLoading: query.isLoading,
    error: query.isError ? query.error : undefined,
  };
}
