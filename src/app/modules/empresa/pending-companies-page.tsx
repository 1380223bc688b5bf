/**
 * "Empresas a conferir" (docs/access.md decision 29): the company names stored as free text before the
 * registry that the migration could not match to a registered company. An administrator picks the
 * company (searched by name or CNPJ, only of the kind the field accepts) or discards the value.
 * API: GET/POST /api/v1/empresas-pendentes (src/server/modules/empresa-routes.ts).
 */
import React, { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useApiUrl, useCustom, useCustomMutation, useNotification, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldDef } from '../../../../schemas/kinds';
import { schemaByName } from '../../../../schemas/index';
import { formatCnpj } from '../../../../schemas/shared/cnpj';
import { entityPaths } from '../../../../resources/routes';
import { ReferenceSelect } from '../../fields/form-items';
import { totalCountOf } from '../../providers/data-provider';

export interface PendingCompany {
  id: number;
  tabela: string;
  campo: string;
  registro_id: number;
  valor: string;
  situacao: 'pendente' | 'resolvida' | 'descartada';
  empresa: string | null;
  recurso: string | null;
  entidade: string;
  campoRotulo: string;
  tipoExigido: string | null;
  /** The kinds of company the field accepts (a contract's counterparty: 'Fornecedor' or 'Cliente'). */
  tiposExigidos?: string[];
}

type Situacao = 'pendente' | 'resolvida' | 'descartada' | 'todas';

const SITUACOES: { value: Situacao; label: string }[] = [
  { value: 'pendente', label: 'A conferir' },
  { value: 'resolvida', label: 'Vinculadas' },
  { value: 'descartada', label: 'Descartadas' },
  { value: 'todas', label: 'Todas' },
];

/** The company picker of one pending value: companies of the kind its field accepts. */
function companyField(p: PendingCompany): FieldDef {
  return {
    name: 'empresa',
    kind: 'reference',
    label: 'Empresa',
    ref: 'empresa',
    refKey: 'cnpj',
    ...(p.tiposExigidos?.length ? { refFilter: { tipo: p.tiposExigidos } } : p.tipoExigido ? { refFilter: { tipo: p.tipoExigido } } : {}),
  };
}

function recordLink(p: PendingCompany): React.ReactNode {
  const schema = schemaByName(p.tabela);
  const text = `${p.entidade} nº ${p.registro_id}`;
  if (!schema) return text;
  return <Link to={entityPaths(schema).show.replace(':id', String(p.registro_id))}>{text}</Link>;
}

function PendingActions({ item, onDone }: { item: PendingCompany; onDone: () => void }): React.ReactElement {
  const apiUrl = useApiUrl();
  const [empresa, setEmpresa] = useState<string | null>(null);
  const { mutateAsync } = useCustomMutation<PendingCompany, HttpError>();
  const [busy, setBusy] = useState(false);
  const { open } = useNotification();
  const post = async (action: 'resolver' | 'descartar') => {
    setBusy(true);
    try {
      await mutateAsync({
        url: `${apiUrl}/empresas-pendentes/${item.id}/${action}`,
        method: 'post',
        values: action === 'resolver' ? { empresa } : {},
        successNotification: false,
        errorNotification: false,
      });
      open?.({ key: `empresa-pendente-${item.id}`, type: 'success', message: action === 'resolver' ? 'Empresa vinculada ao registro.' : 'Valor descartado.' });
      onDone();
    } catch (e) {
      const err = e as HttpError;
      const detail = (err.errors as Record<string, string[]> | undefined)?.empresa?.[0] ?? err.message;
      open?.({ key: `empresa-pendente-${item.id}`, type: 'error', message: 'Não foi possível concluir.', description: String(detail ?? 'Tente novamente.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap style={{ width: '100%' }}>
      <div style={{ minWidth: 260, flex: 1 }}>
        <ReferenceSelect
          field={companyField(item)}
          value={empresa}
          onChange={(v) => setEmpresa(v === null || v === undefined ? null : String(v))}
          aria-label={`Empresa para "${item.valor}"`}
        />
      </div>
      <Button type="primary" disabled={!empresa} loading={busy} onClick={() => void post('resolver')}>
        Vincular
      </Button>
      <Popconfirm
        title="Descartar este valor?"
        description="O registro continua sem empresa."
        okText="Descartar"
        cancelText="Cancelar"
        onConfirm={() => post('descartar')}
      >
        <Button danger>Descartar</Button>
      </Popconfirm>
    </Space>
  );
}

const PAGE_SIZE = 20;

export function PendingCompaniesPage(): React.ReactElement {
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const [situacao, setSituacao] = useState<Situacao>('pendente');
  const [page, setPage] = useState(1);
  const { query, result } = useCustom<PendingCompany[], HttpError>({
    url: `${apiUrl}/empresas-pendentes`,
    method: 'get',
    config: { query: { situacao, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE } },
    errorNotification: false,
    // No structural sharing: the page's total rides on the array (data-provider totalCountOf).
    queryOptions: { queryKey: ['empresas-pendentes', situacao, page], structuralSharing: false },
  });
  const rows = Array.isArray(result?.data) ? result.data : [];
  const total = totalCountOf(result?.data) ?? rows.length;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['empresas-pendentes'] });
  return (
    <Card title="Empresas a conferir">
      <Typography.Paragraph type="secondary">
        Nomes de empresa gravados como texto antes do cadastro de empresas que não corresponderam a nenhuma empresa cadastrada (ou a mais de uma, ou a uma de
        outro tipo). Vincule cada um a uma empresa ou descarte-o; cadastrar a empresa em "Empresas" também vincula os valores com o mesmo nome ou CNPJ.
      </Typography.Paragraph>
      <Segmented<Situacao>
        options={SITUACOES}
        value={situacao}
        onChange={(v) => {
          setSituacao(v);
          setPage(1);
        }}
        style={{ marginBottom: 16 }}
      />
      {query.isError ? <Alert type="error" showIcon message="Não foi possível carregar a lista." description={query.error?.message} /> : null}
      <Table<PendingCompany>
        rowKey="id"
        loading={query.isLoading}
        dataSource={rows}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: situacao === 'pendente' ? 'Nenhum valor a conferir.' : 'Nenhum valor.' }}
        columns={[
          { title: 'Registro', key: 'registro', render: (_v, p) => recordLink(p) },
          { title: 'Campo', dataIndex: 'campoRotulo' },
          { title: 'Valor gravado', dataIndex: 'valor', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          {
            title: 'Tipo de empresa',
            key: 'tipo',
            render: (_v, p) => {
              const tipos = p.tiposExigidos?.length ? p.tiposExigidos : p.tipoExigido ? [p.tipoExigido] : [];
              return tipos.length ? tipos.map((t) => <Tag key={t}>{t}</Tag>) : '—';
            },
          },
          {
            title: situacao === 'pendente' ? 'Empresa' : 'Situação',
            key: 'acao',
            width: 460,
            render: (_v, p) =>
              p.situacao === 'pendente' ? (
                <PendingActions item={p} onDone={refresh} />
              ) : p.situacao === 'resolvida' ? (
                <Tag color="green">Vinculada a {p.empresa ? formatCnpj(p.empresa) : '—'}</Tag>
              ) : (
                <Tag>Descartada</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}
