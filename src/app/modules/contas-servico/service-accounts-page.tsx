/**
 * "Contas de serviço" (/admin/contas-servico, issue 41): the identities other systems (an ERP, a BI
 * tool) use through API keys, for administrators. The list (name, roles, sites, active keys, last
 * use, state), "Nova conta de serviço" and "Editar"; an account's keys at /admin/contas-servico/:id
 * (service-account-keys-page.tsx). API: GET/POST /api/v1/contas-servico, PATCH /contas-servico/{id}.
 */
import React, { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Grid, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useApiUrl, useCustom, useNotification, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ServiceAccount } from '../../../../resources/service-accounts';
import { formatDateTime } from '../../format';
import { AccountFormModal } from './account-form-modal';
import { ACCOUNTS_KEY, RoleTags, accountStateTag, visuallyHidden } from './parts';
import { ServiceAccountKeysPage } from './service-account-keys-page';

function ServiceAccountsList(): React.ReactElement {
  const apiUrl = useApiUrl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const wide = !!Grid.useBreakpoint().md;
  const [editing, setEditing] = useState<ServiceAccount | 'nova' | null>(null);
  const { query, result } = useCustom<ServiceAccount[], HttpError>({
    url: `${apiUrl}/contas-servico`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ACCOUNTS_KEY },
  });
  const rows = Array.isArray(result?.data) ? result.data : [];
  const actions = (a: ServiceAccount) => (
    <Space size={4} wrap>
      <Button size="small" onClick={() => setEditing(a)} aria-label={`Editar ${a.nome}`}>
        Editar
      </Button>
      <Button size="small" type="primary" ghost onClick={() => navigate(`/admin/contas-servico/${a.id}`)} aria-label={`Chaves de ${a.nome}`}>
        Chaves
      </Button>
    </Space>
  );
  const name = (a: ServiceAccount) => (
    <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
      <Link to={`/admin/contas-servico/${a.id}`}>
        <Typography.Text strong style={{ color: 'inherit' }}>
          {a.nome}
        </Typography.Text>
      </Link>
      {a.descricao ? <Typography.Text type="secondary">{a.descricao}</Typography.Text> : null}
    </Space>
  );
  const keysText = (a: ServiceAccount) => (a.chavesAtivas === 1 ? '1 chave ativa' : `${a.chavesAtivas} chaves ativas`);
  // A phone gets one column: name, state, roles, keys and the buttons one under the other.
  const columns: TableColumnsType<ServiceAccount> = wide
    ? [
        { key: 'nome', title: 'Conta', render: (_, a) => name(a) },
        { key: 'roles', title: 'Perfis', render: (_, a) => <RoleTags roles={a.roles} /> },
        { key: 'obra', title: 'Obras', render: (_, a) => (a.obra.length ? a.obra.join(', ') : '—') },
        { key: 'chaves', title: 'Chaves ativas', align: 'right', render: (_, a) => a.chavesAtivas },
        { key: 'uso', title: 'Último uso', render: (_, a) => (a.ultimoUsoEm ? formatDateTime(a.ultimoUsoEm) : 'Nunca') },
        { key: 'situacao', title: 'Situação', render: (_, a) => accountStateTag(a.ativo) },
        { key: 'acoes', title: <span style={visuallyHidden}>Ações</span>, align: 'right', render: (_, a) => actions(a) },
      ]
    : [
        {
          key: 'nome',
          title: 'Contas',
          render: (_, a) => (
            <Space direction="vertical" size={6} style={{ width: '100%' }}>
              {name(a)}
              <Space size={[4, 4]} wrap>
                {accountStateTag(a.ativo)}
                <RoleTags roles={a.roles} />
              </Space>
              <Typography.Text type="secondary">
                {keysText(a)}
                {a.ultimoUsoEm ? ` · último uso ${formatDateTime(a.ultimoUsoEm)}` : ''}
              </Typography.Text>
              {actions(a)}
            </Space>
          ),
        },
      ];
  return (
    <Card
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Contas de serviço</h1>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('nova')}>
          {wide ? 'Nova conta de serviço' : 'Nova'}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Uma conta de serviço é a identidade de outro sistema (ERP, BI, CRM) no portal. Ela tem perfis, obras e empresas como uma pessoa, e as suas chaves de API
        veem e gravam só o que esses perfis permitem. O que uma chave grava aparece nos históricos como a conta de serviço.
      </Typography.Paragraph>
      {query.isError ? <Alert type="error" showIcon message="Não foi possível carregar as contas de serviço." description={query.error?.message} /> : null}
      <Table<ServiceAccount>
        rowKey="id"
        size="middle"
        loading={query.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        locale={{ emptyText: query.isLoading ? 'Carregando…' : 'Nenhuma conta de serviço.' }}
      />
      {editing ? (
        <AccountFormModal
          account={editing === 'nova' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            open?.({ key: 'contas-servico', type: 'success', message: editing === 'nova' ? `Conta “${saved.nome}” criada.` : `Conta “${saved.nome}” salva.` });
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
            if (editing === 'nova') navigate(`/admin/contas-servico/${saved.id}`);
          }}
        />
      ) : null}
    </Card>
  );
}

/** The route's screen: the list, or one account's keys (`:id`). */
export function ServiceAccountsPage(): React.ReactElement {
  const { id } = useParams();
  return id ? <ServiceAccountKeysPage id={id} /> : <ServiceAccountsList />;
}
