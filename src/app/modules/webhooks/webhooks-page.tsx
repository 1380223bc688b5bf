/**
 * "Webhooks" (/admin/webhooks, issue 41): the signed webhooks other systems receive, for the
 * administrators who manage service accounts. The list (name, address, events, service account,
 * state with the failures in a row) with "Editar", "Entregas", "Rotacionar segredo", "Reativar" (when
 * paused), "Enviar teste" and "Excluir"; "Novo webhook"; a subscription's delivery log at
 * /admin/webhooks/:id (deliveries-page.tsx). API: /api/v1/webhooks (src/server/webhooks/routes.ts).
 */
import React, { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Grid, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useApiUrl, useCustom, useCustomMutation, useNotification, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ServiceAccount } from '../../../../resources/service-accounts';
import type { Webhook } from '../../../../resources/webhooks';
import { DeliveriesPage } from './deliveries-page';
import { EventTags, WEBHOOKS_KEY, WebhookStateTag, visuallyHidden } from './parts';
import { RotateSecretModal } from './rotate-secret-modal';
import { WebhookFormModal } from './webhook-form-modal';

function WebhooksList(): React.ReactElement {
  const apiUrl = useApiUrl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const wide = !!Grid.useBreakpoint().md;
  const [editing, setEditing] = useState<Webhook | 'novo' | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const { query, result } = useCustom<Webhook[], HttpError>({
    url: `${apiUrl}/webhooks`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: WEBHOOKS_KEY },
  });
  const accounts = useCustom<ServiceAccount[], HttpError>({
    url: `${apiUrl}/contas-servico`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['contas-servico'] },
  });
  const accountName = (id: number) => (Array.isArray(accounts.result?.data) ? accounts.result.data : []).find((a) => a.id === id)?.nome ?? `Conta ${id}`;
  const rows = Array.isArray(result?.data) ? result.data : [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  const { mutateAsync } = useCustomMutation<Webhook, HttpError>();

  /** One action on a subscription, with its toast (the portal's toasts show `description` as the headline). */
  const act = async (w: Webhook, path: string, method: 'post' | 'delete', done: string, detail: string) => {
    try {
      await mutateAsync({ url: `${apiUrl}/webhooks/${w.id}${path}`, method, values: {}, successNotification: false, errorNotification: false });
      open?.({ key: 'webhooks', type: 'success', description: done, message: detail });
    } catch (e) {
      open?.({ key: 'webhooks', type: 'error', description: 'Não foi possível concluir a ação.', message: (e as HttpError).message });
    }
    await refresh();
  };

  const actions = (w: Webhook) => (
    <Space size={4} wrap>
      <Button size="small" onClick={() => setEditing(w)} aria-label={`Editar ${w.nome}`}>
        Editar
      </Button>
      <Button size="small" type="primary" ghost onClick={() => navigate(`/admin/webhooks/${w.id}`)} aria-label={`Entregas de ${w.nome}`}>
        Entregas
      </Button>
      <Button size="small" onClick={() => setRotating(w)} aria-label={`Rotacionar segredo de ${w.nome}`}>
        Rotacionar segredo
      </Button>
      {w.situacao === 'pausado' ? (
        <Button
          size="small"
          onClick={() => void act(w, '/reativar', 'post', `Webhook “${w.nome}” reativado.`, 'Os próximos eventos voltam a ser entregues.')}
          aria-label={`Reativar ${w.nome}`}
        >
          Reativar
        </Button>
      ) : (
        <Button
          size="small"
          onClick={() => void act(w, '/testar', 'post', `Teste enviado para “${w.nome}”.`, 'O evento “ping” aparece no registro de entregas.')}
          aria-label={`Enviar teste para ${w.nome}`}
        >
          Enviar teste
        </Button>
      )}
      <Popconfirm
        title={`Excluir o webhook “${w.nome}”?`}
        description="As entregas param e o registro de entregas é apagado. Não dá para desfazer."
        okText="Excluir"
        okButtonProps={{ danger: true }}
        cancelText="Cancelar"
        onConfirm={() => act(w, '', 'delete', `Webhook “${w.nome}” excluído.`, 'Nenhum evento é entregue a ele.')}
      >
        <Button size="small" danger aria-label={`Excluir ${w.nome}`}>
          Excluir
        </Button>
      </Popconfirm>
    </Space>
  );
  const name = (w: Webhook) => (
    <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
      <Link to={`/admin/webhooks/${w.id}`}>
        <Typography.Text strong style={{ color: 'inherit' }}>
          {w.nome}
        </Typography.Text>
      </Link>
      <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {w.url}
      </Typography.Text>
    </Space>
  );
  // A phone gets one column: name and address, state, events, account and the buttons one under the other.
  const columns: TableColumnsType<Webhook> = wide
    ? [
        { key: 'nome', title: 'Webhook', render: (_, w) => name(w) },
        { key: 'eventos', title: 'Eventos', render: (_, w) => <EventTags events={w.eventos} /> },
        { key: 'conta', title: 'Conta de serviço', render: (_, w) => accountName(w.contaServico) },
        { key: 'situacao', title: 'Situação', render: (_, w) => <WebhookStateTag webhook={w} /> },
        { key: 'acoes', title: <span style={visuallyHidden}>Ações</span>, align: 'right', width: 260, render: (_, w) => actions(w) },
      ]
    : [
        {
          key: 'nome',
          title: 'Webhooks',
          render: (_, w) => (
            <Space direction="vertical" size={6} style={{ width: '100%', minWidth: 0 }}>
              {name(w)}
              <WebhookStateTag webhook={w} />
              <EventTags events={w.eventos} />
              <Typography.Text type="secondary">Conta de serviço: {accountName(w.contaServico)}</Typography.Text>
              {actions(w)}
            </Space>
          ),
        },
      ];
  return (
    <Card
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Webhooks</h1>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('novo')}>
          {wide ? 'Novo webhook' : 'Novo'}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Um webhook avisa outro sistema (ERP, BI) quando algo acontece no portal: um registro criado ou alterado, um passo de fluxo, um diário assinado. Cada
        entrega é assinada com o segredo do webhook e traz o registro como a conta de serviço escolhida o lê. Depois de 3 entregas abandonadas seguidas, o
        webhook é pausado e quem o criou recebe um e-mail.
      </Typography.Paragraph>
      {query.isError ? <Alert type="error" showIcon message="Não foi possível carregar os webhooks." description={query.error?.message} /> : null}
      <Table<Webhook>
        rowKey="id"
        size="middle"
        loading={query.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        locale={{ emptyText: query.isLoading ? 'Carregando…' : 'Nenhum webhook. Use “Novo webhook” para avisar outro sistema dos eventos do portal.' }}
      />
      {editing ? (
        <WebhookFormModal
          webhook={editing === 'novo' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing !== 'novo') open?.({ key: 'webhooks', type: 'success', message: `Webhook “${saved.nome}” salvo.` });
            void refresh();
          }}
        />
      ) : null}
      {rotating ? <RotateSecretModal webhook={rotating} onRotated={() => void refresh()} onClose={() => setRotating(null)} /> : null}
    </Card>
  );
}

/** The route's screen: the list, or one subscription's delivery log (`:id`). */
export function WebhooksPage(): React.ReactElement {
  const { id } = useParams();
  return id ? <DeliveriesPage id={id} /> : <WebhooksList />;
}
