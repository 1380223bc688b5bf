/**
 * The 'records' widget: the latest records themselves (the list API, same filters and access rules
 * as the list), e.g. the comments of the satisfaction survey or the late manufacturings. Each row
 * opens its record.
 */
import React from 'react';
import { Link } from 'react-router';
import { Alert, Empty, Table } from 'antd';
import { useApiUrl, useCustom } from '@refinedev/core';
import type { DashboardWidget } from '../../../../resources/dashboards/types';
import { entityPaths } from '../../../../resources/routes';
import type { EntitySchema } from '../../../../schemas/kinds';
import { FieldDisplay } from '../../fields/display';
import { ReferenceTitlesProvider } from '../../fields/reference-titles';
import { Loading } from '../../views/loading';

export const DEFAULT_RECORDS_LIMIT = 10;

/** The list API query of a records widget. */
export function recordsQuery(w: DashboardWidget, filters: Record<string, string[]>): Record<string, string | string[] | number> {
  const q: Record<string, string | string[] | number> = { ...filters, _start: 0, _end: w.limit ?? DEFAULT_RECORDS_LIMIT };
  if (w.sort) {
    q._sort = w.sort.field;
    q._order = w.sort.order;
  }
  return q;
}

export function RecordsWidget({ w, schema, filters }: { w: DashboardWidget; schema: EntitySchema; filters: Record<string, string[]> }): React.ReactElement {
  const apiUrl = useApiUrl();
  const query = recordsQuery(w, filters);
  const { result, query: q } = useCustom<Record<string, unknown>[]>({
    url: `${apiUrl}/${schema.resource}`,
    method: 'get',
    config: { query },
    queryOptions: { queryKey: ['painel', w.entity, w.id, JSON.stringify(query)] },
    errorNotification: false,
  });
  if (q.isError) return <Alert type="warning" showIcon message={q.error?.message ?? 'Não foi possível carregar.'} />;
  const rows = result?.data;
  if (q.isLoading || !rows) return <Loading label="Carregando" />;
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nada no período." />;
  const fields = (w.columns ?? [schema.titleField]).map((name) => schema.fields.find((f) => f.name === name)).filter((f) => !!f);
  const show = entityPaths(schema).show;
  return (
    <ReferenceTitlesProvider schema={schema} rows={rows}>
      <Table
        size="small"
        rowKey={(r) => String(r.id)}
        pagination={false}
        scroll={{ x: true }}
        dataSource={rows}
        columns={[
          ...fields.map((f) => ({
            key: f.name,
            title: f.label,
            render: (_: unknown, r: Record<string, unknown>) => <FieldDisplay field={f} value={r[f.name]} mode="cell" />,
          })),
          {
            key: 'abrir',
            title: 'Registro',
            width: 1,
            render: (_: unknown, r: Record<string, unknown>) => (show ? <Link to={show.replace(':id', encodeURIComponent(String(r.id)))}>Abrir</Link> : null),
          },
        ]}
      />
    </ReferenceTitlesProvider>
  );
}
