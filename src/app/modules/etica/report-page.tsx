/**
 * The public ethics channel (/canal-etica, issue 40): anyone — staff, outsourced workers, suppliers,
 * neighbours of a site — reports without an account, anonymously by default. Evidence files go
 * first (the server strips a photo's EXIF/GPS and every file's name); on sending, the protocol and
 * the follow-up password are shown once.
 */
import React, { useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Result, Space, theme, Typography, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { relatoEtica } from '../../../../schemas/relato-etica';
import type { FieldDef } from '../../../../schemas/kinds';
import { postCanal, uploadEvidence, type Evidence } from './canal-api';
import { ChannelPage } from './channel-layout';

const field = (name: string) => relatoEtica.fields.find((f) => f.name === name) as FieldDef;
const CATEGORIES = field('categoria').options ?? [];
const MAX_FILES = field('evidencias').maxFiles ?? 10;
const today = () => new Date().toLocaleDateString('sv-SE');

interface Sent {
  protocolo: string;
  senha: string;
}

function Credentials({ sent }: { sent: Sent }): React.ReactElement {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`Protocolo: ${sent.protocolo}\nSenha: ${sent.senha}`);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Card>
      <Result
        status="success"
        title="Relato enviado"
        subTitle="Anote o protocolo e a senha agora: a senha não aparece de novo e é o único jeito de acompanhar o relato e responder às perguntas da apuração."
      />
      <dl className="canal-etica-credenciais" style={{ fontSize: 20, textAlign: 'center', margin: '0 0 16px' }}>
        <dt>Protocolo</dt>
        <dd data-testid="protocolo" style={{ fontFamily: 'monospace', fontWeight: 600, margin: '0 0 12px' }}>
          {sent.protocolo}
        </dd>
        <dt>Senha</dt>
        <dd data-testid="senha" style={{ fontFamily: 'monospace', fontWeight: 600, margin: 0 }}>
          {sent.senha}
        </dd>
      </dl>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button block onClick={() => void copy()}>
          {copied ? 'Copiado' : 'Copiar protocolo e senha'}
        </Button>
        <Link to="/canal-etica/acompanhar">Acompanhar o relato</Link>
      </Space>
    </Card>
  );
}

export function ReportPage(): React.ReactElement {
  const { token } = theme.useToken();
  const [form] = Form.useForm();
  const anonimo = Form.useWatch('anonimo', form) as boolean | undefined;
  const [files, setFiles] = useState<UploadFile<Evidence>[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);

  const uploading = files.some((f) => f.status === 'uploading');
  const send = async (values: Record<string, unknown>) => {
    setSending(true);
    setError(null);
    const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    const evidencias = files.filter((f) => f.status === 'done' && f.response).map((f) => f.response!.key);
    const r = await postCanal<Sent>('/relatos', { ...body, evidencias });
    setSending(false);
    if (r.ok) {
      setSent(r.data);
      window.scrollTo({ top: 0 });
      return;
    }
    if (r.errors) form.setFields(Object.entries(r.errors).map(([name, errors]) => ({ name, errors })));
    setError(r.message);
  };

  if (sent) {
    return (
      <ChannelPage title="Canal de ética">
        <Credentials sent={sent} />
      </ChannelPage>
    );
  }

  return (
    <ChannelPage title="Canal de ética">
      <Card>
        <Typography.Paragraph>
          Relate assédio, discriminação, fraude, corrupção, riscos à segurança ou ao meio ambiente e outras condutas contrárias à ética. Qualquer pessoa pode
          relatar: colaboradores, terceirizados, fornecedores e vizinhos das obras. Não é preciso ter conta no portal.
        </Typography.Paragraph>
        <Typography.Paragraph>
          <strong>Relato anônimo:</strong> não guardamos seu nome, e-mail, endereço de internet (IP) nem dados do aparelho, e as fotos enviadas perdem a
          localização e os dados da câmera. Retaliação contra quem relata de boa-fé é proibida (Lei 14.457/2022).
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => void send(v)} initialValues={{ anonimo: true }} requiredMark disabled={sending}>
          <Form.Item name="categoria" label="Categoria" rules={[{ required: true, message: 'Escolha a categoria.' }]}>
            {/* A native list: the phone's own picker, and the label, required and invalid states on the control itself (axe). */}
            <select
              style={{
                width: '100%',
                height: 40,
                padding: '0 8px',
                borderRadius: token.borderRadius,
                border: `1px solid ${token.colorBorder}`,
                background: token.colorBgContainer,
                color: token.colorText,
                fontSize: token.fontSize,
              }}
            >
              <option value="">Escolha</option>
              {CATEGORIES.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </Form.Item>
          <Form.Item name="assunto" label="Assunto (em uma frase)" rules={[{ required: true, min: 3, message: 'Escreva o assunto (3 caracteres ou mais).' }]}>
            <Input maxLength={field('assunto').maxLength} />
          </Form.Item>
          <Form.Item
            name="descricao"
            label="O que aconteceu"
            rules={[{ required: true, min: 10, message: 'Descreva o que aconteceu (10 caracteres ou mais).' }]}
          >
            <Input.TextArea rows={6} maxLength={field('descricao').maxLength} showCount />
          </Form.Item>
          <Form.Item name="local" label="Onde aconteceu">
            <Input maxLength={field('local').maxLength} placeholder="Obra, setor, endereço…" />
          </Form.Item>
          <Form.Item name="dataFato" label="Quando aconteceu">
            <Input type="date" max={today()} />
          </Form.Item>
          <Form.Item name="envolvidos" label="Pessoas envolvidas">
            <Input.TextArea rows={2} maxLength={field('envolvidos').maxLength} placeholder="Nomes, funções ou empresas, se souber" />
          </Form.Item>
          <Form.Item
            label="Evidências (fotos JPEG/PNG ou PDF)"
            extra="Opcional. Os arquivos são guardados sem o nome original; documentos PDF podem trazer o nome do autor nas propriedades."
          >
            <Upload.Dragger
              accept="image/jpeg,image/png,application/pdf"
              multiple
              maxCount={MAX_FILES}
              fileList={files}
              onChange={({ fileList }) => setFiles(fileList)}
              customRequest={({ file, onSuccess, onError }) => {
                const blob = file as File;
                void uploadEvidence(blob, blob.name).then((r) => (r.ok ? onSuccess?.(r.data) : onError?.(new Error(r.message))));
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">Toque para escolher ou arraste os arquivos</p>
            </Upload.Dragger>
          </Form.Item>
          <Form.Item name="anonimo" label="Deseja se identificar?">
            <Radio.Group>
              <Space direction="vertical">
                <Radio value={true}>Não, quero ficar anônimo</Radio>
                <Radio value={false}>Sim, informo meu nome e contato</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          {anonimo === false ? (
            <>
              <Form.Item name="nomeRelator" label="Seu nome">
                <Input maxLength={field('nomeRelator').maxLength} autoComplete="name" />
              </Form.Item>
              <Form.Item name="contatoRelator" label="Telefone ou e-mail para contato">
                <Input maxLength={field('contatoRelator').maxLength} />
              </Form.Item>
            </>
          ) : null}
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" size="large" block loading={sending} disabled={uploading}>
            Enviar relato
          </Button>
        </Form>
      </Card>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/canal-etica/cartaz">Cartaz com QR code para o quadro da obra</Link>
      </Typography.Paragraph>
    </ChannelPage>
  );
}

export default ReportPage;
