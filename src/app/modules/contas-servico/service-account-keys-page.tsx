/**
 * One service account and its API keys (/admin/contas-servico/:id, issue 41): what the account is
 * (roles, sites, companies, its identity in histories), "Editar conta", "Emitir chave" (the key shown
 * once, issue-key-modal.tsx) and the keys — created, valid until, last use (time and address), state —
 * with "Revogar" behind a confirmation. API: GET /api/v1/contas-servico/{id},
 * POST /contas-servico/{id}/chaves, DELETE /contas-servico/{id}/chaves/{chave}.
 */
import React, { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Descriptions, Grid, Popconfirm, Result, Space, Table, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, KeyOutlined } from '@ant-design/icons';
import { useApiUrl, useCustom, useCustomMutation, useNotification, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { serviceAccountLabel, type ApiKeyInfo, type ServiceAccountDetail } from '../../../../resources/service-accounts';
import { formatCnpj } from '../../../../schemas/shared/cnpj';
import { formatDateTime } from '../../format';
import { AccountFormModal } from './account-form-modal';
import { IssueKeyModal } from './issue-key-modal';
import { ACCOUNTS_KEY, RoleTags, accountStateTag, keyStateTag, visuallyHidden } from './parts';

/** The staff company by its name, a registered company by its CNPJ as people write it. */
const companyText = (e: string) => (/^[0-9A-Z]{12}\d{2}$/.test(e) ? formatCnpj(e) : e);
const lastUse = (k: ApiKeyInfo) => (k.ultimoUsoEm ? `${formatDateTime(k.ultimoUsoEm)}${k.ultimoUsoIp ? ` · IP ${k.ultimoUsoIp}` : ''}` : 'Nunca usada');

export function ServiceAccountKeysPage({ id }: { id: string }): React.ReactElement {
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const wide = !!Grid.useBreakpoint().md;
  const [issuing, setIssuing] = useState(false);
  const [editing, setEditing] = useState(false);
  const queryKey = [...ACCOUNTS_KEY, id];
  const { query, result } = useCustom<ServiceAccountDetail, HttpError>({
    url: `${apiUrl}/contas-servico/${encodeURIComponent(id)}`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey, retry: false },
  });
  const { mutateAsync } = useCustomMutation<ApiKeyInfo, HttpError>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
  // Refine's placeholder before the answer is an empty object.
  const account = result?.data?.id ? result.data : undefined;
  const back = (
    <Link to="/admin/contas-servico">
      <ArrowLeftOutlined /> Contas de serviço
    </Link>
  );
  if (query.isError)
    return (
      <Card>
        <Result status={query.error?.statusCode === 404 ? '404' : 'error'} title={query.error?.message ?? 'Não foi possível carregar a conta.'} extra={back} />
      </Card>
    );

  const revoke = async (k: ApiKeyInfo) => {
    try {
      await mutateAsync({
        url: `${apiUrl}/contas-servico/${id}/chaves/${k.id}`,
        method: 'delete',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      // The portal's toasts show `description` as the headline and `message` below it.
      open?.({ key: 'chave-api', type: 'success', description: `Chave ${k.prefixo}… revogada.`, message: 'Ela é recusada a partir da próxima requisição.' });
    } catch (e) {
      open?.({ key: 'chave-api', type: 'error', description: 'Não foi possível revogar a chave.', message: (e as HttpError).message });
    }
    await refresh();
  };

  const revokeButton = (k: ApiKeyInfo) =>
    k.situacao === 'ativa' ? (
      <Popconfirm
        title={`Revogar a chave ${k.prefixo}…?`}
        description="O sistema que a usa passa a receber 401 na próxima requisição. Não dá para desfazer."
        okText="Revogar"
        okButtonProps={{ danger: true }}
        cancelText="Cancelar"
        onConfirm={() => revoke(k)}
      >
        <Button danger size="small" aria-label={`Revogar a chave ${k.prefixo}`}>
          Revogar
        </Button>
      </Popconfirm>
    ) : null;
  const state = (k: ApiKeyInfo) => (
    <Space size={4} wrap>
      {keyStateTag(k.situacao)}
      {k.revogadaEm ? <Typography.Text type="secondary">em {formatDateTime(k.revogadaEm)}</Typography.Text> : null}
    </Space>
  );
  const keyCell = (k: ApiKeyInfo) => (
    <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
      <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
        {k.prefixo}…
      </Typography.Text>
      {k.nome ? <Typography.Text strong>{k.nome}</Typography.Text> : null}
      <Typography.Text type="secondary">{k.somenteLeitura ? 'Somente leitura' : 'Leitura e gravação'}</Typography.Text>
    </Space>
  );
  // A phone gets one column: the key, its dates, its state and "Revogar" one under the other.
  const columns: TableColumnsType<ApiKeyInfo> = wide
    ? [
        { key: 'chave', title: 'Chave', render: (_, k) => keyCell(k) },
        { key: 'criada', title: 'Criada em', render: (_, k) => formatDateTime(k.criadaEm) },
        { key: 'validade', title: 'Válida até', render: (_, k) => formatDateTime(k.expiraEm) },
        { key: 'uso', title: 'Último uso', render: (_, k) => lastUse(k) },
        { key: 'situacao', title: 'Situação', render: (_, k) => state(k) },
        { key: 'acoes', title: <span style={visuallyHidden}>Ações</span>, align: 'right', render: (_, k) => revokeButton(k) },
      ]
    : [
        {
          key: 'chave',
          title: 'Chaves',
          render: (_, k) => (
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              {keyCell(k)}
              <Typography.Text type="secondary">Criada em {formatDateTime(k.criadaEm)}</Typography.Text>
              <Typography.Text type="secondary">Válida até {formatDateTime(k.expiraEm)}</Typography.Text>
              <Typography.Text type="secondary">Último uso: {lastUse(k)}</Typography.Text>
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                {state(k)}
                {revokeButton(k)}
              </Space>
            </Space>
          ),
        },
      ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {back}
      <Card
        loading={query.isLoading}
        title={<h1 style={{ fontSize: 'inherit', margin: 0, whiteSpace: 'normal' }}>{account ? `Conta de serviço: ${account.nome}` : 'Conta de serviço'}</h1>}
        extra={account ? <Button onClick={() => setEditing(true)}>Editar conta</Button> : null}
      >
        {account ? (
          <Descriptions column={wide ? 2 : 1} size="small" colon={false} layout={wide ? 'horizontal' : 'vertical'}>
            <Descriptions.Item label="Situação">{accountStateTag(account.ativo)}</Descriptions.Item>
            <Descriptions.Item label="Perfis">
              <RoleTags roles={account.roles} />
            </Descriptions.Item>
            <Descriptions.Item label="Obras">{account.obra.length ? account.obra.join(', ') : 'Nenhuma'}</Descriptions.Item>
            <Descriptions.Item label="Empresas">{account.empresa.length ? account.empresa.map(companyText).join(', ') : 'Nenhuma'}</Descriptions.Item>
            <Descriptions.Item label="Nos históricos">
              <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
                <span>{serviceAccountLabel(account.nome)}</span>
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {account.email}
                </Typography.Text>
              </Space>
            </Descriptions.Item>
            {account.descricao ? <Descriptions.Item label="Descrição">{account.descricao}</Descriptions.Item> : null}
          </Descriptions>
        ) : null}
      </Card>
      <Card
        title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Chaves de API</h2>}
        extra={
          account ? (
            <Button type="primary" icon={<KeyOutlined />} onClick={() => setIssuing(true)} disabled={!account.ativo}>
              Emitir chave
            </Button>
          ) : null
        }
      >
        {account && !account.ativo ? (
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            message="A conta está desativada: nenhuma chave dela é aceita. Ative-a para emitir chaves."
          />
        ) : null}
        <Table<ApiKeyInfo>
          rowKey="id"
          size="middle"
          loading={query.isLoading}
          dataSource={account?.chaves ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: 'Nenhuma chave emitida. Use “Emitir chave”: a chave aparece uma única vez, para você copiar.' }}
        />
      </Card>
      {issuing && account ? (
        <IssueKeyModal accountId={account.id} accountName={account.nome} onIssued={() => void refresh()} onClose={() => setIssuing(false)} />
      ) : null}
      {editing && account ? (
        <AccountFormModal
          account={account}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            open?.({ key: 'contas-servico', type: 'success', message: `Conta “${saved.nome}” salva.` });
            setEditing(false);
            void refresh();
          }}
        />
      ) : null}
    </Space>
  );
}
