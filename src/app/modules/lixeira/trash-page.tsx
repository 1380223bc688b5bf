/**
 * "Lixeira" (issue 35): the deleted records the person may restore (GET /api/v1/lixeira), newest
 * first, filtered by module and title; "Restaurar" brings a record back with what went with it and
 * opens it; administrators may also "Excluir definitivamente". Staff only (the API refuses externals).
 */
import React, { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { useApiUrl, useCustom, useCustomMutation, useNotification, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { SCHEMAS, schemaByResource } from '../../../../schemas/index';
import { entityPaths } from '../../../../resources/routes';
import { formatDateTime } from '../../format';
import { Pode } from '../../access/pode';
import { personName, usePersonNames } from '../../fields/person-names';
import type { TrashItem } from '../../../../resources/trash';

export type { TrashItem };

const PAGE_SIZE = 20;
const MODULES = SCHEMAS.map((s) => ({ value: s.resource, label: s.labelPlural })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

function Actions({ item, onDone }: { item: TrashItem; onDone: () => void }): React.ReactElement {
  const apiUrl = useApiUrl();
  const navigate = useNavigate();
  const { mutateAsync } = useCustomMutation<{ recurso: string; id: number; mensagem: string }, HttpError>();
  const { open } = useNotification();
  const [busy, setBusy] = useState<'restaurar' | 'excluir' | null>(null);
  const run = async (what: 'restaurar' | 'excluir') => {
    setBusy(what);
    try {
      const r = await mutateAsync({
        url: what === 'restaurar' ? `${apiUrl}/lixeira/${item.id}/restaurar` : `${apiUrl}/lixeira/${item.id}`,
        method: what === 'restaurar' ? 'post' : 'delete',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      onDone();
      const schema = schemaByResource(item.recurso);
      if (what === 'restaurar') {
        open?.({ key: `lixeira-${item.id}`, type: 'success', message: 'Registro restaurado.', description: `${item.modulo}: ${item.titulo}` });
        if (schema) navigate(entityPaths(schema).show.replace(':id', String(r.data.id)));
      } else open?.({ key: `lixeira-${item.id}`, type: 'success', message: 'Excluído definitivamente.' });
    } catch (e) {
      open?.({ key: `lixeira-${item.id}`, type: 'error', message: 'Não foi possível concluir.', description: (e as HttpError).message });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Button icon={<UndoOutlined />} loading={busy === 'restaurar'} onClick={() => void run('restaurar')}>
        Restaurar
      </Button>
      <Pode I="manage" a="all">
        <Popconfirm
          title="Excluir definitivamente?"
          description="O registro e os arquivos que só ele tinha serão apagados e não poderão ser recuperados."
          okText="Excluir definitivamente"
          okButtonProps={{ danger: true }}
          cancelText="Cancelar"
          onConfirm={() => run('excluir')}
        >
          <Button danger icon={<DeleteOutlined />} loading={busy === 'excluir'} aria-label={`Excluir definitivamente ${item.titulo}`} />
        </Popconfirm>
      </Pode>
    </Space>
  );
}

export function TrashPage(): React.ReactElement {
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const [recurso, setRecurso] = useState<string | undefined>();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { query, result } = useCustom<{ itens: TrashItem[]; total: number; dias: number }, HttpError>({
    url: `${apiUrl}/lixeira`,
    method: 'get',
    config: { query: { _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE, ...(recurso ? { recurso } : {}), ...(q ? { q } : {}) } },
    errorNotification: false,
    queryOptions: { queryKey: ['lixeira', recurso, q, page], structuralSharing: false },
  });
  const rows = result?.data?.itens ?? [];
  const total = result?.data?.total ?? rows.length;
  const names = usePersonNames(rows.map((r) => r.excluidoPor));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['lixeira'] });
  return (
    <Card title="Lixeira">
      <Typography.Paragraph type="secondary">
        Registros excluídos que você pode restaurar. Cada um volta com o mesmo número, o histórico, os arquivos e o que foi excluído junto com ele.
        {result?.data?.dias ? ` Depois de ${result.data.dias} dias na lixeira, são apagados de vez.` : ''}
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="Todos os módulos"
          aria-label="Módulo"
          style={{ minWidth: 220 }}
          options={MODULES}
          value={recurso}
          onChange={(v) => {
            setRecurso(v);
            setPage(1);
          }}
        />
        <Input.Search
          allowClear
          placeholder="Buscar pelo título"
          aria-label="Buscar pelo título"
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
          style={{ minWidth: 220 }}
        />
      </Space>
      {query.isError ? <Alert type="error" showIcon message="Não foi possível carregar a lixeira." description={query.error?.message} /> : null}
      <Table<TrashItem>
        rowKey="id"
        loading={query.isLoading}
        dataSource={rows}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'A lixeira está vazia.' }}
        columns={[
          { title: 'Módulo', dataIndex: 'modulo' },
          {
            title: 'Registro',
            key: 'titulo',
            render: (_v, r) => (
              <Space size={4} wrap>
                <Typography.Text strong>{r.titulo}</Typography.Text>
                {r.junto ? <Tag>{r.junto === 1 ? '+1 registro junto' : `+${r.junto} registros juntos`}</Tag> : null}
              </Space>
            ),
          },
          { title: 'Excluído por', key: 'por', render: (_v, r) => (r.excluidoPor ? personName(names, r.excluidoPor) : '—') },
          { title: 'Excluído em', key: 'em', render: (_v, r) => formatDateTime(r.excluidoEm) },
          { title: 'Apagado de vez em', key: 'expira', render: (_v, r) => formatDateTime(r.expiraEm) },
          { title: 'Ações', key: 'acoes', render: (_v, r) => <Actions item={r} onDone={refresh} /> },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        O prazo da lixeira é definido pelos administradores em{' '}
        <Pode I="manage" a="Configuracao" passThrough>
          {(admin) =>
            admin ? (
              <Link to="/admin/configuracoes" style={{ textDecoration: 'underline' }}>
                Configurações do portal
              </Link>
            ) : (
              'Configurações do portal'
            )
          }
        </Pode>
        .
      </Typography.Paragraph>
    </Card>
  );
}
