/**
 * The search across every module from the app (issue 39): `GET /api/v1/busca` through React Query
 * (the app's API client, with the session's token), one request per pause in the typing (debounced), the
 * previous answer kept on screen while the next one loads, a superseded request aborted.
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '../../../../resources/search';
import { ApiCallError, apiCall } from '../../providers/api-client';

/** Pause in the typing before the search runs (ms). */
export const SEARCH_DEBOUNCE_MS = 180;

export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export class SearchError extends Error {}

async function fetchSearch(q: string, modulo: string | undefined, limite: number, signal: AbortSignal): Promise<SearchAnswer> {
  const params = new URLSearchParams({ q, limite: String(limite) });
  if (modulo) params.set('modulo', modulo);
  const failed = 'Não foi possível buscar agora. Tente de novo em instantes.';
  try {
    const body = await apiCall<SearchAnswer | undefined>(`/busca?${params}`, { signal, fallback: failed });
    if (!body) throw new SearchError(failed);
    return body;
  } catch (e) {
    throw e instanceof ApiCallError ? new SearchError(e.status === 0 ? failed : e.message) : e;
  }
}

export interface SearchState {
  answer: SearchAnswer | undefined;
  /** The text the answer on screen is for (it may lag behind what is typed). */
  answeredFor: string | undefined;
  loading: boolean;
  error: string | undefined;
}

export function useSearch(q: string, opts: { modulo?: string; limite: number; debounce?: boolean }): SearchState {
  const typed = q.trim();
  const debounced = useDebounced(typed, opts.debounce === false ? 0 : SEARCH_DEBOUNCE_MS);
  const text = opts.debounce === false ? typed : debounced;
  const query = useQuery({
    queryKey: ['busca', text, opts.modulo ?? '', opts.limite],
    queryFn: ({ signal }) => fetchSearch(text, opts.modulo, opts.limite, signal),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const answer = text ? query.data : undefined;
  return {
    answer,
    answeredFor: answer?.q,
    loading: !!text && (query.isFetching || text !== typed),
    error: query.error ? (query.error as Error).message : undefined,
  };
}
