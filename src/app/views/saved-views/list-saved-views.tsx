/**
 * The saved views of a generic list (issue 39): the bar bound to the list's Refine state. A view is
 * the list's URL state — the filters and sort the route does not impose (Refine's `CrudFilter`s
 * and `CrudSort`s) — with the visible columns and the page size. Applying one replaces the
 * person's filters (the route's stay, so a view only ever narrows the list), and each view's count
 * is the list's own request with the view's filters and an empty page.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDataProvider, type CrudFilter, type CrudSort } from '@refinedev/core';
import type { EntitySchema } from '../../../../schemas/kinds';
import type { SavedViewState, ViewFilter } from '../../../../resources/saved-views';
import { totalKindOf } from '../list-total';
import { SavedViewsBar } from './saved-views-bar';
import { viewParam } from './use-saved-views';

export interface ListSavedViewsProps {
  schema: EntitySchema;
  /** The route's filters (site, area…): not part of a view, always applied. */
  permanent: CrudFilter[];
  filters: CrudFilter[];
  sorters: CrudSort[];
  initialSort: CrudSort[];
  columns: string[];
  pageSize: number;
  defaultPageSize: number;
  setFilters: (filters: CrudFilter[], behavior: 'replace') => void;
  setSorters: (sorters: CrudSort[]) => void;
  setPageSize: (n: number) => void;
  setCurrentPage: (n: number) => void;
  setColumns: (names: string[]) => void;
}

const sameFilter = (a: CrudFilter, b: CrudFilter) => JSON.stringify(a) === JSON.stringify(b);

export function ListSavedViews(p: ListSavedViewsProps) {
  const { schema, permanent } = p;
  // Opened with no query string (a menu entry, a bookmark of the bare list): the default view applies;
  // opened with `?visao=` (a view's menu entry): that view.
  const opened = useRef(useLocation().search).current;
  const openedBare = opened === '';
  const openedView = viewParam(opened);
  const getDataProvider = useDataProvider();

  const current = useMemo<SavedViewState>(
    () => ({
      filtros: p.filters.filter((f) => 'field' in f && !permanent.some((x) => sameFilter(x, f))) as ViewFilter[],
      ordenacao: p.sorters.map((s) => ({ field: s.field, order: s.order })),
      colunas: p.columns,
      tamanhoPagina: p.pageSize,
    }),
    [p.filters, p.sorters, p.columns, p.pageSize, permanent],
  );

  const { setFilters, setSorters, setPageSize, setCurrentPage, setColumns, initialSort, defaultPageSize } = p;
  const onApply = useCallback(
    (state: SavedViewState | null) => {
      setFilters((state?.filtros ?? []) as CrudFilter[], 'replace');
      setSorters(state?.ordenacao.length ? state.ordenacao : initialSort);
      setPageSize(state?.tamanhoPagina ?? defaultPageSize);
      setCurrentPage(1);
      const known = (state?.colunas ?? []).filter((n) => schema.fields.some((f) => f.name === n && !f.hidden));
      if (known.length) setColumns(known);
    },
    [setFilters, setSorters, setPageSize, setCurrentPage, setColumns, initialSort, defaultPageSize, schema],
  );

  const count = useCallback(
    async (state: SavedViewState) => {
      const r = await getDataProvider().getList({
        resource: schema.resource,
        filters: [...permanent, ...(state.filtros as CrudFilter[])],
        pagination: { currentPage: 1, pageSize: 0, mode: 'server' },
      });
      return { total: r.total, kind: totalKindOf(r) };
    },
    [getDataProvider, schema.resource, permanent],
  );

  return (
    <SavedViewsBar
      lista={schema.resource}
      current={current}
      onApply={onApply}
      count={count}
      countScope={JSON.stringify(permanent)}
      applyDefault={openedBare}
      applyView={openedView}
    />
  );
}
