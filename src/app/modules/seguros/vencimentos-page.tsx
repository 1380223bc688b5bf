/**
 * "Vencimentos de apólices" (/seguros/vencimentos, issue 40): first the policies to act on — those
 * past their end in force or ending within 60 days, grouped as the server's `vencimento` (the list's
 * "a vencer" filter) and filtered by group — then a month calendar of the end of validity in force
 * of every policy the person reads (engineering risk and full operation), each linking to its
 * policy, with the month's list below (the month in the address, `?mes=AAAA-MM`). Read through the generic list API with the reader's rules
 * (`vencimento=…`, `fimVigenciaAtual_gte` / `_lte`); nothing of its own on the server.
 */
import React, { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Calendar, Card, Empty, Grid, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useList, type CrudFilter } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { usePodeCheck } from '../../access/pode';
import type { Subject } from '../../../access/subjects';
import { sentTitle } from '../../fields/reference-titles';
import { formatDate } from '../../format';
import { POLICY_RESOURCES, VENCIMENTO_COLOR } from './paths';

type Row = Record<string, unknown>;
type Expiry = Row & { _show: string; _kind: string };

/** The server's `vencimento` of a policy to act on (schemas/shared/seguro-fields.ts), most urgent first. */
const DUE = ['Vencida', 'A vencer em até 7 dias', 'A vencer em até 30 dias', 'A vencer em até 60 dias'];
const colorOf = (p: Row) => (p.status === 'Vigente' || p.status === 'Vencida' ? (VENCIMENTO_COLOR[String(p.vencimento)] ?? 'default') : 'default');
const obraOf = (p: Row) => sentTitle(p, 'obra')?.title ?? (p.obra ? `Obra ${String(p.obra)}` : '—');
const byEnd = (x: Row, y: Row) => String(x.fimVigenciaAtual).localeCompare(String(y.fimVigenciaAtual));

/** The policies of one resource matching `filters` (none when the person may not read it). */
function usePolicies(index: number, filters: CrudFilter[], enabled: boolean): { rows: Expiry[]; loading: boolean; error?: string } {
  const r = POLICY_RESOURCES[index];
  const { result, query } = useList<Row>({
    resource: r.resource,
    filters,
    sorters: [{ field: 'fimVigenciaAtual', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 500, mode: 'server' },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const data = result.data;
  const rows = useMemo(() => (enabled ? data.map((p) => ({ ...p, _show: `${r.show}/${String(p.id)}`, _kind: r.label })) : []), [data, enabled, r]);
  return { rows, loading: enabled && query.isLoading, error: enabled && query.isError ? query.error?.message : undefined };
}

/** Both resources' policies matching `filters`, by end in force. */
function useBoth(filters: CrudFilter[]) {
  const pode = usePodeCheck();
  const may = POLICY_RESOURCES.map((r) => pode({ I: 'read', a: r.subject as Subject }));
  const a = usePolicies(0, filters, may[0]);
  const b = usePolicies(1, filters, may[1]);
  const rows = useMemo(() => [...a.rows, ...b.rows].sort(byEnd), [a.rows, b.rows]);
  return { rows, loading: a.loading || b.loading, error: a.error ?? b.error };
}

const COLUMNS: TableColumnsType<Expiry> = [
  { title: 'Fim da vigência em vigor', dataIndex: 'fimVigenciaAtual', key: 'fim', render: (v) => formatDate(v) },
  { title: 'Apólice', key: 'numero', render: (_, p) => <Link to={p._show}>{String(p.numeroApolice)}</Link> },
  { title: 'Seguro', dataIndex: '_kind', key: 'kind' },
  { title: 'Obra', key: 'obra', render: (_, p) => obraOf(p) },
  { title: 'Situação', dataIndex: 'status', key: 'status' },
  { title: 'Vencimento', key: 'vencimento', render: (_, p) => (p.vencimento ? <Tag color={colorOf(p)}>{String(p.vencimento)}</Tag> : '—') },
];

const ALL = 'Todas';
const SHORT: Record<string, string> = {
  Vencida: 'Vencidas',
  'A vencer em até 7 dias': 'Até 7 dias',
  'A vencer em até 30 dias': 'Até 30 dias',
  'A vencer em até 60 dias': 'Até 60 dias',
};

/** "A vencer": the policies past their end or ending within 60 days, one group per `vencimento`. */
function DueSoon(): React.ReactElement {
  const filters = useMemo<CrudFilter[]>(() => [{ field: 'vencimento', operator: 'in', value: DUE }], []);
  const { rows, loading, error } = useBoth(filters);
  const [shown, setShown] = useState(ALL);
  const groups = DUE.map((v) => ({ v, list: rows.filter((p) => p.vencimento === v) })).filter((g) => g.list.length && (shown === ALL || shown === g.v));
  return (
    <Card size="small" title="A vencer e vencidas" loading={loading}>
      {error ? <Alert type="error" showIcon message="Não foi possível carregar as apólices." description={error} /> : null}
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented
          aria-label="Mostrar apólices"
          value={shown}
          onChange={(v) => setShown(String(v))}
          // Only the groups that have a policy: the control fits a phone.
          options={[ALL, ...DUE.filter((v) => rows.some((p) => p.vencimento === v))].map((v) => ({
            value: v,
            label: `${v === ALL ? ALL : SHORT[v]} (${v === ALL ? rows.length : rows.filter((p) => p.vencimento === v).length})`,
          }))}
          style={{ maxWidth: '100%' }}
        />
        {groups.length ? (
          groups.map((g) => (
            <section key={g.v} aria-label={g.v}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {g.v}
              </Typography.Title>
              <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {g.list.map((p) => (
                  <li key={p._show} style={{ padding: '4px 0', display: 'flex', flexWrap: 'wrap', gap: '0 12px', alignItems: 'baseline' }}>
                    <Typography.Text strong>{formatDate(p.fimVigenciaAtual)}</Typography.Text>
                    <Link to={p._show}>{String(p.numeroApolice)}</Link>
                    <Typography.Text type="secondary">
                      {p._kind} · {obraOf(p)}
                    </Typography.Text>
                  </li>
                ))}
              </ul>
            </section>
          ))
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhuma apólice vencida ou a vencer nos próximos 60 dias." />
        )}
      </Space>
    </Card>
  );
}

/** The calendar's day: the policies ending that day, as linked tags (a dot on a phone's small calendar). */
function DayCell({ list, small }: { list: Expiry[]; small: boolean }): React.ReactElement | null {
  if (!list.length) return null;
  // The list above names them: the dot only marks the day.
  if (small) return <Badge color={colorOf(list[0])} />;
  return (
    <Space direction="vertical" size={2}>
      {list.map((p) => (
        <Link key={p._show} to={p._show} aria-label={`Apólice ${String(p.numeroApolice)} vence em ${formatDate(p.fimVigenciaAtual)}`}>
          <Tag color={colorOf(p)} style={{ marginInlineEnd: 0 }}>
            {String(p.numeroApolice)}
          </Tag>
        </Link>
      ))}
    </Space>
  );
}

const MONTH_NAME = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' });

/** The calendar's header: the month in words and buttons to move (antd's own selects have no label). */
function MonthHeader({ month, onChange }: { month: Dayjs; onChange: (d: Dayjs) => void }): React.ReactElement {
  const name = MONTH_NAME.format(new Date(month.year(), month.month(), 1));
  return (
    <Space wrap style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
      <Typography.Text strong aria-live="polite">
        {name.charAt(0).toUpperCase() + name.slice(1)}
      </Typography.Text>
      <Space.Compact>
        <Button icon={<LeftOutlined />} aria-label="Mês anterior" onClick={() => onChange(month.subtract(1, 'month'))} />
        <Button onClick={() => onChange(dayjs().startOf('month'))}>Mês atual</Button>
        <Button icon={<RightOutlined />} aria-label="Próximo mês" onClick={() => onChange(month.add(1, 'month'))} />
      </Space.Compact>
    </Space>
  );
}

export function VencimentosPage(): React.ReactElement {
  const small = Grid.useBreakpoint().md === false;
  // The month shown is in the address (`?mes=2026-12`): a link or a reload opens the same month.
  const [params, setParams] = useSearchParams();
  const mes = params.get('mes') ?? '';
  const month = useMemo<Dayjs>(() => (/^\d{4}-(0[1-9]|1[0-2])$/.test(mes) ? dayjs(`${mes}-01`) : dayjs().startOf('month')), [mes]);
  const setMonth = (d: Dayjs) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('mes', d.format('YYYY-MM'));
        return next;
      },
      { replace: true },
    );
  // The visible grid spans from the week before the month to the week after it.
  const from = month.subtract(7, 'day').format('YYYY-MM-DD');
  const to = month.endOf('month').add(14, 'day').format('YYYY-MM-DD');
  const filters = useMemo<CrudFilter[]>(
    () => [
      { field: 'fimVigenciaAtual', operator: 'gte', value: from },
      { field: 'fimVigenciaAtual', operator: 'lte', value: to },
    ],
    [from, to],
  );
  const { rows, loading, error } = useBoth(filters);
  const byDay = useMemo(() => {
    const m = new Map<string, Expiry[]>();
    for (const p of rows) m.set(String(p.fimVigenciaAtual), [...(m.get(String(p.fimVigenciaAtual)) ?? []), p]);
    return m;
  }, [rows]);
  const inMonth = rows.filter((p) => String(p.fimVigenciaAtual).slice(0, 7) === month.format('YYYY-MM'));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Vencimentos de apólices
      </Typography.Title>
      <DueSoon />
      {error ? <Alert type="error" showIcon message="Não foi possível carregar as apólices." description={error} /> : null}
      <Card size="small" title="Calendário de vencimentos">
        <Calendar
          fullscreen={!small}
          // Today is selected in the current month; another month selects its first day.
          value={month.isSame(dayjs(), 'month') ? dayjs() : month}
          headerRender={() => <MonthHeader month={month} onChange={(d) => setMonth(d.startOf('month'))} />}
          cellRender={(d, info) => (info.type === 'date' ? <DayCell list={byDay.get(d.format('YYYY-MM-DD')) ?? []} small={small} /> : info.originNode)}
        />
      </Card>
      <Card size="small" title={`Vencimentos de ${month.format('MM/YYYY')}`}>
        <Table<Expiry>
          size="small"
          rowKey={(p) => p._show}
          loading={loading}
          columns={COLUMNS}
          dataSource={inMonth}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'Nenhuma apólice vence neste mês.' }}
        />
      </Card>
    </Space>
  );
}
