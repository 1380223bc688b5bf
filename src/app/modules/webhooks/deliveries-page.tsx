/**
 * A webhook's delivery log (/admin/webhooks/:id, issue 41): the latest 200 deliveries the API keeps,
 * 20 per page, each with its state, event, attempts, HTTP status, duration, times (dd/mm/aaaa HH:mm),
 * the answer's first bytes or the error, the body sent (JSON, collapsed) and "Reenviar" for one that
 * failed or was given up (a pending one is in the queue already; one answered 2xx is never sent
 * again). "Enviar teste" queues a `ping`.
 */
import React from 'react';
import { Link } from 'react-router';
import { Button, Card, Descriptions, Grid, Result, Space, Table, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useApiUrl, useCustom, useCustomMutation, useNotification, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookDelivery } from '../../../../resources/webhooks';
import { formatDateTime } from '../../format';
import { eventLabel } from './events';
import { EventTags, WEBHOOKS_KEY, WebhookStateTag, deliveryStateTag } from './parts';

const duration = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`);
const attempts = (n: number) => (n === 1 ? '1 tentativa' : `${n} tentativas`);

function Answer({ d }: { d: WebhookDelivery }): React.ReactElement | null {
  if (!d.erro && !d.resposta) return null;
  return (
    <Space direction="vertical" size={2} style={{ minWidth: 0, maxWidth: '100%' }}>
      {d.erro ? <Typography.Text type="danger">{d.erro}</Typography.Text> : null}
      {d.resposta ? (
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }} title={d.resposta}>
          Resposta: {d.resposta.length > 160 ? `${d.resposta.slice(0, 160)}…` : d.resposta}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

function Payload({ d }: { d: WebhookDelivery }): React.ReactElement {
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>Corpo enviado (JSON)</summary>
      <pre
        style={{
          margin: '4px 0 0',
          padding: 8,
          background: '#f5f5f5',
          borderRadius: 6,
          maxHeight: 320,
          overflow: 'auto',
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {JSON.stringify(d.payload, null, 2)}
      </pre>
    </details>
  );
}

function Times({ d }: { d: WebhookDelivery }): React.ReactElement {
  return (
    <Space direction="vertical" size={0}>
      <span>Criada em {formatDateTime(d.criadaEm)}</span>
      {d.ultimaTentativaEm ? <Typography.Text type="secondary">Última tentativa {formatDateTime(d.ultimaTentativaEm)}</Typography.Text> : null}
      {d.entregueEm ? <Typography.Text type="secondary">Entregue em {formatDateTime(d.entregueEm)}</Typography.Text> : null}
    </Space>
  );
}

export function DeliveriesPage({ id }: { id: string }): React.ReactElement {
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const wide = !!Grid.useBreakpoint().md;
  const key = [...WEBHOOKS_KEY, id];
  const hook = useCustom<Webhook, HttpError>({
    url: `${apiUrl}/webhooks/${encodeURIComponent(id)}`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: key, retry: false },
  });
  const log = useCustom<WebhookDelivery[], HttpError>({
    url: `${apiUrl}/webhooks/${encodeURIComponent(id)}/entregas`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: [...key, 'entregas'], retry: false },
  });
  const { mutateAsync, mutation } = useCustomMutation<WebhookDelivery, HttpError>();
  // Refine's placeholder before the answer is an empty object.
  const webhook = hook.result?.data?.id ? hook.result.data : undefined;
  const rows = Array.isArray(log.result?.data) ? log.result.data : [];
  const back = (
    <Link to="/admin/webhooks">
      <ArrowLeftOutlined /> Webhooks
    </Link>
  );
  if (hook.query.isError)
    return (
      <Card>
        <Result
          status={hook.query.error?.statusCode === 404 ? '404' : 'error'}
          title={hook.query.error?.message ?? 'Não foi possível carregar o webhook.'}
          extra={back}
        />
      </Card>
    );

  const post = async (path: string, done: string, detail: string) => {
    try {
      await mutateAsync({ url: `${apiUrl}/webhooks/${id}${path}`, method: 'post', values: {}, successNotification: false, errorNotification: false });
      open?.({ key: 'webhooks', type: 'success', description: done, message: detail });
    } catch (e) {
      open?.({ key: 'webhooks', type: 'error', description: 'Não foi possível concluir a ação.', message: (e as HttpError).message });
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };
  // A pending delivery is already in the queue, and a received one (2xx) is never sent again.
  const resend = (d: WebhookDelivery) =>
    d.situacao !== 'falhou' && d.situacao !== 'desistiu' ? null : (
      <Button
        size="small"
        icon={<ReloadOutlined />}
        loading={mutation.isPending && mutation.variables?.url.endsWith(`/entregas/${d.id}/reenviar`)}
        onClick={() => void post(`/entregas/${d.id}/reenviar`, 'Entrega reenviada.', 'Ela volta para a fila, com novas tentativas.')}
        aria-label={`Reenviar a entrega ${d.id} (${d.evento})`}
      >
        Reenviar
      </Button>
    );
  const event = (d: WebhookDelivery) => (
    <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
      <Typography.Text code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
        {d.evento}
      </Typography.Text>
      <Typography.Text type="secondary">{eventLabel(d.evento)}</Typography.Text>
    </Space>
  );
  const http = (d: WebhookDelivery) => (d.statusHttp === null ? '—' : `HTTP ${d.statusHttp}`);
  // A phone gets one column: state, event, numbers, times, answer, body and "Reenviar" one under the other.
  const columns: TableColumnsType<WebhookDelivery> = wide
    ? [
        { key: 'situacao', title: 'Situação', render: (_, d) => deliveryStateTag(d.situacao) },
        { key: 'evento', title: 'Evento', render: (_, d) => event(d) },
        { key: 'tentativas', title: 'Tentativas', align: 'right', render: (_, d) => d.tentativas },
        { key: 'http', title: 'Status HTTP', render: (_, d) => http(d) },
        { key: 'duracao', title: 'Duração', align: 'right', render: (_, d) => duration(d.duracaoMs) },
        { key: 'quando', title: 'Quando', render: (_, d) => <Times d={d} /> },
        {
          key: 'resposta',
          title: 'Resposta',
          render: (_, d) => (
            <Space direction="vertical" size={4} style={{ minWidth: 0, maxWidth: 360 }}>
              <Answer d={d} />
              <Payload d={d} />
            </Space>
          ),
        },
        { key: 'acoes', title: 'Ações', align: 'right', render: (_, d) => resend(d) },
      ]
    : [
        {
          key: 'entrega',
          title: 'Entregas',
          render: (_, d) => (
            <Space direction="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
              <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
                {deliveryStateTag(d.situacao)}
                {resend(d)}
              </Space>
              {event(d)}
              <Typography.Text type="secondary">
                {attempts(d.tentativas)} · {http(d)} · {duration(d.duracaoMs)}
              </Typography.Text>
              <Times d={d} />
              <Answer d={d} />
              <Payload d={d} />
            </Space>
          ),
        },
      ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {back}
      <Card
        loading={hook.query.isLoading}
        title={<h1 style={{ fontSize: 'inherit', margin: 0, whiteSpace: 'normal' }}>{webhook ? `Webhook: ${webhook.nome}` : 'Webhook'}</h1>}
      >
        {webhook ? (
          <Descriptions column={wide ? 2 : 1} size="small" colon={false} layout={wide ? 'horizontal' : 'vertical'}>
            <Descriptions.Item label="Endereço">
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>{webhook.url}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Situação">
              <WebhookStateTag webhook={webhook} />
            </Descriptions.Item>
            <Descriptions.Item label="Eventos">
              <EventTags events={webhook.eventos} max={8} />
            </Descriptions.Item>
            <Descriptions.Item label="Criado por">{webhook.dono}</Descriptions.Item>
            {webhook.segredoAnteriorAte ? (
              <Descriptions.Item label="Segredo anterior">Ainda assina até {formatDateTime(webhook.segredoAnteriorAte)}</Descriptions.Item>
            ) : null}
          </Descriptions>
        ) : null}
      </Card>
      <Card
        title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Registro de entregas</h2>}
        extra={
          <Space size={4} wrap>
            <Button icon={<ReloadOutlined />} onClick={() => void log.query.refetch()} aria-label="Atualizar o registro de entregas">
              {wide ? 'Atualizar' : null}
            </Button>
            {webhook?.situacao === 'ativo' ? (
              <Button onClick={() => void post('/testar', 'Teste enviado.', 'O evento “ping” aparece nesta lista.')}>Enviar teste</Button>
            ) : null}
          </Space>
        }
      >
        <Table<WebhookDelivery>
          rowKey="id"
          size="middle"
          loading={log.query.isLoading}
          dataSource={rows}
          columns={columns}
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false, size: 'small' } : false}
          scroll={wide ? { x: 'max-content' } : undefined}
          locale={{ emptyText: log.query.isLoading ? 'Carregando…' : 'Nenhuma entrega ainda. Use “Enviar teste” para mandar um evento “ping”.' }}
        />
        {rows.length >= 200 ? <Typography.Text type="secondary">Só as 200 entregas mais recentes são mostradas.</Typography.Text> : null}
      </Card>
    </Space>
  );
}
