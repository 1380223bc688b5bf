/**
 * The conversation on an ethics report's page (issue 40): the investigators' questions and the
 * reporter's answers — from the public follow-up page, or from the staff member who filed it. The
 * investigators write as "Apuração"; the reporter is never named.
 */
import React, { useState } from 'react';
import { useApiUrl, useCustom, useCustomMutation, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, List, Typography } from 'antd';
import { formatDateTime } from '../../format';
import type { ThreadMessage } from './canal-api';

interface Thread {
  mensagens: ThreadMessage[];
  podeEnviar: boolean;
  comoAutor: 'relator' | 'apuracao' | null;
}

const authorOf = (m: ThreadMessage, me: Thread['comoAutor']) =>
  m.autor === 'apuracao' ? `Apuração${m.autorNome ? ` (${m.autorNome})` : ''}` : me === 'relator' ? 'Você' : 'Relator';

export function ThreadPanel({ record }: { record: BaseRecord }): React.ReactElement | null {
  const apiUrl = useApiUrl();
  const url = `${apiUrl}/relatos-etica/${String(record.id)}/mensagens`;
  const { query } = useCustom<Thread, HttpError>({
    url,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['relato-etica-mensagens', record.id, record.version], structuralSharing: false },
  });
  const { mutateAsync } = useCustomMutation<Thread, HttpError>();
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // While loading, Refine's `result.data` is an empty object, not undefined: the query's own data says whether it arrived.
  const thread = query.data?.data;
  if (query.isError) return <Alert type="error" showIcon message="Não foi possível carregar a conversa com o relator." />;
  if (!thread) return null;

  const send = async ({ texto }: { texto: string }) => {
    setSending(true);
    setError(null);
    try {
      await mutateAsync({ url, method: 'post', values: { texto }, successNotification: false, errorNotification: false });
      form.resetFields();
      await query.refetch();
    } catch (e) {
      setError((e as HttpError).message || 'Não foi possível enviar a mensagem.');
    } finally {
      setSending(false);
    }
  };
  const title = thread.comoAutor === 'relator' ? 'Conversa com a apuração' : 'Conversa com o relator';
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>} size="small">
      {thread.mensagens.length ? (
        <List
          size="small"
          dataSource={thread.mensagens}
          renderItem={(m) => (
            <List.Item key={m.id}>
              <List.Item.Meta
                title={`${authorOf(m, thread.comoAutor)} · ${formatDateTime(m.em)}`}
                description={<span style={{ whiteSpace: 'pre-wrap', color: 'inherit' }}>{m.texto}</span>}
              />
            </List.Item>
          )}
        />
      ) : (
        <Typography.Paragraph type="secondary">
          Nenhuma mensagem.{' '}
          {thread.comoAutor === 'apuracao' && record.origem === 'Canal público'
            ? 'O relator lê as perguntas no acompanhamento do canal de ética, com o protocolo e a senha.'
            : ''}
        </Typography.Paragraph>
      )}
      {thread.podeEnviar ? (
        <Form form={form} layout="vertical" onFinish={(v) => void send(v as { texto: string })} disabled={sending}>
          <Form.Item
            name="texto"
            label={thread.comoAutor === 'apuracao' ? 'Pergunta ao relator' : 'Sua mensagem'}
            rules={[{ required: true, whitespace: true, message: 'Escreva a mensagem.' }]}
          >
            <Input.TextArea rows={3} maxLength={4000} showCount />
          </Form.Item>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
          <Button type="primary" htmlType="submit" loading={sending}>
            Enviar
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
