/**
 * The KPI cards of a site's home: days of work, the declared counts (resources/dashboards/
 * site-kpis.ts; one aggregate request each, under the viewer's read rules) and the physical
 * progress (the S-curve's last realised point; the same request as the curve below). A KPI the
 * viewer may not read is not shown: not requested when no rule allows reading the entity, and
 * hidden when the API refuses it.
 */
import React, { useMemo } from 'react';
import { Link } from 'react-router';
import { Card, Col, Row, Statistic } from 'antd';
import { useApiUrl, useCustom, type HttpError } from '@refinedev/core';
import dayjs from 'dayjs';
import { SITE_KPIS, type SiteKpi } from '../../../../resources/dashboards/site-kpis';
import { schemaByName } from '../../../../schemas/index';
import type { EntitySchema } from '../../../../schemas/kinds';
import { toCaslAction } from '../../../access/refine-actions';
import type { Action } from '../../../access/subjects';
import { Pode } from '../../access/pode';
import { formatInteger, todayIso } from '../../format';
import { listLink, resolveFilterValue } from '../dashboard/dashboard-page';
import { useSCurve } from '../schedule/api';
import { Loading } from '../../views/loading';

const DAY = 86_400_000;

/** Days of work from the start to today (or to the conclusion), undefined before the start or without one. */
export function daysOfWork(start: unknown, end: unknown, today = todayIso()): number | undefined {
  if (typeof start !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(start)) return undefined;
  const until = typeof end === 'string' && /^\d{4}-\d{2}-\d{2}/.test(end) && end < today ? end : today;
  const d = Math.round((Date.parse(until.slice(0, 10)) - Date.parse(start.slice(0, 10))) / DAY);
  return d >= 0 ? d + 1 : undefined;
}

/** The KPI's list filters for a site on a day. */
export function kpiFilters(kpi: SiteKpi, obra: string, today = todayIso()): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const ctx = { params: { obra }, search: new URLSearchParams(), today };
  for (const [k, v] of Object.entries(kpi.filters)) {
    const values = (Array.isArray(v) ? v : [v])
      .map((x) => (x === '$inicioMes' ? dayjs(today).startOf('month').format('YYYY-MM-DD') : resolveFilterValue(x, ctx)))
      .filter((x): x is string => x !== undefined);
    if (values.length) out[k] = values;
  }
  return out;
}

function KpiCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Col xs={12} md={8} xl={4}>
      <Card size="small" role="region" aria-label={title} title={title} style={{ height: '100%' }} styles={{ header: { whiteSpace: 'normal' } }}>
        {children}
      </Card>
    </Col>
  );
}

function CountKpi({ kpi, schema, obra }: { kpi: SiteKpi; schema: EntitySchema; obra: string }) {
  const apiUrl = useApiUrl();
  const filters = useMemo(() => kpiFilters(kpi, obra), [kpi, obra]);
  const { result, query } = useCustom<{ total: number | null }, HttpError>({
    url: `${apiUrl}/${schema.resource}/aggregate`,
    method: 'get',
    config: { query: { measure: 'count', ...filters } },
    errorNotification: false,
    queryOptions: { queryKey: ['kpi-obra', kpi.id, obra, JSON.stringify(filters)], retry: false },
  });
  if (query.isError) return null;
  const total = result?.data?.total;
  return (
    <KpiCard title={kpi.title}>
      {total === undefined || total === null ? (
        query.isLoading ? (
          <Loading size="small" label="Carregando" style={{ textAlign: 'left' }} />
        ) : (
          <Statistic value={0} />
        )
      ) : (
        <Link to={listLink(schema, filters)} aria-label={`${kpi.title}: ${formatInteger(total)}. Ver registros`}>
          <Statistic value={formatInteger(total)} />
        </Link>
      )}
    </KpiCard>
  );
}

function ProgressKpi({ obra }: { obra: string }) {
  const { result, query } = useSCurve(obra);
  if (query.isError || (!query.isLoading && !Array.isArray(result?.data?.pontos))) return null;
  const last = result?.data?.realizado;
  return (
    <KpiCard title="Avanço físico">
      {query.isLoading ? (
        <Loading size="small" label="Carregando" style={{ textAlign: 'left' }} />
      ) : (
        <Statistic value={last ? last.valor.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : '0,0'} suffix="%" />
      )}
    </KpiCard>
  );
}

export function SiteKpis({ obra, layout, record }: { obra: string; layout: 'site' | 'factory'; record?: Record<string, unknown> }): React.ReactElement {
  const days = daysOfWork(record?.dataInicio, record?.dataConclusao);
  const kpis = SITE_KPIS.filter((k) => k.layouts.includes(layout))
    .map((k) => ({ kpi: k, schema: schemaByName(k.entity) as EntitySchema | undefined }))
    .filter((x): x is { kpi: SiteKpi; schema: EntitySchema } => !!x.schema);
  return (
    <Row gutter={[12, 12]} aria-label="Indicadores da obra" role="group">
      {days !== undefined ? (
        <KpiCard title="Dias de obra">
          <Statistic value={formatInteger(days)} suffix={days === 1 ? 'dia' : 'dias'} />
        </KpiCard>
      ) : null}
      {kpis.map(({ kpi, schema }) => (
        <Pode key={kpi.id} I={toCaslAction(schema.subject, 'list', schema.actions) as Action} a={schema.subject}>
          <CountKpi kpi={kpi} schema={schema} obra={obra} />
        </Pode>
      ))}
      <ProgressKpi obra={obra} />
    </Row>
  );
}
