/**
 * The generic dashboard view: a declared dashboard (resources/dashboards) as a grid of widgets,
 * each one aggregate query (GET /{resource}/aggregate) under the viewer's access rules. The period
 * at the top applies to every widget that has a date field and lives in the URL (?de=&ate=). KPIs
 * and chart bars open the list of the records they count. Charts load lazily.
 */
import React, { Suspense, lazy, useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Card, Col, DatePicker, Empty, Row, Space, Statistic, Table, Typography } from 'antd';
import { useApiUrl, useCustom } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { DASHBOARDS, type DashboardSpec, type DashboardWidget } from '../../../../resources/dashboards';
import { entityPaths } from '../../../../resources/routes';
import type { AppRoute } from '../../../../resources/routes/types';
import { schemaByName } from '../../../../schemas/index';
import type { EntitySchema, FieldDef } from '../../../../schemas/kinds';
import { FieldDisplay } from '../../fields/display';
import { ReferenceTitlesProvider, useReferenceTitles, type ReferenceTitles } from '../../fields/reference-titles';
import { formatDecimal, formatInteger, formatMoney, todayIso } from '../../format';
import { formatValue } from '../../fields/format-value';
import type { ChartDatum } from './charts';
import { SelectObraPrompt } from '../../views/select-obra-prompt';
import { combineShare, shareFormatter, sideQuery, type AggregateAnswer, type AggregateRow } from './share';
import { RecordsWidget } from './records-widget';
import { Loading } from '../../views/loading';

const Chart = lazy(() => import('./charts'));

export interface Period {
  de: string;
  ate: string;
}

/** The period of the URL, or the dashboard's default (its last N months up to today). */
export function periodOf(spec: DashboardSpec, params: URLSearchParams, today = todayIso()): Period {
  const valid = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const ate = valid(params.get('ate')) ?? today;
  const de = valid(params.get('de')) ?? dayjs(ate).subtract(spec.defaultMonths, 'month').format('YYYY-MM-DD');
  return { de, ate };
}

/** Where a widget's filter values come from: the route's parameters and query. */
export interface FilterContext {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  today?: string;
}

/** A declared filter value: '$hoje', '$ontem', '$hoje+N', ':param', '?param' or a literal. */
export function resolveFilterValue(v: string, ctx: FilterContext): string | undefined {
  const today = ctx.today ?? todayIso();
  const rel = /^\$hoje([+-]\d+)$/.exec(v);
  if (v === '$hoje') return today;
  if (v === '$ontem') return dayjs(today).subtract(1, 'day').format('YYYY-MM-DD');
  if (rel) return dayjs(today).add(Number(rel[1]), 'day').format('YYYY-MM-DD');
  if (v.startsWith(':')) return ctx.params[v.slice(1)] || undefined;
  if (v.startsWith('?')) return ctx.search.get(v.slice(1)) || undefined;
  return v;
}

/** The list filters of a widget in the period, as query parameters (key → values). */
export function widgetFilters(w: DashboardWidget, schema: EntitySchema, period: Period, ctx: FilterContext): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(w.filters ?? {})) {
    const values = (Array.isArray(v) ? v : [v]).map((x) => resolveFilterValue(x, ctx)).filter((x): x is string => x !== undefined);
    if (values.length) out[k] = values;
  }
  if (w.periodField) {
    const datetime = schema.fields.find((f) => f.name === w.periodField)?.kind === 'datetime';
    out[`${w.periodField}_gte`] = [datetime ? `${period.de}T00:00:00` : period.de];
    out[`${w.periodField}_lte`] = [datetime ? `${period.ate}T23:59:59` : period.ate];
  }
  return out;
}

/** A link to the entity's list filtered like the widget (Refine's URL filter format). */
export function listLink(schema: EntitySchema, filters: Record<string, string[]>): string {
  const parts: string[] = [];
  let i = 0;
  for (const [key, values] of Object.entries(filters)) {
    const m = /^(.*?)(?:_(ne|gte|lte|like))?$/.exec(key)!;
    const op = m[2] === 'like' ? 'contains' : (m[2] ?? (values.length > 1 ? 'in' : 'eq'));
    const p = `filters[${i}]`;
    parts.push(`${p}[field]=${encodeURIComponent(m[1])}`, `${p}[operator]=${op}`);
    if (op === 'in') values.forEach((v, j) => parts.push(`${p}[value][${j}]=${encodeURIComponent(v)}`));
    else parts.push(`${p}[value]=${encodeURIComponent(values[0])}`);
    i++;
  }
  return `${entityPaths(schema).list}?${parts.join('&')}`;
}

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

function groupLabel(w: DashboardWidget, field: FieldDef | undefined, row: AggregateRow, titles?: ReferenceTitles): string {
  if (row.outros) return 'Outros';
  const key = w.groupBy ? row[w.groupBy] : undefined;
  if (key === null || key === undefined || key === '') return '(não informado)';
  if (w.interval && typeof key === 'string') {
    const [y, m, d] = key.split('-');
    if (w.interval === 'month') return `${MONTHS[Number(m) - 1]}/${y}`;
    if (w.interval === 'year') return y;
    return `${d}/${m}/${y}`;
  }
  // A reference is shown by its record's title ("Obra Alfa", not "101"), an enum by its label.
  const title = field?.kind === 'reference' ? titles?.get(field.name)?.get(String(key))?.title : undefined;
  return title ?? (field ? formatValue(field, key) : String(key));
}

function measureField(w: DashboardWidget, schema: EntitySchema): FieldDef | undefined {
  const [, name] = (w.measure ?? 'count').split(':');
  return name ? schema.fields.find((f) => f.name === name) : undefined;
}

function formatter(w: DashboardWidget, schema: EntitySchema): (v: number) => string {
  if (w.share) return shareFormatter(w.share);
  if (w.measure?.startsWith('avgDays:')) return (v) => `${formatDecimal(v, 1)} ${v === 1 ? 'dia' : 'dias'}`;
  const f = measureField(w, schema);
  if (f?.kind === 'money') return (v) => formatMoney(v);
  // The average of whole numbers (scores) is not a whole number: one decimal.
  if (f?.kind === 'integer' && w.measure?.startsWith('avg:')) return (v) => formatDecimal(v, 1);
  if (f) return (v) => formatValue(f, v);
  return (v) => formatInteger(v);
}

/** Height a widget's body keeps from its first paint (charts: charts.tsx draws them 260 px tall). */
const WIDGET_MIN_HEIGHT: Partial<Record<DashboardWidget['kind'], number>> = { kpi: 48, bar: 260, column: 260, line: 260, pie: 260 };

/** One aggregate query of a widget (disabled when `query` is undefined). */
function useAggregate(w: DashboardWidget, schema: EntitySchema, query: Record<string, unknown> | undefined, side: string) {
  const apiUrl = useApiUrl();
  return useCustom<AggregateAnswer>({
    url: `${apiUrl}/${schema.resource}/aggregate`,
    method: 'get',
    config: { query: query ?? {} },
    queryOptions: { queryKey: ['painel', w.entity, w.id, side, JSON.stringify(query ?? null)], enabled: !!query },
    errorNotification: false,
  });
}

function Widget({ w, period, ctx }: { w: DashboardWidget; period: Period; ctx: FilterContext }) {
  const schema = schemaByName(w.entity) as EntitySchema;
  const navigate = useNavigate();
  const filters = useMemo(() => widgetFilters(w, schema, period, ctx), [w, schema, period, ctx]);
  const records = w.kind === 'records';
  const query: Record<string, string | string[] | number> = { measure: w.measure ?? 'count', ...filters };
  if (w.groupBy) query.groupBy = w.groupBy;
  if (w.interval) query.interval = w.interval;
  if (w.top) query.top = w.top;
  const main = useAggregate(w, schema, records ? undefined : query, 'all');
  // Share widgets (CSAT, NPS): the counts above the line and subtracted, in the same groups.
  const of = useAggregate(w, schema, records ? undefined : sideQuery(query, w.share?.of), 'of');
  const minus = useAggregate(w, schema, records ? undefined : sideQuery(query, w.share?.minus), 'minus');
  const sides = w.share ? [main, of, ...(w.share.minus ? [minus] : [])] : [main];
  const q = {
    isError: sides.some((s) => s.query.isError),
    error: sides.find((s) => s.query.isError)?.query.error,
    isLoading: sides.some((s) => s.query.isLoading),
  };
  // (useCustom answers an empty object while a query is pending.)
  const ready = sides.every((s) => Array.isArray(s.result?.data?.rows));
  const data: AggregateAnswer | undefined = !ready
    ? undefined
    : w.share
      ? combineShare(main.result!.data, of.result!.data, w.share.minus ? minus.result!.data : undefined, w.groupBy)
      : main.result!.data;
  const format = formatter(w, schema);
  const groupField = w.groupBy ? schema.fields.find((f) => f.name === w.groupBy) : undefined;
  const titles = useReferenceTitles(schema, groupField?.kind === 'reference' ? data?.rows : undefined);
  const link = listLink(schema, filters);
  const span = w.span ?? (w.kind === 'kpi' ? 6 : 12);
  const body = () => {
    if (records) return <RecordsWidget w={w} schema={schema} filters={filters} />;
    if (q.isError) return <Alert type="warning" showIcon message={q.error?.message ?? 'Não foi possível carregar.'} />;
    if (q.isLoading || !data) return <Loading label="Carregando" />;
    if (w.kind === 'kpi') {
      // An average or a share of nothing has no value (not zero).
      const shown = data.total === null && (w.share || /^avg/.test(w.measure ?? '')) ? '—' : format(Number(data.total ?? 0));
      return (
        <Link to={link} aria-label={`${w.title}: ${shown}. Ver registros`}>
          <Statistic value={shown} valueStyle={{ fontSize: 28 }} />
        </Link>
      );
    }
    if (!data.rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nada no período." />;
    if (w.kind === 'table') {
      const rows = data.rows.map((r, i) => ({ ...r, _key: i }));
      return (
        <ReferenceTitlesProvider schema={schema} rows={rows}>
          <Table
            size="small"
            rowKey="_key"
            pagination={false}
            dataSource={rows}
            columns={[
              {
                key: 'grupo',
                title: groupField?.label ?? 'Grupo',
                render: (_: unknown, r: AggregateRow) =>
                  r.outros ? (
                    <Typography.Text type="secondary">Outros</Typography.Text>
                  ) : groupField ? (
                    <FieldDisplay field={groupField} value={r[w.groupBy!]} mode="cell" />
                  ) : (
                    groupLabel(w, groupField, r)
                  ),
              },
              {
                key: 'valor',
                title: 'Valor',
                align: 'right' as const,
                render: (_: unknown, r: AggregateRow) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{format(Number(r.value ?? 0))}</span>,
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>Total</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong>{format(Number(data.total ?? 0))}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </ReferenceTitlesProvider>
      );
    }
    const chartData: (ChartDatum & { key: unknown; outros?: boolean })[] = data.rows.map((r) => ({
      label: groupLabel(w, groupField, r, titles),
      value: Number(r.value ?? 0),
      key: w.groupBy ? r[w.groupBy] : undefined,
      outros: r.outros,
    }));
    const select = (d: ChartDatum) => {
      const hit = chartData.find((c) => c.label === d.label);
      if (!hit || hit.outros || w.interval || !w.groupBy || hit.key === null || hit.key === undefined) return;
      navigate(listLink(schema, { ...filters, [w.groupBy]: [String(hit.key)] }));
    };
    return (
      <Suspense fallback={<Loading label="Carregando gráfico" />}>
        <figure style={{ margin: 0 }} aria-label={`${w.title}: ${chartData.map((d) => `${d.label} ${format(d.value)}`).join('; ')}`}>
          <Chart
            kind={w.kind as 'bar' | 'column' | 'line' | 'pie'}
            data={chartData}
            format={format}
            integer={w.share ? w.share.display === 'score' : !measureField(w, schema) && !w.measure?.startsWith('avgDays:')}
            onSelect={select}
          />
        </figure>
      </Suspense>
    );
  };
  return (
    <Col xs={24} sm={w.kind === 'kpi' ? 12 : 24} md={Math.max(span, 12)} lg={span}>
      <Card
        size="small"
        title={w.title}
        role="region"
        aria-label={w.title}
        extra={w.kind === 'kpi' ? null : <Link to={link}>Ver registros</Link>}
        style={{ height: '100%' }}
      >
        {w.help ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            {w.help}
          </Typography.Paragraph>
        ) : null}
        {/* The widget's room is kept while it loads (a chart's height, a figure's line): nothing moves when it arrives. */}
        <div style={{ minHeight: WIDGET_MIN_HEIGHT[w.kind] ?? 0, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>{body()}</div>
      </Card>
    </Col>
  );
}

export function DashboardView({ spec }: { spec: DashboardSpec }): React.ReactElement {
  const [params, setParams] = useSearchParams();
  const routeParams = useParams();
  const period = periodOf(spec, params);
  const search = params.toString();
  const ctx = useMemo<FilterContext>(() => ({ params: routeParams, search: new URLSearchParams(search) }), [routeParams, search]);
  const setPeriod = (range: [Dayjs | null, Dayjs | null] | null) => {
    const next = new URLSearchParams(params);
    if (range?.[0] && range[1]) {
      next.set('de', range[0].format('YYYY-MM-DD'));
      next.set('ate', range[1].format('YYYY-MM-DD'));
    } else {
      next.delete('de');
      next.delete('ate');
    }
    setParams(next, { replace: true });
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {spec.title}
        </Typography.Title>
        <Space wrap>
          <label htmlFor="painel-periodo">Período:</label>
          <DatePicker.RangePicker
            id="painel-periodo"
            format="DD/MM/YYYY"
            allowClear
            value={[dayjs(period.de), dayjs(period.ate)]}
            onChange={(r) => setPeriod(r as [Dayjs | null, Dayjs | null] | null)}
          />
        </Space>
      </Space>
      <Row gutter={[16, 16]}>
        {spec.widgets.map((w) => (
          <Widget key={w.id} w={w} period={period} ctx={ctx} />
        ))}
      </Row>
    </Space>
  );
}

export function DashboardPage({ route }: { route: AppRoute }): React.ReactElement {
  const { search } = useLocation();
  const spec = route.dashboard ? DASHBOARDS[route.dashboard] : undefined;
  if (!spec) return <Alert type="error" showIcon message="Painel não encontrado." />;
  // A site dashboard outside a site route (/juridico/dashboard) needs ?obra=.
  if (route.obraObrigatoria && !route.path.includes(':obra') && !new URLSearchParams(search).get('obra')) return <SelectObraPrompt title={route.title} />;
  return <DashboardView spec={spec} />;
}
