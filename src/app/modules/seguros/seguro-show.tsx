/**
 * A policy's page (view override of `seguro` and `seguroPleno`, issue 40): the generic page with,
 * above the fields, the policy in force — what the contracted policy became through its issued
 * endorsements, in order, each with its premium difference — and "Renovar" in the header. The
 * values in force are the server's (src/server/insurance/in-force.ts); this only lays them out.
 */
import React from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Descriptions, Grid, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useList, type BaseRecord } from '@refinedev/core';
import type { Subject } from '../../../access/subjects';
import type { EntitySchema } from '../../../../schemas/kinds';
import { GenericShow } from '../../views/generic-show';
import type { ViewProps } from '../../views/overrides';
import { usePode } from '../../access/pode';
import { formatDate, formatMoney } from '../../format';
import { ENDORSEMENT_OF, RENEWAL_PATH, VENCIMENTO_COLOR } from './paths';

type Row = Record<string, unknown>;

/** Endorsements in the order they apply (issue date, then number). */
const inOrder = (rows: Row[]) =>
  [...rows].sort(
    (a, b) =>
      String(a.dataEmissao ?? '').localeCompare(String(b.dataEmissao ?? '')) ||
      String(a.numero ?? '').localeCompare(String(b.numero ?? ''), 'pt-BR', { numeric: true }),
  );

const money = (v: unknown) => formatMoney(v) || '—';
const signed = (v: unknown) => (typeof v === 'number' && v > 0 ? `+${formatMoney(v)}` : money(v));

/** What an endorsement changed, in words. */
function effectOf(e: Row): string {
  const parts: string[] = [];
  if (e.fimVigencia) parts.push(`vigência até ${formatDate(e.fimVigencia)}`);
  if (e.importanciaSegurada !== null && e.importanciaSegurada !== undefined) parts.push(`importância segurada ${formatMoney(e.importanciaSegurada)}`);
  const rows = Array.isArray(e.coberturas) ? (e.coberturas as Row[]) : [];
  if (rows.length) parts.push(`${e.tipo === 'Exclusão de cobertura' ? 'exclui' : 'inclui/altera'} ${rows.map((r) => String(r.cobertura)).join(', ')}`);
  if (e.tipo === 'Cancelamento') parts.push(`cancela a apólice em ${formatDate(e.inicioVigencia ?? e.dataEmissao)}`);
  return parts.join('; ') || '—';
}

const COLUMNS: TableColumnsType<Row> = [
  { title: 'Nº', dataIndex: 'numero', key: 'numero' },
  { title: 'Tipo', dataIndex: 'tipo', key: 'tipo' },
  { title: 'Emissão', dataIndex: 'dataEmissao', key: 'dataEmissao', render: (v) => formatDate(v) },
  { title: 'Efeito', key: 'efeito', render: (_, e) => effectOf(e) },
  { title: 'Prêmio', dataIndex: 'premioAdicional', key: 'premio', align: 'right', render: (v) => (v === null || v === undefined ? '—' : signed(v)) },
];

function InForce({ schema, record }: { schema: EntitySchema; record: BaseRecord }): React.ReactElement {
  const resource = ENDORSEMENT_OF[schema.name];
  const { result, query } = useList<Row>({
    resource,
    filters: [
      { field: 'apolice', operator: 'eq', value: record.id },
      { field: 'situacao', operator: 'eq', value: 'Emitido' },
    ],
    pagination: { currentPage: 1, pageSize: 200, mode: 'server' },
    queryOptions: { enabled: !!resource },
  });
  const issued = inOrder(result.data);
  const small = Grid.useBreakpoint().md === false;
  const totalText = `Prêmio contratado ${money(record.premio)} com os endossos emitidos`;
  const changed = (a: unknown, b: unknown) => a !== b && b !== null && b !== undefined;
  const line = (label: string, contracted: string, now: string, differs: boolean) => ({
    key: label,
    label,
    children: differs ? (
      <span>
        <Typography.Text delete type="secondary">
          {contracted}
        </Typography.Text>{' '}
        → <Typography.Text strong>{now}</Typography.Text>
      </span>
    ) : (
      now
    ),
  });
  return (
    <Card
      size="small"
      title="Apólice em vigor"
      extra={record.vencimento ? <Tag color={VENCIMENTO_COLOR[String(record.vencimento)] ?? 'default'}>{String(record.vencimento)}</Tag> : null}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          line(
            'Fim da vigência',
            formatDate(record.fimVigencia),
            formatDate(record.fimVigenciaAtual ?? record.fimVigencia),
            changed(record.fimVigencia, record.fimVigenciaAtual),
          ),
          line(
            'Importância segurada',
            money(record.importanciaSegurada),
            money(record.importanciaSeguradaAtual ?? record.importanciaSegurada),
            changed(record.importanciaSegurada, record.importanciaSeguradaAtual),
          ),
          line('Prêmio', money(record.premio), money(record.premioTotal ?? record.premio), changed(record.premio, record.premioTotal)),
        ]}
      />
      {query.isLoading || (issued.length && !small) ? (
        <Table<Row>
          size="small"
          rowKey={(r) => String(r.id)}
          loading={query.isLoading}
          columns={COLUMNS}
          dataSource={issued}
          pagination={false}
          summary={() =>
            issued.length ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={4}>
                  {totalText}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong>{money(record.premioTotal)}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      ) : issued.length ? (
        // A phone: one block per endorsement instead of a table wider than the screen.
        <ol aria-label="Endossos emitidos" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {issued.map((e) => (
            <li key={String(e.id)} style={{ padding: '8px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
              <Typography.Text strong>
                Endosso {String(e.numero)} · {String(e.tipo)}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">Emissão {formatDate(e.dataEmissao)}</Typography.Text> · {effectOf(e)} · Prêmio{' '}
              {e.premioAdicional === null || e.premioAdicional === undefined ? '—' : signed(e.premioAdicional)}
            </li>
          ))}
          <li style={{ padding: '8px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
            {totalText}: <Typography.Text strong>{money(record.premioTotal)}</Typography.Text>
          </li>
        </ol>
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Nenhum endosso emitido: a apólice em vigor é a contratada.
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** "Renovar": a new policy prefilled from this one (its reference `apoliceAnterior` copies the values in force). */
function RenewButton({ schema, record }: { schema: EntitySchema; record: BaseRecord }): React.ReactElement | null {
  const navigate = useNavigate();
  const mayCreate = usePode({ I: 'create', a: schema.subject as Subject, this: {} });
  const path = RENEWAL_PATH[schema.name];
  if (!path || !mayCreate) return null;
  return (
    <Button icon={<ReloadOutlined />} onClick={() => navigate(`${path}?anterior=${encodeURIComponent(String(record.id))}`)}>
      Renovar
    </Button>
  );
}

export function SeguroShow({ schema }: ViewProps): React.ReactElement {
  const { id } = useParams();
  return (
    <GenericShow
      schema={schema}
      id={id}
      headerExtra={(record) => <RenewButton schema={schema} record={record} />}
      top={(record) => <InForce schema={schema} record={record} />}
    />
  );
}
