/**
 * Saved views of "Minhas pendências" (issue 39): the views bar over the queue's filters (module,
 * site, due) and order. A view keeps the queue's request as the API reads it (`pendenciasQuery`:
 * `resource`, `obra`, `vencimento`, sort by `due` or `since`); applying one writes the page's URL
 * (`modulo`, `obra`, `vencimento`, `ordem`), and each view's count is the queue's own total.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useDataProvider, type CrudFilter } from '@refinedev/core';
import { INBOX_LIST, type SavedViewState, type ViewFilter } from '../../../../resources/saved-views';
import { SavedViewsBar } from '../../views/saved-views/saved-views-bar';
import { viewParam } from '../../views/saved-views/use-saved-views';
import { totalKindOf } from '../../views/list-total';
import { PENDENCIAS_RESOURCE } from '../../workflow/query-keys';
import { pendenciasQuery, type PendenciasView } from './use-pendencias';

/** URL parameter of each filter of the queue's request. */
const PARAM_OF: Record<string, string> = { resource: 'modulo', obra: 'obra', vencimento: 'vencimento' };

/** The page's URL for a view's state (its filters, and `ordem=antigas` for the oldest first). */
export function inboxParams(state: SavedViewState): URLSearchParams {
  const next = new URLSearchParams();
  for (const f of state.filtros) {
    const key = PARAM_OF[f.field];
    if (key && typeof f.value === 'string' && f.value) next.set(key, f.value);
  }
  if (state.ordenacao[0]?.field === 'since') next.set('ordem', 'antigas');
  return next;
}

export function InboxSavedViews({ view }: { view: PendenciasView }) {
  const [params, setParams] = useSearchParams();
  // Opened with no query string: the default view applies; with `?visao=` (its menu entry): that view.
  const openedBare = useRef([...params.keys()].length === 0).current;
  const openedView = useRef(viewParam(params.toString())).current;
  const getDataProvider = useDataProvider();
  const current = useMemo<SavedViewState>(() => {
    const { filters, sorters } = pendenciasQuery(view);
    return { filtros: filters as ViewFilter[], ordenacao: (sorters ?? []).map((s) => ({ field: s.field, order: s.order })) };
  }, [view]);
  const onApply = useCallback((state: SavedViewState | null) => setParams(state ? inboxParams(state) : new URLSearchParams()), [setParams]);
  const count = useCallback(
    async (state: SavedViewState) => {
      const r = await getDataProvider().getList({
        resource: PENDENCIAS_RESOURCE,
        filters: state.filtros as CrudFilter[],
        pagination: { currentPage: 1, pageSize: 0, mode: 'server' },
      });
      return { total: r.total, kind: totalKindOf(r) };
    },
    [getDataProvider],
  );
  return <SavedViewsBar lista={INBOX_LIST} current={current} onApply={onApply} count={count} applyDefault={openedBare} applyView={openedView} />;
}
