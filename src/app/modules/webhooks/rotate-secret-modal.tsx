/**
 * "Rotacionar segredo" of a webhook (issue 41): the grace period in hours (1 to 168, 24 by default),
 * during which the previous secret still signs each delivery (a second signature), and an optional new
 * secret (generated when empty). The new secret is then shown once, with "Copiar segredo".
 */
import React, { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Space } from 'antd';
import { useApiUrl, useCustomMutation, type HttpError } from '@refinedev/core';
import { WEBHOOK_LIMITS as L, type Webhook, type WebhookRotation } from '../../../../resources/webhooks';
import { ShownSecret, showFieldErrors } from './parts';

export function RotateSecretModal({ webhook, onRotated, onClose }: { webhook: Webhook; onRotated: () => void; onClose: () => void }): React.ReactElement {
  const apiUrl = useApiUrl();
  const [form] = Form.useForm<WebhookRotation>();
  const [secret, setSecret] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<Webhook, HttpError>();
  const rotate = async (v: WebhookRotation) => {
    setRefusal(null);
    try {
      const res = await mutateAsync({
        url: `${apiUrl}/webhooks/${webhook.id}/rotacionar-segredo`,
        method: 'post',
        values: { carenciaHoras: v.carenciaHoras, ...(v.segredo ? { segredo: v.segredo } : {}) },
        successNotification: false,
        errorNotification: false,
      });
      setSecret(res.data.segredo ?? null);
      onRotated();
    } catch (e) {
      if (!showFieldErrors(form, ['segredo', 'carenciaHoras'], e)) setRefusal((e as HttpError).message);
    }
  };
  return (
    <Modal
      open
      title={secret ? `Segredo novo: ${webhook.nome}` : `Rotacionar segredo: ${webhook.nome}`}
      onCancel={onClose}
      maskClosable={!secret}
      destroyOnHidden
      footer={
        secret ? (
          <Button onClick={onClose}>Concluir</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>Cancelar</Button>
            <Button type="primary" loading={mutation.isPending} onClick={() => form.submit()}>
              Rotacionar segredo
            </Button>
          </Space>
        )
      }
    >
      {secret ? (
        <ShownSecret secret={secret} />
      ) : (
        <Form<WebhookRotation> form={form} layout="vertical" onFinish={rotate} initialValues={{ carenciaHoras: 24 }}>
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            message="Durante a carência cada entrega vai com duas assinaturas: a do segredo novo e a do anterior. Troque o segredo no sistema que recebe antes de ela terminar."
          />
          <Form.Item
            name="carenciaHoras"
            label="Carência (horas)"
            extra={`De 1 a ${L.carenciaHorasMax} horas (7 dias).`}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 1,
                max: L.carenciaHorasMax,
                message: `Informe um número inteiro de horas entre 1 e ${L.carenciaHorasMax}.`,
              },
            ]}
          >
            <InputNumber min={1} max={L.carenciaHorasMax} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="segredo" label="Segredo novo (opcional)" extra={`Pelo menos ${L.segredoMin} caracteres. Em branco, o portal gera um.`}>
            <Input.Password maxLength={L.segredoMax} autoComplete="new-password" />
          </Form.Item>
          {refusal ? <Alert type="error" showIcon message={refusal} /> : null}
        </Form>
      )}
    </Modal>
  );
}
