/**
 * Generic list of a schema: antd Table over Refine's useTable with server-side pagination,
 * multi-column sort and per-kind column filters (all kept in the URL and restored on reload),
 * a search box (`q`), a column chooser (persisted per resource), row actions and the .xlsx export.
 */
import React, { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Grid, Input, Popover, Space, Table, Typography } from 'antd';
import type { TableColumnType, TablePaginationConfig, TableProps } from 'antd';
import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useDataProvider, type BaseRecord, type CrudFilter, type CrudSort } from '@refinedev/core';
import { CreateButton, List, getDefaultFilter, getDefaultSortOrder } from '@refinedev/antd';
import { useTable } from './use-table';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { FieldDisplay } from '../fields/display';
import { StateTag } from '../workflow/state-tag';
import { columnFilterProps } from '../fields/filters';
import { lowerLabel } from '../fields/options';
import { listTotalText, recordsText, totalKindOf } from './list-total';
import { ReferenceTitlesProvider } from '../fields/reference-titles';
import { listActions } from './extensions';
import { notify } from '../providers/toast-store';
import { Loading } from './loading';
import { useRowActions } from './row-actions';
import { useSiteCreateClick } from './site-create';
import { PHONE_MEDIA_QUERY } from '../use-media-query';
import { ListSavedViews } from './saved-views/list-saved-views';
import './list-header.css';

export interface GenericListProps {
  schema: EntitySchema;
  /** Filters the route imposes (site, SGI area, CRE category…); not shown or removable. */
  filters?: CrudFilter[];
}

// The phone's cards (antd List and Card, with Card's tabs) load only at phone width, where the table is not drawn.
const loadCards = () => import('./list-cards');
const ListCards = lazy(() => loadCards().then((m) => ({ default: m.ListCards })));
// On a phone they are fetched with this module, not after the list's first render (antd's md breakpoint).
if (typeof window !== 'undefined' && window.matchMedia?.(PHONE_MEDIA_QUERY).matches) void loadCards();

const STORAGE_PREFIX = 'portal:colunas:';
const DEFAULT_PAGE_SIZE = 25;
const NO_FILTERS: CrudFilter[] = [];
const TABLE_SCROLL = { x: 'max-content' } as const;
const TABLE_LOCALE = {
  emptyText: 'Nenhum registro encontrado',
  triggerAsc: 'Ordenar crescente',
  triggerDesc: 'Ordenar decrescente',
  cancelSort: 'Remover ordenação',
};

/** Fields offered in the column chooser (everything not hidden). */
export function choosableFields(schema: EntitySchema): FieldDef[] {
  return schema.fields.filter((f) => !f.hidden);
}

export function defaultColumns(schema: EntitySchema): string[] {
  const listed = schema.fields.filter((f) => f.list && !f.hidden).map((f) => f.name);
  return listed.length
    ? listed
    : choosableFields(schema)
        .slice(0, 5)
        .map((f) => f.name);
}

function readColumns(schema: EntitySchema): string[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_PREFIX + schema.resource);
    if (raw) {
      const names = JSON.parse(raw) as unknown;
      if (Array.isArray(names)) {
        const valid = names.filter((n): n is string => typeof n === 'string' && schema.fields.some((f) => f.name === n && !f.hidden));
        if (valid.length) return valid;
      }
    }
  } catch {
    /* storage unavailable or corrupt: use the defaults */
  }
  return defaultColumns(schema);
}

/** Column choice persisted in localStorage per resource. */
export function useColumnChoice(schema: EntitySchema): [string[], (names: string[]) => void] {
  const [cols, setCols] = useState<string[]>(() => readColumns(schema));
  const set = (names: string[]) => {
    setCols(names);
    try {
      window.localStorage.setItem(STORAGE_PREFIX + schema.resource, JSON.stringify(names));
    } catch {
      /* ignore */
    }
  };
  return [cols, set];
}

function ColumnChooser({ schema, value, onChange }: { schema: EntitySchema; value: string[]; onChange: (v: string[]) => void }) {
  const fields = choosableFields(schema);
  const content = (
    <div style={{ maxHeight: 360, overflowY: 'auto', minWidth: 220 }}>
      <Checkbox.Group
        value={value}
        onChange={(v) => {
          // Keep the schema order.
          const picked = fields.map((f) => f.name).filter((n) => (v as string[]).includes(n));
          if (picked.length) onChange(picked);
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        options={fields.map((f) => ({ value: f.name, label: f.label }))}
      />
      <Button type="link" size="small" style={{ paddingLeft: 0, marginTop: 8 }} onClick={() => onChange(defaultColumns(schema))}>
        Restaurar padrão
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="Colunas visíveis" content={content}>
      <Button icon={<SettingOutlined />}>Colunas</Button>
    </Popover>
  );
}

export function GenericList({ schema, filters: permanent }: GenericListProps): React.ReactElement {
  const initialSort = useMemo<CrudSort[]>(() => (schema.defaultSort ? [schema.defaultSort] : [{ field: 'id', order: 'desc' }]), [schema.defaultSort]);
  const { tableProps, filters, sorters, setFilters, setSorters, setCurrentPage, pageSize, setPageSize, tableQuery } = useTable<BaseRecord>({
    resource: schema.resource,
    syncWithLocation: true,
    sorters: { initial: initialSort },
    filters: { permanent: permanent ?? [] },
    pagination: { pageSize: DEFAULT_PAGE_SIZE },
  });
  const [columns, setColumns] = useColumnChoice(schema);
  const createOnSite = useSiteCreateClick(schema, permanent);
  const screens = Grid.useBreakpoint();
  const isMobile = !screens.lg;
  // Phone width (< 768 px): cards instead of the table.
  const isPhone = screens.md === false;
  const getDataProvider = useDataProvider();
  const [exporting, setExporting] = useState(false);
  const rowActions = useRowActions(schema);
  // A page of rows is drawn in an interruptible render after its data arrives (issue 36: 25 rows of
  // many columns were one long task); the table keeps its loading state until they are.
  // The pagination's total goes with the rows it counts: shown before them, it would be pushed down.
  const shownPage = useDeferredValue(tableQuery.data);
  const rows = shownPage?.data;
  const rowsPending = shownPage !== tableQuery.data;

  const qValue = getDefaultFilter('q', filters, 'eq');
  const [search, setSearch] = useState<string>(qValue === undefined ? '' : String(qValue));
  // Follow the URL (back/forward, links with ?filters…).
  useEffect(() => setSearch(qValue === undefined ? '' : String(qValue)), [qValue]);

  const binding = useMemo(
    () => ({
      filters,
      setFilters: (next: typeof filters) => {
        setFilters(next, 'merge');
        setCurrentPage(1);
      },
    }),
    [filters, setFilters, setCurrentPage],
  );

  const shownFields = useMemo(
    () => columns.map((n) => schema.fields.find((f) => f.name === n)).filter((f): f is FieldDef => !!f && !f.hidden),
    [columns, schema],
  );

  // Columns, pagination and the table itself are kept between renders of the list: a render for
  // something else (a query's state, a breakpoint) does not draw every row again (issue 36).
  const tableColumns = useMemo(() => {
    const out: TableColumnType<BaseRecord>[] = shownFields.map((field, i) => ({
      key: field.name,
      dataIndex: field.name,
      title: field.label,
      width: field.width,
      align: field.kind === 'money' || field.kind === 'decimal' || field.kind === 'integer' ? 'right' : undefined,
      sorter: field.sort ? { multiple: i + 1 } : false,
      sortOrder: field.sort ? (getDefaultSortOrder(field.name, sorters) ?? null) : undefined,
      showSorterTooltip: field.sort ? { title: 'Clique para ordenar' } : false,
      ...(field.filter ? columnFilterProps<BaseRecord>(field, binding) : {}),
      render: (value: unknown) =>
        field.name === schema.workflow?.field ? <StateTag schema={schema} value={value} /> : <FieldDisplay field={field} value={value} mode="cell" />,
    }));

    out.push({
      key: '_acoes',
      title: 'Ações',
      fixed: isMobile ? undefined : 'right',
      width: 130,
      render: (_: unknown, record: BaseRecord) => <Space size={4}>{rowActions.buttons(record, undefined, { size: 'small' })}</Space>,
    });
    return out;
  }, [shownFields, sorters, binding, schema, isMobile, rowActions]);

  const base = tableProps.pagination;
  const totalKind = totalKindOf(shownPage);
  const pagination = useMemo<false | TablePaginationConfig>(
    () =>
      base === false
        ? false
        : {
            ...base,
            total: shownPage?.total,
            showSizeChanger: true,
            pageSizeOptions: [10, 25, 50, 100],
            showTotal: (total, range) => listTotalText(total, range, totalKind),
            locale: { items_per_page: '/ página' },
          },
    // `base` is rebuilt at each render; what it holds follows these (its links: the sort and the filters).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [base === false, base && base.current, base && base.pageSize, base && base.simple, shownPage?.total, totalKind, sorters, filters],
  );
  const changeRef = useRef(tableProps.onChange);
  changeRef.current = tableProps.onChange;
  // Filters are applied by the column dropdowns themselves (see fields/filters.tsx).
  const onTableChange = useCallback<NonNullable<TableProps<BaseRecord>['onChange']>>((p, _f, sorter, extra) => changeRef.current?.(p, {}, sorter, extra), []);
  const loading = !!tableProps.loading || rowsPending;
  const table = useMemo(
    () => (
      <Table<BaseRecord>
        dataSource={rows}
        loading={loading}
        rowKey="id"
        size={isMobile ? 'small' : 'middle'}
        columns={tableColumns}
        pagination={pagination}
        scroll={TABLE_SCROLL}
        locale={TABLE_LOCALE}
        onChange={onTableChange}
      />
    ),
    [rows, loading, isMobile, tableColumns, pagination, onTableChange],
  );

  const runExport = async () => {
    setExporting(true);
    try {
      // The export (exceljs) loads on the first click.
      const { runListExport } = await import('./export-run');
      await runListExport({ dataProvider: getDataProvider(), schema, fields: shownFields, filters, sorters });
    } catch (err) {
      notify({
        type: 'error',
        title: 'Falha na exportação',
        text: err instanceof Error ? err.message : String(err),
        options: { key: `exportar-${schema.resource}` },
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <List
      resource={schema.resource}
      title={schema.labelPlural}
      wrapperProps={{ className: 'portal-list' }}
      headerButtonProps={isPhone ? { wrap: false } : undefined}
      headerButtons={({ createButtonProps }) => {
        const create = createButtonProps ? (
          <CreateButton {...createButtonProps} onClick={createOnSite}>
            Novo
          </CreateButton>
        ) : null;
        return (
          <>
            {isPhone ? create : null}
            {listActions().map((Action, i) => (
              <Action key={i} schema={schema} />
            ))}
            <ColumnChooser schema={schema} value={columns} onChange={setColumns} />
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
              Exportar
            </Button>
            {isPhone ? null : create}
          </>
        );
      }}
    >
      <ListSavedViews
        schema={schema}
        permanent={permanent ?? NO_FILTERS}
        filters={filters}
        sorters={sorters}
        initialSort={initialSort}
        columns={columns}
        pageSize={pageSize}
        defaultPageSize={DEFAULT_PAGE_SIZE}
        setFilters={setFilters}
        setSorters={setSorters}
        setPageSize={setPageSize}
        setCurrentPage={setCurrentPage}
        setColumns={setColumns}
      />
      <Space style={{ marginBottom: 12, width: '100%' }} wrap>
        <Input.Search
          allowClear
          aria-label="Pesquisar"
          placeholder={`Pesquisar ${lowerLabel(schema.labelPlural)}…`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => binding.setFilters([{ field: 'q', operator: 'eq', value: v.trim() || undefined }])}
          style={{ width: isMobile ? '100%' : 360 }}
        />
        {typeof shownPage?.total === 'number' ? <Typography.Text type="secondary">{recordsText(shownPage.total, totalKind)}</Typography.Text> : null}
      </Space>
      <ReferenceTitlesProvider schema={schema} rows={rows as BaseRecord[] | undefined}>
        {isPhone ? (
          <Suspense fallback={<Loading style={{ padding: '32px 0' }} />}>
            <ListCards
              schema={schema}
              actions={rowActions}
              fields={shownFields}
              rows={(rows ?? []) as BaseRecord[]}
              loading={loading}
              pagination={pagination}
              onPage={(current, pageSize) => tableProps.onChange?.({ current, pageSize }, {}, [], { action: 'paginate', currentDataSource: [] })}
            />
          </Suspense>
        ) : (
          table
        )}
      </ReferenceTitlesProvider>
    </List>
  );
}
