/**
 * The public satisfaction survey (/pesquisa/:token): one page, no login, no portal shell. The link
 * e-mailed when a post-sales ticket is concluded names the ticket; the client rates it (1–5 with
 * stars, a radio group: rating-input.tsx; NPS 0–10 as a row of buttons), comments and sends once. The questions are the survey
 * schema's fields (labels, required, limits); the API checks them again (src/server/pesquisa-satisfacao).
 */
import React, { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Radio, Result, Space, Typography } from 'antd';
import { RatingInput } from './rating-input';
import { Loading } from '../../views/loading';
import { pesquisaSatisfacao } from '../../../../schemas/pesquisa-satisfacao';
import type { FieldDef } from '../../../../schemas/kinds';

interface TicketInfo {
  codigo: number | null;
  titulo: string | null;
  obra: string | null;
}
type State = { kind: 'loading' } | { kind: 'form'; ticket: TicketInfo } | { kind: 'closed'; title: string; message: string } | { kind: 'done' };

const field = (name: string) => pesquisaSatisfacao.fields.find((f) => f.name === name) as FieldDef;
const RATINGS = ['notaAtendimento', 'notaPrazo', 'notaQualidade', 'notaComunicacao'].map(field);
const NPS = field('nps');
const COMMENT = field('comentario');
const RESPONDENT = field('respondente');
const RATE_TIPS = ['1 – muito insatisfeito', '2 – insatisfeito', '3 – neutro', '4 – satisfeito', '5 – muito satisfeito'];
const NPS_VALUES = Array.from({ length: (NPS.max ?? 10) - (NPS.min ?? 0) + 1 }, (_, i) => (NPS.min ?? 0) + i);

const api = (token: string) => `${window.location.origin}/api/v1/pesquisa/${encodeURIComponent(token)}`;

async function readError(res: Response): Promise<{ message: string; errors?: Record<string, string[]> }> {
  try {
    return (await res.json()) as { message: string; errors?: Record<string, string[]> };
  } catch {
    return { message: 'Não foi possível falar com o portal. Tente novamente em instantes.' };
  }
}

function closedState(status: number, message: string): State {
  if (status === 410) return { kind: 'closed', title: 'Pesquisa encerrada', message };
  if (status === 404) return { kind: 'closed', title: 'Pesquisa não encontrada', message };
  return { kind: 'closed', title: 'Não foi possível abrir a pesquisa', message };
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <main style={{ minHeight: '100%', background: '#f5f7fa', padding: '24px 12px' }}>
      <div style={{ maxWidth: 640, margin: '0 auto' }}>{children}</div>
    </main>
  );
}

/**
 * The NPS 0–10 as a row of buttons in a radio group: antd's group is a plain div, so the group role
 * (with the id, label and `aria-required` the Form.Item gives) is on a wrapper (axe, issue 40).
 */
function NpsInput({ value, onChange, id, ...aria }: { value?: number; onChange?: (v: number) => void; id?: string } & React.AriaAttributes) {
  return (
    <div
      role="radiogroup"
      id={id}
      aria-labelledby="nps-rotulo"
      aria-required={aria['aria-required']}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
    >
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={value}
        onChange={(e) => onChange?.(e.target.value as number)}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}
      >
        {NPS_VALUES.map((n) => (
          <Radio.Button key={n} value={n} style={{ minWidth: 44, textAlign: 'center', borderRadius: 6 }}>
            {n}
          </Radio.Button>
        ))}
      </Radio.Group>
    </div>
  );
}

export function SurveyPage(): React.ReactElement {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [form] = Form.useForm();

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const res = await fetch(api(token));
        if (!live) return;
        if (res.ok) setState({ kind: 'form', ticket: (await res.json()) as TicketInfo });
        else setState(closedState(res.status, (await readError(res)).message));
      } catch {
        if (live) setState(closedState(0, 'Verifique sua conexão e recarregue a página.'));
      }
    })();
    return () => {
      live = false;
    };
  }, [token]);

  const send = async (values: Record<string, unknown>) => {
    setSending(true);
    setSendError(null);
    try {
      const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
      const res = await fetch(api(token), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.ok) return setState({ kind: 'done' });
      const err = await readError(res);
      if (res.status === 400 && err.errors) {
        form.setFields(Object.entries(err.errors).map(([name, errors]) => ({ name, errors })));
        setSendError(err.message);
      } else setState(closedState(res.status, err.message));
    } catch {
      setSendError('Não foi possível enviar. Verifique sua conexão e tente novamente.');
    } finally {
      setSending(false);
    }
  };

  if (state.kind === 'loading') {
    return (
      <Page>
        <Loading label="Carregando a pesquisa" size="large" style={{ margin: '20vh auto' }} />
      </Page>
    );
  }
  if (state.kind === 'closed') {
    return (
      <Page>
        <Card>
          <Result status="info" title={state.title} subTitle={state.message} />
        </Card>
      </Page>
    );
  }
  if (state.kind === 'done') {
    return (
      <Page>
        <Card>
          <Result status="success" title="Obrigado pela sua avaliação!" subTitle="Sua resposta foi registrada e ajuda a melhorar o nosso atendimento." />
        </Card>
      </Page>
    );
  }

  const { ticket } = state;
  const required = (f: FieldDef, msg: string) => (f.required ? [{ required: true, message: msg }] : []);
  return (
    <Page>
      <Card>
        <Space direction="vertical" size="small" style={{ width: '100%', marginBottom: 16 }}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            Pesquisa de satisfação
          </Typography.Title>
          <Typography.Text>
            Atendimento do ticket {ticket.codigo ? `nº ${ticket.codigo}` : ''}
            {ticket.titulo ? `: ${ticket.titulo}` : ''}
          </Typography.Text>
          {ticket.obra ? <Typography.Text type="secondary">Obra: {ticket.obra}</Typography.Text> : null}
          <Typography.Text type="secondary">Leva menos de um minuto. Os campos com * são obrigatórios.</Typography.Text>
        </Space>
        <Form form={form} layout="vertical" onFinish={send} requiredMark disabled={sending}>
          {RATINGS.map((f) => (
            <Form.Item key={f.name} name={f.name} label={<span id={`${f.name}-rotulo`}>{f.label}</span>} rules={required(f, 'Escolha uma nota de 1 a 5.')}>
              <RatingInput labels={RATE_TIPS} aria-labelledby={`${f.name}-rotulo`} disabled={sending} />
            </Form.Item>
          ))}
          <Form.Item
            name={NPS.name}
            label={<span id="nps-rotulo">{NPS.label}</span>}
            extra="0 = de jeito nenhum, 10 = com certeza."
            rules={required(NPS, 'Escolha uma nota de 0 a 10.')}
          >
            <NpsInput />
          </Form.Item>
          <Form.Item name={COMMENT.name} label={COMMENT.label}>
            <Input.TextArea rows={4} maxLength={COMMENT.maxLength} showCount placeholder="Conte o que foi bom e o que podemos melhorar (opcional)." />
          </Form.Item>
          <Form.Item name={RESPONDENT.name} label="Seu nome (opcional)">
            <Input maxLength={RESPONDENT.maxLength} autoComplete="name" />
          </Form.Item>
          {sendError ? <Alert type="error" showIcon message={sendError} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" size="large" loading={sending} block>
            Enviar avaliação
          </Button>
        </Form>
      </Card>
    </Page>
  );
}

export default SurveyPage;
