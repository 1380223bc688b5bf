/**
 * "Dias impraticáveis" of a site (/:obra/diarios/impraticaveis, issue 26): the daily reports of a
 * period (the current month by default, kept in the address as `?de=&ate=`) with a shift marked
 * impracticable — days, shifts and whole days lost, the list linking to each report, and
 * "Exportar" (.xlsx) for a time-extension claim. The API applies the reader's rules: a client's
 * representative sees the concluded reports of its sites (docs/access.md decisions 29 and 32).
 */
import React, { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Card, Col, DatePicker, Empty, Form, Row, Space, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Loading } from '../../views/loading';
import { DownloadOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import dayjs from 'dayjs';
import { useCurrentRoute } from '../../guard/navigation-guard';
import { obraLabel } from '../../fields/obra-label';
import { formatDate, formatDecimal } from '../../format';
import { monthOf, useLostDays, weatherOf, type LostDay, type LostDays } from './api';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const monthName = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} de ${iso.slice(0, 4)}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const COLUMNS: TableColumnsType<LostDay> = [
  {
    title: 'Data',
    dataIndex: 'data',
    key: 'data',
    render: (v: string, d: LostDay) => <Link to={`/diarios/${d.id}`}>{formatDate(v)}</Link>,
  },
  { title: 'Nº', dataIndex: 'numero', key: 'numero', render: (v: number | null) => v ?? '—' },
  {
    title: 'Turnos impraticáveis',
    dataIndex: 'turnos',
    key: 'turnos',
    render: (v: string[]) => (
      <Space size={[0, 4]} wrap>
        {v.map((t) => (
          <Tag key={t} color="red">
            {t}
          </Tag>
        ))}
      </Space>
    ),
  },
  { title: 'Tempo', key: 'tempo', render: (_: unknown, d: LostDay) => weatherOf(d).join('; ') },
  {
    title: 'Chuva (mm)',
    dataIndex: 'chuvaMm',
    key: 'chuvaMm',
    align: 'right',
    render: (v: number | null) => (v === null || v === undefined ? '—' : formatDecimal(v, 2)),
  },
];

function Totals({ data }: { data: LostDays }) {
  const items: [string, number][] = [
    ['Dias com turno impraticável', data.dias],
    ['Turnos impraticáveis', data.turnos],
    ['Dias inteiros impraticáveis', data.diasInteiros],
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map(([title, value]) => (
        <Col key={title} xs={24} sm={8}>
          <Card size="small" role="region" aria-label={title}>
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function LostDaysPage(): React.ReactElement {
  const { obra = '' } = useParams();
  const current = useCurrentRoute();
  const site = obraLabel(obra, current?.obra === obra ? current?.obraRecord : undefined);
  const [params, setParams] = useSearchParams();
  const month = monthOf();
  const de = ISO.test(params.get('de') ?? '') ? params.get('de')! : month.de;
  const ate = ISO.test(params.get('ate') ?? '') ? params.get('ate')! : month.ate;
  const { result, query } = useLostDays(obra, de, ate);
  const data = Array.isArray(result?.data?.lista) ? result!.data : undefined;
  const { open } = useNotification();
  const [exporting, setExporting] = useState(false);

  const setPeriod = (p: { de: string; ate: string }) => {
    const next = new URLSearchParams(params);
    next.set('de', p.de);
    next.set('ate', p.ate);
    setParams(next, { replace: true });
  };

  async function runExport(answer: LostDays) {
    setExporting(true);
    try {
      const { exportLostDays } = await import('./export');
      const { fileName } = await exportLostDays(answer);
      open?.({ key: `impraticaveis-${obra}`, type: 'success', message: `Planilha ${fileName} gerada.` });
    } catch (e) {
      open?.({ key: `impraticaveis-${obra}`, type: 'error', message: (e as Error).message || 'Não foi possível exportar.' });
    } finally {
      setExporting(false);
    }
  }

  const fieldErrors = Object.values((query.error?.errors ?? {}) as Record<string, string[]>).flat();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Dias impraticáveis — {site}
      </Typography.Title>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label="Período" htmlFor="impraticaveis-periodo" style={{ maxWidth: '100%' }}>
            <DatePicker.RangePicker
              id="impraticaveis-periodo"
              format="DD/MM/YYYY"
              allowClear={false}
              value={[dayjs(de), dayjs(ate)]}
              onChange={(v) => {
                if (v?.[0] && v[1]) setPeriod({ de: v[0].format('YYYY-MM-DD'), ate: v[1].format('YYYY-MM-DD') });
              }}
              placeholder={['Início', 'Fim']}
              style={{ maxWidth: '100%' }}
            />
          </Form.Item>
          <Form.Item>
            <Button icon={<DownloadOutlined />} loading={exporting} disabled={!data?.lista.length} onClick={() => data && runExport(data)}>
              Exportar
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={query.error?.message ?? 'Não foi possível carregar os dias impraticáveis.'}
          description={fieldErrors.join(' ') || undefined}
        />
      ) : !data ? (
        <Loading label="Carregando dias impraticáveis" size="large" />
      ) : (
        <>
          <Totals data={data} />
          <Card
            size="small"
            title={`Diários com turno impraticável (${plural(data.lista.length, 'diário', 'diários')})`}
            role="region"
            aria-label="Diários com turno impraticável"
          >
            {data.lista.length ? (
              <Table<LostDay>
                rowKey="id"
                size="small"
                columns={COLUMNS}
                dataSource={data.lista}
                scroll={{ x: 'max-content' }}
                pagination={data.lista.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
              />
            ) : (
              <Empty description={`Nenhum dia impraticável entre ${formatDate(data.de)} e ${formatDate(data.ate)}.`}>
                {data.ultimoDia && (data.ultimoDia < data.de || data.ultimoDia > data.ate) ? (
                  <Button onClick={() => setPeriod(monthOf(data.ultimoDia!))}>
                    Ver {monthName(data.ultimoDia)} (último em {formatDate(data.ultimoDia)})
                  </Button>
                ) : null}
              </Empty>
            )}
          </Card>
        </>
      )}
    </Space>
  );
}
