/** The steps the signed-in user may take on a record now (`GET …/{id}/transitions`). */
import { keepPreviousData } from '@tanstack/react-query';
import { useApiUrl, useCustom, type BaseKey, type HttpError } from '@refinedev/core';
import { transitionsKey } from './query-keys';
import type { TransitionOption } from './types';

export function useTransitions(resource: string, id: BaseKey, version: unknown) {
  const apiUrl = useApiUrl();
  const { query, result } = useCustom<TransitionOption[], HttpError>({
    url: `${apiUrl}/${resource}/${encodeURIComponent(String(id))}/transitions`,
    method: 'get',
    errorNotification: false,
    // A new version keeps showing the previous buttons (disabled: `stale`) until the answer comes.
    queryOptions: { queryKey: transitionsKey(resource, id, version), placeholderData: keepPreviousData },
  });
  const transitions: TransitionOption[] = Array.isArray(result?.data) ? result.data : [];
  return { transitions, isLoading: query.isLoading, stale: query.isPlaceholderData, error: query.isError ? query.error : undefined };
}
