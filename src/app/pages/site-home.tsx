/** Home of a site (/obras/:obra) and of a manufacturing site (/fabricacao/:obra): its data and its modules. */
import type React from 'react';
import { Card, Descriptions, Progress, Space, Typography } from 'antd';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { RelatedTabs } from '../views/related-lists';
import { todayIso } from '../format';
import { useAbility } from '../access/ability-context';
import { useCurrentRoute } from '../guard/navigation-guard';
import { buildMenu } from '../layouts/menu';
import { obraLabel } from '../fields/obra-label';
import { ModuleCards } from './home';
import { formatDate } from '../format';
import { SiteKpis } from '../modules/site-home/site-kpis';
import { SCurveCard } from '../modules/schedule/s-curve-card';
import { FieldDisplay } from '../fields/display';
import { ReferenceTitlesProvider } from '../fields/reference-titles';

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object' && value && 'nome' in value)
    return String((value as { nome?: unknown; mail?: unknown }).nome ?? (value as { mail?: unknown }).mail ?? '—');
  if (typeof value === 'object' && value && 'mail' in value) return String((value as { mail?: unknown }).mail);
  return String(value);
}

const DAY = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** Elapsed share of the planned period (start → planned end), and days since the start. */
export function scheduleProgress(start: unknown, end: unknown, today = todayIso()): { percent: number; elapsed: number; total: number } | undefined {
  if (typeof start !== 'string' || !start || typeof end !== 'string' || !end) return undefined;
  const total = days(start, end);
  if (!(total > 0)) return undefined;
  const elapsed = Math.max(0, days(start, today));
  return { percent: Math.min(100, Math.round((elapsed / total) * 100)), elapsed, total };
}

function PrazoDecorrido({ record }: { record: Record<string, unknown> }) {
  const p = scheduleProgress(record.dataInicio, record.dataConclusao || record.previsaoTermino);
  if (!p) return <>—</>;
  const late = p.elapsed - p.total;
  const done = !!record.dataConclusao;
  return (
    <Space direction="vertical" size={0} style={{ width: '100%', maxWidth: 260 }}>
      <Progress
        percent={p.percent}
        size="small"
        status={late > 0 && !done ? 'exception' : done ? 'success' : 'active'}
        aria-label={`Prazo decorrido: ${p.percent}%`}
      />
      <Typography.Text type={late > 0 && !done ? 'danger' : 'secondary'}>
        {done
          ? `Concluída em ${p.total} dias`
          : late > 0
            ? `Prazo excedido em ${late} dia${late === 1 ? '' : 's'} (previstos ${p.total})`
            : `${p.elapsed} de ${p.total} dias`}
      </Typography.Text>
    </Space>
  );
}

const obraSchema = schemaByName('obra') as EntitySchema | undefined;

/** The site's client company by name (the site holds its CNPJ; the title comes from the API). */
function ClientCompany({ record }: { record: Record<string, unknown> }): React.ReactElement {
  const field = obraSchema?.fields.find((f) => f.name === 'cliente');
  if (!obraSchema || !field) return <>{text(record.cliente)}</>;
  return (
    <ReferenceTitlesProvider schema={obraSchema} rows={[record]}>
      <FieldDisplay field={field} value={record.cliente} />
    </ReferenceTitlesProvider>
  );
}

export function SiteHomePage({ layout }: { layout: 'site' | 'factory' }) {
  const current = useCurrentRoute();
  const ability = useAbility();
  const obra = current?.obra;
  const record = current?.obraRecord;
  const groups = buildMenu(layout, ability, obra)
    .map((g) => ({ ...g, items: g.items.filter((i) => i.route.id !== current?.route.id) }))
    .filter((g) => g.items.length);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {obra ? obraLabel(obra, record) : 'Obra'}
      </Typography.Title>
      {record && (
        <Card size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'cliente', label: 'Cliente', children: <ClientCompany record={record} /> },
              { key: 'status', label: 'Situação', children: text(record.status) },
              { key: 'cidade', label: 'Cidade', children: [record.cidade, record.uf].filter(Boolean).join(' / ') || '—' },
              { key: 'sm', label: 'Site manager', children: text(record.siteManager) },
              { key: 'inicio', label: 'Início', children: record.dataInicio ? formatDate(String(record.dataInicio)) : '—' },
              { key: 'termino', label: 'Previsão de término', children: record.previsaoTermino ? formatDate(String(record.previsaoTermino)) : '—' },
              { key: 'endereco', label: 'Endereço', children: text(record.endereco) },
              { key: 'substituto', label: 'Site manager substituto', children: text(record.siteManagerSubstituto) },
              { key: 'prazo', label: 'Prazo decorrido', children: <PrazoDecorrido record={record} /> },
            ]}
          />
        </Card>
      )}
      {obra ? <SiteKpis obra={obra} layout={layout} record={record as Record<string, unknown> | undefined} /> : null}
      {obra ? <SCurveCard obra={obra} /> : null}
      {record && obraSchema ? <RelatedTabs schema={obraSchema} record={record as Record<string, unknown> & { id: number }} /> : null}
      {groups.length ? (
        <>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Módulos da obra
          </Typography.Title>
          <ModuleCards groups={groups} />
        </>
      ) : null}
    </Space>
  );
}
