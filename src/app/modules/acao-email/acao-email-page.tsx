/**
 * /acao-email/:token: where an e-mail button lands (issue 25). The person is signed in (the guard
 * sends them to the login and back here); the page shows the record's summary and the step, asks
 * for the comment when the step needs one, and takes the step only when they confirm
 * (`POST /api/v1/acoes-email/{token}`). Opening the page changes nothing. A link that is used,
 * expired, someone else's, altered or no longer applicable is explained in plain words.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useApiUrl, useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Space, Typography } from 'antd';
import { Loading } from '../../views/loading';
import { MailOutlined } from '@ant-design/icons';
import { schemaByResource } from '../../../../schemas/index';
import { showPath } from '../../workflow/links';
import { StateTag } from '../../workflow/state-tag';
import { PENDENCIAS_RESOURCE } from '../../workflow/query-keys';

interface ActionSummary {
  resource: string;
  id: number;
  entity: string;
  title: string;
  state: string;
  stateLabel: string;
  version: number;
  rows: [string, string][];
  due: { label: string; late: boolean } | null;
  transition: {
    name: string;
    label: string;
    toLabel: string | null;
    comment: 'none' | 'optional' | 'required';
    notice?: string;
    asks?: unknown[];
    tone: string;
  };
  expiresAt: string;
}

interface ActionDone {
  resource: string;
  id: number;
  stateLabel: string;
  message: string;
}

const COMMENT_MAX = 4000;

function RecordLink({ resource, id }: { resource: string; id: number }) {
  const to = showPath(resource, id);
  return to ? <Link to={to}>Abrir o registro</Link> : <Link to="/pendencias">Minhas pendências</Link>;
}

export function AcaoEmailPage() {
  const { token = '' } = useParams<{ token: string }>();
  const apiUrl = useApiUrl();
  const url = `${apiUrl}/acoes-email/${encodeURIComponent(token)}`;
  const invalidate = useInvalidate();
  const { query, result } = useCustom<ActionSummary, HttpError>({
    url,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['acao-email', token], retry: false, refetchOnWindowFocus: false },
  });
  const { mutateAsync } = useCustomMutation<ActionDone, HttpError>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<ActionDone | null>(null);
  const [problem, setProblem] = useState<HttpError | null>(null);
  const [form] = Form.useForm<{ comment?: string }>();

  const summary = result?.data as ActionSummary | undefined;

  async function confirm(values: { comment?: string }) {
    setSending(true);
    setProblem(null);
    try {
      const { data } = await mutateAsync({
        url,
        method: 'post',
        values: values.comment?.trim() ? { comment: values.comment.trim() } : {},
        successNotification: false,
        errorNotification: false,
      });
      setDone(data);
      await Promise.all([
        invalidate({ resource: data.resource, id: data.id, invalidates: ['detail', 'list'] }),
        invalidate({ resource: PENDENCIAS_RESOURCE, invalidates: ['list'] }),
      ]);
    } catch (e) {
      const err = e as HttpError;
      const fieldErrors = err.errors as Record<string, string[]> | undefined;
      if (err.statusCode === 400 && fieldErrors?.comment) form.setFields([{ name: 'comment', errors: fieldErrors.comment }]);
      else setProblem(err);
    } finally {
      setSending(false);
    }
  }

  const heading = (
    <Typography.Title level={3} style={{ margin: 0 }}>
      <MailOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
      Ação recebida por e-mail
    </Typography.Title>
  );

  if (query.isLoading) {
    return (
      <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
        {heading}
        <Loading size="large" style={{ margin: '10vh auto' }} />
      </Space>
    );
  }

  if (done) {
    return (
      <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
        {heading}
        <Result
          status="success"
          title={done.message}
          subTitle={`Situação atual: ${done.stateLabel}.`}
          extra={
            <Space wrap>
              <RecordLink resource={done.resource} id={done.id} />
              <Link to="/pendencias">Minhas pendências</Link>
            </Space>
          }
        />
      </Space>
    );
  }

  if (query.isError || !summary) {
    const err = query.error as HttpError | null;
    return (
      <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
        {heading}
        <Result
          status={err?.statusCode === 403 ? '403' : err?.statusCode === 409 ? 'info' : 'warning'}
          // 409: the record moved on (someone else did it, or it went another way); not a fault of the person.
          title={err?.statusCode === 409 ? 'Esta ação não é mais necessária' : 'Não é possível usar este link'}
          subTitle={err?.message ?? 'Tente novamente em instantes.'}
          extra={<Link to="/pendencias">Ver minhas pendências</Link>}
        />
      </Space>
    );
  }

  const schema = schemaByResource(summary.resource);
  const step = summary.transition;
  const needsMore = Array.isArray(step.asks) && step.asks.length > 0;
  const commentRequired = step.comment === 'required';
  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      {heading}
      <Card
        size="small"
        title={
          <Space wrap size={8}>
            <span>
              {summary.entity} {summary.title}
            </span>
            <StateTag schema={schema} value={summary.state} />
          </Space>
        }
      >
        <Descriptions column={1} size="small" bordered items={summary.rows.map(([label, value], i) => ({ key: String(i), label, children: value }))} />
        {summary.due && (
          <Typography.Paragraph strong type={summary.due.late ? 'danger' : undefined} style={{ margin: '12px 0 0' }}>
            {summary.due.label}
          </Typography.Paragraph>
        )}
        <div style={{ marginTop: 12 }}>
          <RecordLink resource={summary.resource} id={summary.id} />
        </div>
      </Card>
      <Card size="small" title={`Confirmar: ${step.label}`}>
        {problem && <Alert type={problem.statusCode === 409 ? 'info' : 'error'} showIcon message={problem.message} style={{ marginBottom: 16 }} role="alert" />}
        {needsMore ? (
          <Alert
            type="info"
            showIcon
            message="Esta ação pede mais informações."
            description={
              <span>
                Conclua-a no registro: <RecordLink resource={summary.resource} id={summary.id} />.
              </span>
            }
          />
        ) : (
          <Form
            form={form}
            layout="vertical"
            requiredMark={commentRequired ? true : false}
            onFinish={confirm}
            disabled={!!problem && problem.statusCode !== 400}
          >
            <Typography.Paragraph>
              {step.toLabel ? (
                <>
                  O registro passará de <strong>{summary.stateLabel}</strong> para <strong>{step.toLabel}</strong>. Nada muda até você confirmar.
                </>
              ) : (
                'Nada muda até você confirmar.'
              )}
            </Typography.Paragraph>
            {step.notice && <Alert type="warning" showIcon message={step.notice} style={{ marginBottom: 16 }} />}
            {step.comment !== 'none' && (
              <Form.Item
                name="comment"
                label={commentRequired ? 'Comentário' : 'Comentário (opcional)'}
                rules={commentRequired ? [{ required: true, whitespace: true, message: 'Escreva um comentário para esta ação.' }] : []}
              >
                <Input.TextArea rows={4} maxLength={COMMENT_MAX} showCount />
              </Form.Item>
            )}
            <Space wrap>
              <Button type="primary" danger={step.tone === 'danger'} htmlType="submit" loading={sending}>
                {step.label}
              </Button>
              <Link to="/pendencias">Agora não</Link>
            </Space>
          </Form>
        )}
        <Typography.Paragraph type="secondary" style={{ margin: '16px 0 0', fontSize: 12 }}>
          Link válido até {new Date(summary.expiresAt).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })}, uma única vez.
        </Typography.Paragraph>
      </Card>
    </Space>
  );
}
