/**
 * "Emitir chave" of a service account (issue 41): name (optional), validity and "Somente leitura"
 * (on by default: the least a new key may do). Once issued the same dialog shows the key, this once,
 * with "Copiar"; closing it forgets the key (the API keeps only its hash, and the lists show only its
 * start). The API's per-field pt-BR refusals (a validity in the past…) show under the inputs.
 */
import { OneTimeSecret } from '../../views/one-time-secret';
import React, { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, DatePicker, Form, Input, Modal, Space, Switch, Typography } from 'antd';
import { useApiUrl, useCustomMutation, type HttpError } from '@refinedev/core';
import { SERVICE_ACCOUNT_LIMITS, type IssuedApiKey } from '../../../../resources/service-accounts';
import { formatDateTime } from '../../format';

interface Values {
  nome?: string;
  expiraEm?: Dayjs;
  somenteLeitura: boolean;
}

const presets = () => [30, 90, 180, 365].map((days) => ({ label: `${days} dias`, value: dayjs().add(days, 'day').endOf('day') }));

/** The issued key with its copy button; the only place the key is ever shown. */
export function IssuedKey({ issued }: { issued: IssuedApiKey }): React.ReactElement {
  return (
    <OneTimeSecret
      value={issued.chave}
      label="Chave de API"
      testId="chave-emitida"
      warning={{
        message: 'Copie a chave agora: ela não será mostrada de novo.',
        description:
          'Guarde-a no cofre de segredos do sistema que vai usá-la. O portal guarda só uma impressão dela; se ela se perder, revogue-a e emita outra.',
      }}
      copy={{ label: 'Copiar chave', done: 'Copiada', failed: 'Não foi possível copiar neste navegador: selecione a chave e copie-a à mão.' }}
    >
      <Typography.Text type="secondary">
        {issued.somenteLeitura ? 'Somente leitura' : 'Leitura e gravação'} · válida até {formatDateTime(issued.expiraEm)}. Envie-a no cabeçalho{' '}
        <Typography.Text code>Authorization: Bearer &lt;chave&gt;</Typography.Text> ou <Typography.Text code>X-API-Key: &lt;chave&gt;</Typography.Text>.
      </Typography.Text>
    </OneTimeSecret>
  );
}

export function IssueKeyModal({
  accountId,
  accountName,
  onIssued,
  onClose,
}: {
  accountId: number;
  accountName: string;
  /** After the key is issued (the list is refreshed; the key is not passed on). */
  onIssued?: () => void;
  onClose: () => void;
}): React.ReactElement {
  const apiUrl = useApiUrl();
  const [form] = Form.useForm<Values>();
  const [choices] = useState(presets);
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<IssuedApiKey, HttpError>();
  const issue = async (v: Values) => {
    setRefusal(null);
    try {
      const res = await mutateAsync({
        url: `${apiUrl}/contas-servico/${accountId}/chaves`,
        method: 'post',
        values: { nome: v.nome?.trim() || null, expiraEm: v.expiraEm ? v.expiraEm.format() : '', somenteLeitura: v.somenteLeitura },
        successNotification: false,
        errorNotification: false,
      });
      setIssued(res.data);
      onIssued?.();
    } catch (e) {
      const err = e as HttpError;
      const errors = (err.errors ?? {}) as Record<string, string[]>;
      form.setFields((['nome', 'expiraEm', 'somenteLeitura'] as const).map((name) => ({ name, errors: errors[name] ?? [] })));
      if (!Object.keys(errors).length) setRefusal(err.message);
    }
  };
  return (
    <Modal
      open
      title={issued ? `Chave emitida: ${accountName}` : `Emitir chave: ${accountName}`}
      onCancel={onClose}
      maskClosable={!issued}
      destroyOnHidden
      footer={
        issued ? (
          <Button onClick={onClose}>Concluir</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>Cancelar</Button>
            <Button type="primary" loading={mutation.isPending} onClick={() => form.submit()}>
              Emitir chave
            </Button>
          </Space>
        )
      }
    >
      {issued ? (
        <IssuedKey issued={issued} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={issue}
          initialValues={{ somenteLeitura: true, expiraEm: choices[1].value }}
          onValuesChange={(changed) => {
            for (const name of Object.keys(changed) as (keyof Values)[]) if (form.getFieldError(name).length) form.setFields([{ name, errors: [] }]);
          }}
        >
          <Form.Item name="nome" label="Nome da chave (opcional)" extra="Para reconhecê-la na lista, ex.: Produção, Homologação.">
            <Input maxLength={SERVICE_ACCOUNT_LIMITS.chaveNomeMax} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="expiraEm"
            label="Válida até"
            extra={`Depois disso a chave é recusada. No máximo ${SERVICE_ACCOUNT_LIMITS.chaveDiasMax} dias (2 anos).`}
            rules={[{ required: true, message: 'Informe até quando a chave vale.' }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" presets={choices} style={{ width: 220, maxWidth: '100%' }} />
          </Form.Item>
          <Form.Item
            name="somenteLeitura"
            label="Somente leitura"
            valuePropName="checked"
            extra="Ligado, a chave só consulta: qualquer gravação é recusada, mesmo que os perfis da conta permitam."
          >
            <Switch />
          </Form.Item>
          {refusal ? <Alert type="error" showIcon message={refusal} /> : null}
        </Form>
      )}
    </Modal>
  );
}
