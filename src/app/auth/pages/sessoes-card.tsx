/**
 * The profile's "Sessões ativas" card (issue 35): the person's sessions (`GET /sessoes`), each with
 * its device, place and last use ("agora" and the tag "Esta sessão" for the current one); "Sair
 * deste" ends another session (`DELETE /sessoes/:id`: that device is signed out on its next
 * request), "Sair de todos" ends every one (`POST /sessoes/sair-de-todos`, the provider's global
 * sign-out included) and then signs this device out.
 */
import { useState } from 'react';
import { useApiUrl, useCustom, useCustomMutation, useLogout, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Flex, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../format';

export interface ActiveSession {
  id: number;
  dispositivo: string;
  local: string;
  ip: string | null;
  iniciadaEm: string;
  ultimoUso: string;
  atual: boolean;
}

export function SessoesCard() {
  const apiUrl = useApiUrl();
  const { query, result } = useCustom<ActiveSession[], HttpError>({
    url: `${apiUrl}/sessoes`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['sessoes'] },
  });
  const { mutateAsync } = useCustomMutation<{ mensagem?: string }, HttpError>();
  const { mutate: logout } = useLogout<{ global?: boolean }>();
  const [busy, setBusy] = useState<number | 'todos' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sessions = Array.isArray(result?.data) ? result.data : []; // not an array while loading

  const end = async (which: number | 'todos') => {
    setBusy(which);
    setError(null);
    try {
      const url = which === 'todos' ? `${apiUrl}/sessoes/sair-de-todos` : `${apiUrl}/sessoes/${which}`;
      await mutateAsync({ url, method: which === 'todos' ? 'post' : 'delete', values: {}, successNotification: false, errorNotification: false });
      if (which === 'todos') return logout({}); // this session was ended too: out here as well
      await query.refetch();
    } catch (e) {
      setError((e as HttpError).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      size="small"
      title="Sessões ativas"
      id="sessoes-ativas"
      extra={
        <Popconfirm
          title="Sair de todas as sessões?"
          description="Todos os dispositivos, inclusive este, precisarão entrar novamente."
          okText="Sair de todos"
          cancelText="Cancelar"
          onConfirm={() => end('todos')}
        >
          <Button danger size="small" loading={busy === 'todos'}>
            Sair de todos
          </Button>
        </Popconfirm>
      }
    >
      {(error || query.error) && <Alert type="error" showIcon message={error ?? query.error?.message} style={{ marginBottom: 12 }} />}
      <List<ActiveSession>
        size="small"
        loading={query.isLoading}
        dataSource={sessions}
        locale={{ emptyText: 'Nenhuma sessão ativa.' }}
        renderItem={(s) => (
          <List.Item key={s.id} aria-label={s.atual ? `${s.dispositivo} (esta sessão)` : s.dispositivo}>
            <Flex justify="space-between" align="center" gap={8} wrap style={{ width: '100%' }}>
              <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
                <Space size={6} wrap>
                  <Typography.Text strong>{s.dispositivo}</Typography.Text>
                  {s.atual && <Tag color="blue">Esta sessão</Tag>}
                </Space>
                <Typography.Text type="secondary">
                  {s.local} · Último uso: {s.atual ? 'agora' : formatDateTime(s.ultimoUso)}
                </Typography.Text>
              </Space>
              {!s.atual && (
                <Popconfirm
                  title="Sair desta sessão?"
                  description={`${s.dispositivo} precisará entrar novamente.`}
                  okText="Sair"
                  cancelText="Cancelar"
                  onConfirm={() => end(s.id)}
                >
                  <Button size="small" loading={busy === s.id}>
                    Sair deste
                  </Button>
                </Popconfirm>
              )}
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
