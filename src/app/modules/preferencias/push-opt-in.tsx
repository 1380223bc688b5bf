/**
 * The profile's "Notificações no aparelho" card (issue 41): turns push notifications on for this
 * device from a button (the browser's permission is asked then, never on load), or off, and lists
 * the person's devices with notifications on, each removable. What each kind sends is chosen in the
 * card below it (digest-preference.tsx). Server: `/api/v1/push` (src/server/push/routes.ts).
 */
import { useEffect, useState } from 'react';
import { useApiUrl, useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Flex, List, Space, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../format';
import type { PushDevice, PushKey, PushSubscriptionBody } from '../../../../resources/notificacoes';
import { askPermission, currentSubscription, notificationPermission, pushUnsupportedReason, subscribeThisDevice, unsubscribeThisDevice } from '../../pwa/push';

const DENIED =
  'As notificações estão bloqueadas para o portal neste navegador. Libere-as nas permissões do site (o cadeado ao lado do endereço) e toque em "Ativar" de novo.';

export function PushDeviceCard() {
  const apiUrl = useApiUrl();
  const unsupported = pushUnsupportedReason();
  const { query, result } = useCustom<PushDevice[], HttpError>({
    url: `${apiUrl}/push/assinaturas`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['push-aparelhos'] },
  });
  const key = useCustom<PushKey, HttpError>({
    url: `${apiUrl}/push/chave`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['push-chave'], enabled: !unsupported, staleTime: Infinity },
  });
  const { mutateAsync } = useCustomMutation<PushDevice, HttpError>();
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [permission, setPermission] = useState<NotificationPermission>(() => notificationPermission());
  const [busy, setBusy] = useState<'on' | 'off' | number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const devices = Array.isArray(result?.data) ? result.data : [];
  const here = endpoint ? devices.find((d) => d.endpoint === endpoint) : undefined;

  useEffect(() => {
    if (unsupported) return;
    let alive = true;
    void currentSubscription()
      .then((s) => alive && setEndpoint(s?.endpoint ?? null))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [unsupported]);

  const run = async (what: 'on' | 'off' | number, fn: () => Promise<string | null>) => {
    setBusy(what);
    setError(null);
    setDone(null);
    try {
      setDone(await fn());
      await query.refetch();
    } catch (e) {
      setError((e as HttpError).message || 'Não foi possível concluir. Tente de novo.');
    } finally {
      setBusy(null);
    }
  };
  const remove = (id: number) =>
    mutateAsync({ url: `${apiUrl}/push/assinaturas/${id}`, method: 'delete', values: {}, successNotification: false, errorNotification: false });

  const turnOn = () =>
    run('on', async () => {
      // The permission first, inside the tap (some browsers refuse it after other awaits).
      const asked = await askPermission();
      setPermission(asked);
      if (asked === 'denied') throw new Error(DENIED);
      if (asked !== 'granted') return 'As notificações não foram ativadas: a permissão não foi dada.';
      const publicKey = key.result?.data?.chavePublica ?? (await key.query.refetch()).data?.data.chavePublica;
      if (!publicKey) throw new Error('Não foi possível obter a chave de notificações do servidor. Tente de novo.');
      const sub = await subscribeThisDevice(publicKey);
      const body: PushSubscriptionBody = {
        endpoint: sub.endpoint!,
        expirationTime: sub.expirationTime ?? null,
        keys: sub.keys as PushSubscriptionBody['keys'],
      };
      await mutateAsync({ url: `${apiUrl}/push/assinaturas`, method: 'post', values: body, successNotification: false, errorNotification: false });
      setEndpoint(sub.endpoint!);
      return 'Notificações ativadas neste aparelho.';
    });
  const turnOff = () =>
    run('off', async () => {
      const gone = await unsubscribeThisDevice();
      const mine = devices.find((d) => d.endpoint === (gone ?? endpoint));
      if (mine) await remove(mine.id);
      setEndpoint(null);
      return 'Notificações desativadas neste aparelho.';
    });

  return (
    <Card title="Notificações no aparelho" size="small" id="notificacoes-aparelho">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Receba no celular ou no computador, mesmo com o portal fechado, as novas pendências, os prazos, as respostas de clientes e as decisões sobre
          documentos. Tocar no aviso abre o registro.
        </Typography.Paragraph>
        {unsupported ? (
          <Alert type="info" showIcon message={unsupported} />
        ) : permission === 'denied' && !here ? (
          <Alert type="warning" showIcon message={DENIED} />
        ) : null}
        {error && <Alert type="error" showIcon message={error} />}
        {!unsupported && (
          <Flex gap={8} wrap align="center">
            {here ? (
              <>
                <Tag color="green" icon={<BellOutlined />}>
                  Ativadas neste aparelho
                </Tag>
                <Button onClick={() => void turnOff()} loading={busy === 'off'}>
                  Desativar neste aparelho
                </Button>
              </>
            ) : (
              <Button type="primary" icon={<BellOutlined />} onClick={() => void turnOn()} loading={busy === 'on'}>
                Ativar notificações neste aparelho
              </Button>
            )}
          </Flex>
        )}
        <div role="status" aria-live="polite">
          {done && <Typography.Text type="success">{done}</Typography.Text>}
        </div>
        {query.error && <Alert type="error" showIcon message={query.error.message} />}
        <List<PushDevice>
          size="small"
          header={<Typography.Text strong>Seus aparelhos com notificações</Typography.Text>}
          loading={query.isLoading}
          dataSource={devices}
          locale={{ emptyText: 'Nenhum aparelho com notificações ativadas.' }}
          renderItem={(d) => (
            <List.Item key={d.id} aria-label={d.id === here?.id ? `${d.aparelho} (este aparelho)` : d.aparelho}>
              <Flex justify="space-between" align="center" gap={8} wrap style={{ width: '100%' }}>
                <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
                  <Space size={6} wrap>
                    <Typography.Text strong>{d.aparelho}</Typography.Text>
                    {d.id === here?.id && <Tag color="blue">Este aparelho</Tag>}
                  </Space>
                  <Typography.Text type="secondary">
                    {d.ultimoEnvioEm ? `Último aviso: ${formatDateTime(d.ultimoEnvioEm)}` : `Ativado em ${formatDateTime(d.criadoEm)}`}
                  </Typography.Text>
                </Space>
                {d.id !== here?.id && (
                  <Button
                    size="small"
                    loading={busy === d.id}
                    onClick={() => void run(d.id, async () => (await remove(d.id), `${d.aparelho} não receberá mais notificações.`))}
                  >
                    Remover
                  </Button>
                )}
              </Flex>
            </List.Item>
          )}
        />
      </Space>
    </Card>
  );
}
