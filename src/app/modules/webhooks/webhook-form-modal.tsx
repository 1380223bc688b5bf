/**
 * "Novo webhook" / "Editar webhook" (issue 41): name, HTTPS address, events from the catalogue
 * (grouped by entity, searchable), the service account whose access reads each delivery's record
 * and, on creation, an optional secret (generated when empty). Once created, the same dialog shows
 * the secret, this once, with "Copiar segredo". The API's per-field pt-BR refusals (an address without
 * HTTPS or in a private network, a short secret…) show under the inputs and nothing is stored.
 */
import React, { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useApiUrl, useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import type { ServiceAccount } from '../../../../resources/service-accounts';
import { WEBHOOK_LIMITS as L, type Webhook, type WebhookInput } from '../../../../resources/webhooks';
import { eventGroups } from './events';
import { ShownSecret, showFieldErrors } from './parts';

type Values = Partial<WebhookInput>;

const FIELDS = ['nome', 'url', 'eventos', 'contaServico', 'segredo'] as const;

/** Accents and case aside, so "transicao" finds "transição". */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function WebhookFormModal({
  webhook,
  onSaved,
  onClose,
}: {
  /** The subscription to edit; a new one when absent. */
  webhook?: Webhook;
  /** After a save (the list is refreshed; a new subscription's secret stays in this dialog). */
  onSaved: (saved: Webhook) => void;
  onClose: () => void;
}): React.ReactElement {
  const apiUrl = useApiUrl();
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [created, setCreated] = useState<Webhook | null>(null);
  const groups = useMemo(eventGroups, []);
  const accounts = useCustom<ServiceAccount[], HttpError>({
    url: `${apiUrl}/contas-servico`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['contas-servico'] },
  });
  const accountList = Array.isArray(accounts.result?.data) ? accounts.result.data : [];
  const { mutateAsync, mutation } = useCustomMutation<Webhook, HttpError>();
  const save = async (v: Values) => {
    setRefusal(null);
    try {
      const values: Values = { nome: v.nome, url: v.url?.trim(), eventos: v.eventos, contaServico: v.contaServico };
      if (!webhook && v.segredo) values.segredo = v.segredo;
      const res = await mutateAsync({
        url: webhook ? `${apiUrl}/webhooks/${webhook.id}` : `${apiUrl}/webhooks`,
        method: webhook ? 'patch' : 'post',
        values,
        successNotification: false,
        errorNotification: false,
      });
      onSaved(res.data);
      if (webhook) onClose();
      else setCreated(res.data);
    } catch (e) {
      if (!showFieldErrors(form, FIELDS, e)) setRefusal((e as HttpError).message);
    }
  };
  const title = created ? `Webhook criado: ${created.nome}` : webhook ? `Editar webhook: ${webhook.nome}` : 'Novo webhook';
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      maskClosable={!created}
      destroyOnHidden
      width={680}
      footer={
        created ? (
          <Button onClick={onClose}>Concluir</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>Cancelar</Button>
            <Button type="primary" loading={mutation.isPending} onClick={() => form.submit()}>
              {webhook ? 'Salvar' : 'Criar webhook'}
            </Button>
          </Space>
        )
      }
    >
      {created?.segredo ? (
        <ShownSecret secret={created.segredo} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={save}
          initialValues={webhook ? { nome: webhook.nome, url: webhook.url, eventos: webhook.eventos, contaServico: webhook.contaServico } : { eventos: [] }}
          onValuesChange={(changed) => {
            for (const name of Object.keys(changed) as (keyof Values)[]) if (form.getFieldError(name).length) form.setFields([{ name, errors: [] }]);
          }}
        >
          <Form.Item
            name="nome"
            label="Nome"
            rules={[{ required: true, whitespace: true, message: 'Informe o nome do webhook (ex.: ERP — contratos aprovados).' }]}
          >
            <Input maxLength={L.nome} autoComplete="off" placeholder="Ex.: ERP — contratos aprovados" />
          </Form.Item>
          <Form.Item
            name="url"
            label="Endereço (URL)"
            extra="HTTPS. Endereços de redes privadas, de loopback e de metadados são recusados."
            rules={[{ required: true, whitespace: true, message: 'Informe o endereço que recebe as entregas.' }]}
          >
            <Input maxLength={L.url} autoComplete="off" inputMode="url" placeholder="https://erp.empresa.com.br/webhooks/portal" />
          </Form.Item>
          <Form.Item
            name="eventos"
            label="Eventos"
            extra="Digite para buscar (ex.: contratos, transição, diário). “Transição de fluxo” vale para todos os passos; um passo vale só para ele."
            rules={[{ required: true, type: 'array', min: 1, message: 'Escolha pelo menos um evento.' }]}
          >
            <Select
              mode="multiple"
              allowClear
              showSearch
              options={groups}
              maxCount={L.eventos}
              filterOption={(input, option) => {
                const o = option as { value?: string; label?: string; options?: unknown };
                if (o.options) return false;
                const q = fold(input);
                return fold(String(o.label ?? '')).includes(q) || fold(String(o.value ?? '')).includes(q);
              }}
              placeholder="Escolha os eventos"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            name="contaServico"
            label="Conta de serviço"
            extra="Cada entrega traz o registro como esta conta o lê: campos que ela não pode ler nunca são enviados."
            rules={[{ required: true, message: 'Escolha a conta de serviço.' }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={accounts.query.isLoading}
              placeholder="Escolha a conta de serviço"
              options={accountList.map((a) => ({ value: a.id, label: a.ativo ? a.nome : `${a.nome} (desativada)`, disabled: !a.ativo }))}
              notFoundContent="Nenhuma conta de serviço: crie uma em Administração › Contas de serviço."
              style={{ width: '100%' }}
            />
          </Form.Item>
          {webhook ? null : (
            <Form.Item
              name="segredo"
              label="Segredo (opcional)"
              extra={`Pelo menos ${L.segredoMin} caracteres. Deixe em branco para o portal gerar um; ele aparece uma única vez, depois de criar.`}
            >
              <Input.Password maxLength={L.segredoMax} autoComplete="new-password" />
            </Form.Item>
          )}
          {accounts.query.isError ? <Alert type="error" showIcon message="Não foi possível carregar as contas de serviço." /> : null}
          {refusal ? <Alert type="error" showIcon message={refusal} /> : null}
        </Form>
      )}
    </Modal>
  );
}
