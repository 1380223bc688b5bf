/**
 * "Configurações do portal" (issue 35): the settings administrators change at run time, as the API
 * declares them (GET/PUT /api/v1/configuracoes, src/server/settings/declared.ts): a number with its
 * unit and limits, or a list of options. Other staff see the values read-only. The API validates;
 * its per-field sentences show under each input.
 */
import React, { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, InputNumber, Space, Spin, Typography } from 'antd';
import { useApiUrl, useCustom, useCustomMutation, useNotification, type HttpError } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';

type Declaration =
  | { key: string; kind: 'integer'; label: string; help: string; min: number; max: number; default: number; unit: string }
  | { key: string; kind: 'options'; label: string; help: string; options: Record<string, string>; default: string[] };

interface SettingsAnswer {
  declaracoes: Declaration[];
  valores: Record<string, number | string[]>;
  podeAlterar: boolean;
}

export function SettingsPage(): React.ReactElement {
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const { open } = useNotification();
  const [form] = Form.useForm();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { query, result } = useCustom<SettingsAnswer, HttpError>({
    url: `${apiUrl}/configuracoes`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['configuracoes'] },
  });
  const { mutateAsync, mutation } = useCustomMutation<SettingsAnswer, HttpError>();
  const data = result?.data;
  useEffect(() => {
    if (data?.valores) form.setFieldsValue(data.valores);
  }, [data, form]);
  if (query.isLoading) return <Spin style={{ margin: '20vh auto', display: 'block' }} />;
  if (query.isError || !data) return <Alert type="error" showIcon message="Não foi possível carregar as configurações." description={query.error?.message} />;
  const save = async (values: Record<string, unknown>) => {
    setErrors({});
    try {
      await mutateAsync({ url: `${apiUrl}/configuracoes`, method: 'put', values, successNotification: false, errorNotification: false });
      open?.({ key: 'configuracoes', type: 'success', message: 'Configurações salvas.' });
      await queryClient.invalidateQueries({ queryKey: ['configuracoes'] });
    } catch (e) {
      const err = e as HttpError;
      setErrors((err.errors as Record<string, string[]>) ?? {});
      open?.({ key: 'configuracoes', type: 'error', message: 'Nada foi alterado.', description: err.message });
    }
  };
  return (
    <Card title="Configurações do portal">
      {!data.podeAlterar ? <Alert type="info" showIcon style={{ marginBottom: 16 }} message="Só os administradores alteram estas configurações." /> : null}
      <Form form={form} layout="vertical" onFinish={save} disabled={!data.podeAlterar} style={{ maxWidth: 640 }}>
        {data.declaracoes.map((d) => (
          <Form.Item
            key={d.key}
            name={d.key}
            label={d.label}
            extra={d.help}
            validateStatus={errors[d.key] ? 'error' : undefined}
            help={errors[d.key]?.join(' ')}
          >
            {d.kind === 'integer' ? (
              <InputNumber min={d.min} max={d.max} precision={0} addonAfter={d.unit} style={{ width: 220 }} aria-label={d.label} />
            ) : (
              <Checkbox.Group options={Object.entries(d.options).map(([value, label]) => ({ value, label }))} />
            )}
          </Form.Item>
        ))}
        {data.podeAlterar ? (
          <Space>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              Salvar
            </Button>
            <Typography.Text type="secondary">Cada alteração fica registrada na auditoria.</Typography.Text>
          </Space>
        ) : null}
      </Form>
    </Card>
  );
}
