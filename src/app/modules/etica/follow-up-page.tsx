/**
 * Following up a report of the public ethics channel (/canal-etica/acompanhar, issue 40): the
 * protocol and the password shown when it was sent open its situation and the conversation with the
 * investigators, where the reporter answers their questions. The credentials stay in this page's
 * memory only (not in the address, nor in the browser's storage).
 */
import React, { useState } from 'react';
import { Alert, Button, Card, Form, Input, List, Space, Tag, Typography } from 'antd';
import { formatDate, formatDateTime } from '../../format';
import { postCanal, type ReporterCase } from './canal-api';
import { ChannelPage } from './channel-layout';

const STATUS_COLORS: Record<string, string> = { Aberto: 'gold', 'Em andamento': 'blue', Finalizada: 'green' };
interface Creds {
  protocolo: string;
  senha: string;
}

function CaseView({ found, creds, onChange }: { found: ReporterCase; creds: Creds; onChange: (c: ReporterCase) => void }): React.ReactElement {
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async ({ texto }: { texto: string }) => {
    setSending(true);
    setError(null);
    const r = await postCanal<ReporterCase>('/acompanhamento/mensagens', { ...creds, texto });
    setSending(false);
    if (!r.ok) return setError(r.message);
    form.resetFields();
    onChange(r.data);
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
          Relato {found.protocolo}
        </Typography.Title>
        <p>
          Situação: <Tag color={STATUS_COLORS[found.situacao]}>{found.situacao}</Tag>
        </p>
        <p>Assunto: {found.assunto}</p>
        {found.recebidoEm ? <p>Recebido em {formatDateTime(found.recebidoEm)}</p> : null}
        {found.concluidoEm ? <p>Apuração concluída em {formatDate(found.concluidoEm)}</p> : null}
      </Card>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Conversa com a apuração</h2>}>
        {found.mensagens.length ? (
          <List
            dataSource={found.mensagens}
            renderItem={(m) => (
              <List.Item key={m.id}>
                <List.Item.Meta
                  title={`${m.autor === 'apuracao' ? 'Comitê de ética' : 'Você'} · ${formatDateTime(m.em)}`}
                  description={<span style={{ whiteSpace: 'pre-wrap', color: 'inherit' }}>{m.texto}</span>}
                />
              </List.Item>
            )}
          />
        ) : (
          <Typography.Paragraph>Nenhuma mensagem ainda. Se a apuração tiver perguntas, elas aparecem aqui: volte de tempos em tempos.</Typography.Paragraph>
        )}
        {found.aberto ? (
          <Form form={form} layout="vertical" onFinish={(v) => void send(v as { texto: string })} disabled={sending}>
            <Form.Item name="texto" label="Sua mensagem" rules={[{ required: true, whitespace: true, message: 'Escreva a mensagem.' }]}>
              <Input.TextArea rows={4} maxLength={4000} showCount />
            </Form.Item>
            {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
            <Button type="primary" htmlType="submit" loading={sending}>
              Enviar mensagem
            </Button>
          </Form>
        ) : (
          <Alert type="info" showIcon message="Este relato foi finalizado e não recebe novas mensagens." />
        )}
      </Card>
    </Space>
  );
}

export function FollowUpPage(): React.ReactElement {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ creds: Creds; found: ReporterCase } | null>(null);
  const open = async (creds: Creds) => {
    setBusy(true);
    setError(null);
    const r = await postCanal<ReporterCase>('/acompanhamento', creds);
    setBusy(false);
    if (r.ok) setOpened({ creds, found: r.data });
    else setError(r.message);
  };
  return (
    <ChannelPage title="Acompanhar um relato">
      {opened ? (
        <CaseView found={opened.found} creds={opened.creds} onChange={(found) => setOpened({ ...opened, found })} />
      ) : (
        <Card>
          <Typography.Paragraph>Informe o protocolo e a senha mostrados quando o relato foi enviado.</Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={(v) => void open(v as Creds)} disabled={busy}>
            <Form.Item name="protocolo" label="Protocolo" rules={[{ required: true, whitespace: true, message: 'Informe o protocolo.' }]}>
              <Input placeholder="ET-2026-00012" autoComplete="off" autoCapitalize="characters" />
            </Form.Item>
            <Form.Item name="senha" label="Senha" rules={[{ required: true, whitespace: true, message: 'Informe a senha.' }]}>
              <Input.Password autoComplete="off" autoCapitalize="characters" />
            </Form.Item>
            {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              Ver o relato
            </Button>
          </Form>
        </Card>
      )}
    </ChannelPage>
  );
}

export default FollowUpPage;
