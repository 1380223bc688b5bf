/**
 * "Auditoria" (/admin/auditoria, issue 35, docs/access.md decision 33): the audit trail for the
 * administrators and the controllership — sign-ins and failed sign-ins, access changes, record
 * creation, change, transition, deletion and restore, exports and downloads — with who, when and
 * where (address, device), filtered by person, module, record, kind and period, and exported to
 * Excel or CSV. API: GET /api/v1/auditoria (src/server/audit/routes.ts).
 */
import React, { useState } from 'react';
import dayjs from 'dayjs';
import { Alert, Button, Card, Col, DatePicker, Dropdown, Input, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useApiUrl, useCustom, useNotification, type HttpError } from '@refinedev/core';
import { SCHEMAS } from '../../../../schemas/index';
import { AUDIT_KIND_KEYS, auditKindLabel, auditModuleLabel, auditSummary, type AuditKind } from '../../../../resources/audit';
import { totalCountOf } from '../../providers/data-provider';
import { AuditDetails, type AuditEntry } from './audit-details';
import { downloadAudit, type AuditQuery } from './audit-export';

const PAGE_SIZE = 20;

const KIND_COLORS: Partial<Record<AuditKind, string>> = {
  entrada: 'green',
  falha_entrada: 'red',
  alteracao_acesso: 'purple',
  exclusao: 'volcano',
  restauracao: 'cyan',
  exportacao: 'gold',
  download: 'blue',
  transicao: 'geekblue',
};

const MODULES = [...new Set([...SCHEMAS.map((s) => s.resource), 'configuracoes', 'manutencao', 'auditoria'])]
  .map((value) => ({ value, label: auditModuleLabel(value) }))
  .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

const pad = (n: number) => String(n).padStart(2, '0');
/** '31/05/2026 14:03:09' (the browser's time zone). */
export function dateTimeBr(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The query string's values of the filters (empty ones left out). */
function queryOf(f: AuditQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;
}

export function AuditPage(): React.ReactElement {
  const apiUrl = useApiUrl();
  const { open } = useNotification();
  const [filters, setFilters] = useState<AuditQuery>({});
  const [pessoaText, setPessoaText] = useState('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const set = (patch: AuditQuery) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const { query, result } = useCustom<AuditEntry[], HttpError>({
    url: `${apiUrl}/auditoria`,
    method: 'get',
    config: { query: { ...queryOf(filters), _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE } },
    errorNotification: false,
    // No structural sharing: the page's total rides on the array (data-provider totalCountOf).
    queryOptions: { queryKey: ['auditoria', filters, page], structuralSharing: false },
  });
  const rows = Array.isArray(result?.data) ? result.data : [];
  const total = totalCountOf(result?.data) ?? rows.length;

  async function runExport(formato: 'xlsx' | 'csv') {
    setExporting(true);
    try {
      const name = await downloadAudit(apiUrl, { ...queryOf(filters), formato });
      open?.({ key: 'auditoria-exportar', type: 'success', message: `Arquivo ${name} gerado.` });
    } catch (e) {
      open?.({ key: 'auditoria-exportar', type: 'error', message: (e as Error).message || 'Não foi possível exportar.' });
    } finally {
      setExporting(false);
    }
  }

  const fieldErrors = Object.values((query.error?.errors ?? {}) as Record<string, string[]>).flat();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Auditoria
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Entradas no portal e tentativas que falharam, mudanças de acesso, criação, alteração, exclusão e restauração de registros, exportações e downloads:
        quem, quando e de onde. Só leitura.
      </Typography.Paragraph>
      <Card size="small">
        <Row gutter={[12, 12]} align="bottom">
          <Col xs={24} sm={12} lg={6}>
            <label htmlFor="auditoria-pessoa">Pessoa</label>
            <Input.Search
              id="auditoria-pessoa"
              placeholder="e-mail da pessoa"
              allowClear
              value={pessoaText}
              onChange={(e) => {
                setPessoaText(e.target.value);
                if (!e.target.value) set({ pessoa: undefined });
              }}
              onSearch={(v) => set({ pessoa: v.trim() || undefined })}
              enterButton="Filtrar"
            />
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <label htmlFor="auditoria-tipo">Tipo</label>
            <Select<AuditKind[]>
              id="auditoria-tipo"
              mode="multiple"
              allowClear
              placeholder="Todos"
              style={{ width: '100%' }}
              value={filters.tipo ? (filters.tipo.split(',') as AuditKind[]) : []}
              onChange={(v) => set({ tipo: v.length ? v.join(',') : undefined })}
              options={AUDIT_KIND_KEYS.map((k) => ({ value: k, label: auditKindLabel(k) }))}
              maxTagCount="responsive"
            />
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <label htmlFor="auditoria-modulo">Módulo</label>
            <Select
              id="auditoria-modulo"
              showSearch
              allowClear
              placeholder="Todos"
              optionFilterProp="label"
              style={{ width: '100%' }}
              value={filters.modulo}
              onChange={(v?: string) => set({ modulo: v || undefined })}
              options={MODULES}
            />
          </Col>
          <Col xs={12} sm={6} lg={3}>
            <label htmlFor="auditoria-registro">Registro</label>
            <Input
              id="auditoria-registro"
              placeholder="nº"
              allowClear
              value={filters.registro ?? ''}
              onChange={(e) => set({ registro: e.target.value.trim() || undefined })}
            />
          </Col>
          <Col xs={24} sm={18} lg={5}>
            <label htmlFor="auditoria-periodo">Período</label>
            <DatePicker.RangePicker
              id="auditoria-periodo"
              format="DD/MM/YYYY"
              placeholder={['Início', 'Fim']}
              style={{ width: '100%' }}
              value={filters.de && filters.ate ? [dayjs(filters.de), dayjs(filters.ate)] : null}
              onChange={(v) => set(v?.[0] && v[1] ? { de: v[0].format('YYYY-MM-DD'), ate: v[1].format('YYYY-MM-DD') } : { de: undefined, ate: undefined })}
            />
          </Col>
        </Row>
        <Space wrap style={{ marginTop: 12 }}>
          <Dropdown
            disabled={!total}
            menu={{
              items: [
                { key: 'xlsx', label: 'Excel (.xlsx)' },
                { key: 'csv', label: 'CSV (.csv)' },
              ],
              onClick: ({ key }) => void runExport(key as 'xlsx' | 'csv'),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={exporting}>
              Exportar
            </Button>
          </Dropdown>
          <Button
            onClick={() => {
              setFilters({});
              setPessoaText('');
              setPage(1);
            }}
          >
            Limpar filtros
          </Button>
        </Space>
      </Card>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={query.error?.message ?? 'Não foi possível carregar a auditoria.'}
          description={fieldErrors.length ? fieldErrors.join(' ') : undefined}
        />
      ) : null}
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Nenhuma entrada com estes filtros.' }}
        expandable={{ expandedRowRender: (e) => <AuditDetails entry={e} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (n) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'entrada' : 'entradas'}`,
        }}
        columns={[
          { title: 'Data e hora', dataIndex: 'em', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{dateTimeBr(v)}</span> },
          { title: 'Tipo', dataIndex: 'tipo', render: (v: AuditKind) => <Tag color={KIND_COLORS[v]}>{auditKindLabel(v)}</Tag> },
          {
            title: 'Pessoa',
            dataIndex: 'pessoa',
            render: (_: unknown, e) =>
              e.pessoa ? (
                <Space direction="vertical" size={0}>
                  <span>{e.nome ?? e.pessoa}</span>
                  {e.nome ? <Typography.Text type="secondary">{e.pessoa}</Typography.Text> : null}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: 'Módulo',
            dataIndex: 'modulo',
            responsive: ['md'],
            render: (v: string | null, e) => (v ? `${auditModuleLabel(v)}${e.registro ? ` nº ${e.registro}` : ''}` : '—'),
          },
          { title: 'Detalhes', key: 'detalhes', responsive: ['lg'], render: (_: unknown, e) => auditSummary(e) || '—' },
          { title: 'IP', dataIndex: 'ip', responsive: ['md'], render: (v: string | null) => v || '—' },
        ]}
      />
    </Space>
  );
}
