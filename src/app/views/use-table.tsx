/**
 * `useTable` of @refinedev/antd 6 (MIT, src/hooks/table/useTable/useTable.ts) without its search
 * form. The lists do not use `searchFormProps` (the search box sets the `q` filter itself), and that
 * form was what brought antd's `Form` component (~8 KiB gzip) into a list page. Everything else is
 * the same code: core `useTable`, the antd sorter/filter mapping, `tableProps` (data, loading,
 * onChange, link-rendered pagination).
 */
import { Children, createElement, Fragment, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Grid, type TablePaginationConfig, type TableProps } from 'antd';
import { useLink, useLiveMode, useTable as useTableCore, type BaseRecord, type HttpError, type useTableProps, type useTableReturnType } from '@refinedev/core';
import { mapAntdFilterToCrudFilter, mapAntdSorterToCrudSorting } from '@refinedev/antd';

type Sorter = Parameters<typeof mapAntdSorterToCrudSorting>[0];
type TableFilters = Parameters<typeof mapAntdFilterToCrudFilter>[0];

function PaginationLink({ to, element }: { to: string; element: ReactNode }) {
  const Link = useLink();
  return (
    <Link to={to} replace={false} onClick={(e: MouseEvent) => e.preventDefault()}>
      {element}
    </Link>
  );
}

export function useTable<TQueryFnData extends BaseRecord = BaseRecord, TError extends HttpError = HttpError, TData extends BaseRecord = TQueryFnData>(
  props: useTableProps<TQueryFnData, TError, TData> = {},
): useTableReturnType<TData, TError> & { tableProps: TableProps<TData> } {
  const core = useTableCore<TQueryFnData, TError, TData>(props);
  const { tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, filters, setFilters, sorters, setSorters, createLinkForSyncWithLocation } = core;
  const breakpoint = Grid.useBreakpoint();
  const liveMode = useLiveMode(props.liveMode);
  const isPaginationEnabled = props.pagination?.mode !== 'off';
  const { data, isFetched, isLoading } = tableQuery;

  const onChange = (paginationState: TablePaginationConfig, tableFilters: TableFilters, sorter: Sorter) => {
    if (tableFilters && Object.keys(tableFilters).length > 0) {
      setFilters(mapAntdFilterToCrudFilter(tableFilters, filters, props.filters?.initial));
    }
    if (sorter && Object.keys(sorter).length > 0) setSorters(mapAntdSorterToCrudSorting(sorter));
    if (isPaginationEnabled) {
      setCurrentPage?.(paginationState.current || 1);
      setPageSize?.(paginationState.pageSize || 10);
    }
  };

  const pagination: false | TablePaginationConfig = isPaginationEnabled
    ? {
        itemRender: (page, type, element) => {
          const to = createLinkForSyncWithLocation({ pagination: { pageSize, currentPage: page }, sorters, filters });
          if (type === 'page') return createElement(PaginationLink, { to, element: `${page}` });
          if (type === 'next' || type === 'prev') return createElement(PaginationLink, { to, element });
          if (type === 'jump-next' || type === 'jump-prev') {
            const children = (element as ReactElement<{ children?: ReactNode }>)?.props?.children;
            return createElement(PaginationLink, { to, element: Children.count(children) > 1 ? createElement(Fragment, {}, children) : children });
          }
          return element;
        },
        pageSize,
        current: currentPage,
        simple: !breakpoint.sm,
        position: !breakpoint.sm ? ['bottomCenter'] : ['bottomRight'],
        total: data?.total,
      }
    : false;

  return {
    ...core,
    tableProps: {
      dataSource: data?.data,
      loading: liveMode === 'auto' ? isLoading : !isFetched,
      onChange: onChange as TableProps<TData>['onChange'],
      pagination,
      scroll: { x: true },
    },
  };
}
