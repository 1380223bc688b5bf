/**
 * "Nova conta de serviço" / "Editar conta de serviço" (issue 41): name, description, roles, sites,
 * companies and "Ativa", like a person's access. The options come from `GET /contas-servico/opcoes`
 * (staff roles, the sites, the staff company and the registered companies); the API's per-field pt-BR
 * refusals show under the inputs and nothing is stored.
 */
import React, { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useApiUrl, useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { SERVICE_ACCOUNT_LIMITS as L, type ServiceAccount, type ServiceAccountOptions } from '../../../../resources/service-accounts';

interface Values {
  nome: string;
  descricao?: string;
  roles: string[];
  obra: string[];
  empresa: string[];
  ativo: boolean;
}

const FIELDS = ['nome', 'descricao', 'roles', 'obra', 'empresa', 'ativo'] as const;

/** Options of a multiple select searched by their label. */
const multiple = (options: { valor: string; rotulo: string }[] | undefined) => ({
  mode: 'multiple' as const,
  allowClear: true,
  optionFilterProp: 'label',
  options: (options ?? []).map((o) => ({ value: o.valor, label: o.rotulo })),
  style: { width: '100%' },
});

export function AccountFormModal({
  account,
  onSaved,
  onClose,
}: {
  /** The account to edit; a new one when absent. */
  account?: ServiceAccount;
  onSaved: (saved: ServiceAccount) => void;
  onClose: () => void;
}): React.ReactElement {
  const apiUrl = useApiUrl();
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { result: options, query } = useCustom<ServiceAccountOptions, HttpError>({
    url: `${apiUrl}/contas-servico/opcoes`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['contas-servico', 'opcoes'], staleTime: 60_000 },
  });
  const { mutateAsync, mutation } = useCustomMutation<ServiceAccount, HttpError>();
  const save = async (v: Values) => {
    setRefusal(null);
    try {
      const values = { ...v, descricao: v.descricao?.trim() || null, ...(account ? { version: account.version } : {}) };
      const res = await mutateAsync({
        url: account ? `${apiUrl}/contas-servico/${account.id}` : `${apiUrl}/contas-servico`,
        method: account ? 'patch' : 'post',
        values,
        successNotification: false,
        errorNotification: false,
      });
      onSaved(res.data);
    } catch (e) {
      const err = e as HttpError;
      const errors = (err.errors ?? {}) as Record<string, string[]>;
      form.setFields(FIELDS.map((name) => ({ name, errors: errors[name] ?? [] })));
      if (!FIELDS.some((f) => errors[f])) setRefusal(err.message);
    }
  };
  const data = Array.isArray(options?.data?.roles) ? options.data : undefined;
  // A new account starts with the staff company, once the options say its name.
  const staffCompany = data?.empresa[0]?.valor;
  useEffect(() => {
    if (!account && staffCompany && !form.isFieldTouched('empresa')) form.setFieldValue('empresa', [staffCompany]);
  }, [account, staffCompany, form]);
  return (
    <Modal
      open
      title={account ? `Editar conta de serviço: ${account.nome}` : 'Nova conta de serviço'}
      okText={account ? 'Salvar' : 'Criar conta'}
      cancelText="Cancelar"
      okButtonProps={{ loading: mutation.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {query.isError ? <Alert type="error" showIcon message="Não foi possível carregar os perfis, as obras e as empresas." /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          nome: account?.nome,
          descricao: account?.descricao ?? undefined,
          roles: account?.roles ?? [],
          obra: account?.obra ?? [],
          empresa: account?.empresa ?? [],
          ativo: account?.ativo ?? true,
        }}
        onValuesChange={(changed) => {
          for (const name of Object.keys(changed) as (keyof Values)[]) if (form.getFieldError(name).length) form.setFields([{ name, errors: [] }]);
        }}
      >
        <Form.Item
          name="nome"
          label="Nome"
          rules={[{ required: true, whitespace: true, message: 'Informe o nome da conta de serviço (ex.: Integração ERP).' }]}
        >
          <Input maxLength={L.nomeMax} autoComplete="off" placeholder="Ex.: Integração ERP" />
        </Form.Item>
        <Form.Item name="descricao" label="Descrição" extra="Que sistema usa a conta e para quê.">
          <Input.TextArea rows={2} maxLength={L.descricaoMax} />
        </Form.Item>
        <Form.Item
          name="roles"
          label="Perfis"
          extra="O que as chaves podem ler e gravar: as mesmas regras de uma pessoa com esses perfis."
          rules={[{ required: true, type: 'array', min: 1, message: 'Escolha ao menos um perfil.' }]}
        >
          <Select {...multiple(data?.roles)} loading={query.isLoading} placeholder="Escolha os perfis" />
        </Form.Item>
        <Form.Item name="obra" label="Obras" extra="Para os perfis que valem por obra (ex.: leitura de RDO das obras).">
          <Select {...multiple(data?.obra)} loading={query.isLoading} placeholder="Nenhuma obra" />
        </Form.Item>
        <Form.Item name="empresa" label="Empresas" extra="Como as de uma pessoa: valem nas listas de acesso das pastas da biblioteca.">
          <Select {...multiple(data?.empresa)} loading={query.isLoading} placeholder="Nenhuma empresa" />
        </Form.Item>
        <Form.Item name="ativo" label="Ativa" valuePropName="checked" extra="Desativada, nenhuma chave da conta é aceita.">
          <Switch />
        </Form.Item>
        {refusal ? <Alert type="error" showIcon message={refusal} /> : null}
      </Form>
    </Modal>
  );
}
