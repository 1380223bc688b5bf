/**
 * `/obras/:obra/usuarios/adicionar` and `/fabricacao/:obra/usuarios/adicionar`: who has access to
 * the site (name, e-mail, kind, roles; "Remover da obra") and the form "Adicionar pessoa".
 * A new client receives an invitation e-mail with a temporary password; someone who already has
 * an account gains the site. The API (`/api/v1/{obras|fabricacao}/:obra/usuarios`) checks the
 * screen's access rule and answers in Portuguese; its field errors land on the form's fields.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useApiUrl, useCustom, useCustomMutation, useNotification, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Col, ConfigProvider, Empty, Form, Grid, Input, Popconfirm, Row, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  CLIENT_ROLES,
  DEFAULT_ROLES,
  addedClientRoles,
  roleLabel,
  SCOPE_PATH,
  TIPO_LABELS,
  type AddSitePersonResult,
  type SitePeopleScope,
  type SitePerson,
} from '../../../access/site-people';
import { useCurrentRoute } from '../../guard/navigation-guard';
import { roleName } from '../../../access/roles';
import { obraLabel } from '../../fields/obra-label';
import { SitePeopleImport } from './site-people-import';

interface FormValues {
  email: string;
  nome?: string;
  empresa?: string;
  roles?: string[];
}

const TITLES: Record<SitePeopleScope, string> = { obra: 'Adicionar usuários', fabricacao: 'Adicionar clientes' };

/**
 * This screen's red buttons and placeholders at WCAG AA contrast on white (antd's #ff4d4f is 3.3:1,
 * its #bfbfbf placeholder 1.8:1); the rest of the portal's theme is inherited.
 */
const CONTRAST = { token: { colorError: '#cf1322', colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)' } };

/** The roles by name; a client's `cliente` role is already said by the kind tag beside them. */
function RoleTags({ person }: { person: SitePerson }) {
  if (!person.roles.length) return <Typography.Text type="secondary">Sem perfil</Typography.Text>;
  const roles = person.tipo === 'cliente' ? person.roles.filter((r) => r !== 'cliente') : person.roles;
  return (
    <Space size={[4, 4]} wrap>
      {roles.map((r) => (
        <Tooltip key={r} title={roleLabel(r) !== r ? roleLabel(r) : undefined}>
          <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
            {roleName(r)}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

function KindTags({ person }: { person: SitePerson }) {
  return (
    <Space size={[4, 4]} wrap>
      <Tag color={person.tipo === 'cliente' ? 'purple' : 'default'} style={{ marginInlineEnd: 0 }}>
        {TIPO_LABELS[person.tipo] ?? person.tipo}
      </Tag>
      {person.convitePendente && (
        <Tooltip title="Ainda não entrou no portal com a senha temporária do convite.">
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            Convite pendente
          </Tag>
        </Tooltip>
      )}
      {!person.conta && (
        <Tooltip title="Ainda não entrou no portal: recebe a obra no primeiro acesso.">
          <Tag style={{ marginInlineEnd: 0 }}>Sem login ainda</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

export function SitePeoplePage({ scope }: { scope: SitePeopleScope }) {
  const { obra = '' } = useParams();
  const current = useCurrentRoute();
  const site = obraLabel(obra, current?.obra === obra ? current?.obraRecord : undefined);
  const apiUrl = useApiUrl();
  const base = `${apiUrl}/${SCOPE_PATH[scope]}/${encodeURIComponent(obra)}/usuarios`;
  const wide = !!Grid.useBreakpoint().md;
  const { open } = useNotification();
  const [form] = Form.useForm<FormValues>();
  const chosenRoles = Form.useWatch('roles', form);
  // Decision 30: what a client also receives with the roles chosen (an approver alone would not see the site).
  const alsoGiven = chosenRoles?.length ? addedClientRoles(chosenRoles, scope) : [];
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<string | undefined>();

  const { query, result } = useCustom<SitePerson[], HttpError>({
    url: base,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['site-people', scope, obra] },
  });
  const people: SitePerson[] = Array.isArray(result?.data) ? result.data : [];
  const { mutateAsync } = useCustomMutation<AddSitePersonResult, HttpError>();

  async function add(values: FormValues) {
    setSaving(true);
    try {
      const { data } = await mutateAsync({
        url: base,
        method: 'post',
        values: {
          email: values.email?.trim(),
          ...(values.nome?.trim() ? { nome: values.nome.trim() } : {}),
          ...(values.empresa?.trim() ? { empresa: values.empresa.trim() } : {}),
          ...(values.roles?.length ? { roles: values.roles } : {}),
        },
        successNotification: false,
        errorNotification: false,
      });
      const who = data.pessoa.nome || data.pessoa.email;
      // The portal's toasts: `description` is the heading, `message` the sentence (providers/notification-provider.ts).
      open?.(
        data.criado
          ? {
              key: `site-people-${obra}`,
              type: 'success',
              description: `Convite enviado para ${data.pessoa.email}`,
              message: 'A pessoa recebe por e-mail o endereço do portal e uma senha temporária; no primeiro acesso, cria a sua própria senha.',
            }
          : {
              key: `site-people-${obra}`,
              type: 'success',
              message: data.jaTinhaAcesso ? `${who} já tinha acesso a esta obra.` : `${who} agora tem acesso à obra ${obra}.`,
            },
      );
      form.resetFields();
      await query.refetch();
    } catch (e) {
      const err = e as HttpError;
      const errors = (err.errors ?? {}) as Record<string, unknown>;
      const fields = Object.entries(errors)
        .filter(([name]) => ['email', 'nome', 'empresa', 'roles'].includes(name))
        .map(([name, msgs]) => ({ name: name as keyof FormValues, errors: (Array.isArray(msgs) ? msgs : [msgs]).map(String) }));
      if (fields.length) form.setFields(fields);
      open?.({
        key: `site-people-${obra}`,
        type: 'error',
        description: 'Não foi possível adicionar a pessoa.',
        message: err.message || 'Tente novamente em instantes.',
      });
    } finally {
      setSaving(false);
    }
  }

  async function remove(person: SitePerson) {
    setRemoving(person.email);
    try {
      await mutateAsync({
        url: `${base}/${encodeURIComponent(person.email)}`,
        method: 'delete',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      open?.({ key: `site-people-${obra}`, type: 'success', message: `${person.nome || person.email} não tem mais acesso à obra ${obra}.` });
    } catch (e) {
      open?.({ key: `site-people-${obra}`, type: 'error', message: (e as HttpError).message || 'Não foi possível remover a pessoa.' });
    } finally {
      setRemoving(undefined);
      await query.refetch();
    }
  }

  const removable = (p: SitePerson) => scope === 'obra' || p.tipo === 'cliente';
  const columns: TableColumnsType<SitePerson> = [
    {
      key: 'pessoa',
      title: 'Pessoa',
      render: (_: unknown, p) => (
        <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
          <Typography.Text strong>{p.nome}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {p.email}
          </Typography.Text>
          <KindTags person={p} />
          {!wide && <RoleTags person={p} />}
        </Space>
      ),
    },
    ...(wide ? [{ key: 'roles', title: 'Perfis', render: (_: unknown, p: SitePerson) => <RoleTags person={p} /> }] : []),
    {
      key: 'acoes',
      title: 'Ações',
      align: 'right',
      width: wide ? 170 : 56,
      render: (_: unknown, p) =>
        removable(p) ? (
          <Popconfirm
            title={`Remover ${p.nome || p.email} da obra ${obra}?`}
            description="A pessoa deixa de ver esta obra no portal. A conta continua existindo."
            okText="Remover"
            okButtonProps={{ danger: true }}
            cancelText="Cancelar"
            onConfirm={() => remove(p)}
          >
            <Button danger size="small" icon={<DeleteOutlined />} loading={removing === p.email} aria-label={`Remover da obra: ${p.nome || p.email}`}>
              {wide ? 'Remover da obra' : null}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <ConfigProvider theme={CONTRAST}>
      <section aria-labelledby="site-people-title" style={{ maxWidth: 1000, margin: '0 auto' }}>
        <Typography.Title level={3} id="site-people-title" style={{ marginBottom: 4 }}>
          {TITLES[scope]}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{site}</Typography.Paragraph>
        {/* The screen's route rule is the API's: whoever sees this page may add people, one by one or from a spreadsheet. */}
        <div style={{ marginBottom: 16 }}>
          <SitePeopleImport scope={scope} obra={obra} onImported={() => void query.refetch()} />
        </div>

        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Card size="small" title={<span id="site-people-form-title">Adicionar pessoa</span>}>
            <Form<FormValues>
              form={form}
              layout="vertical"
              onFinish={add}
              aria-labelledby="site-people-form-title"
              onValuesChange={(changed) => {
                // A server error on a field goes away when the field changes.
                for (const name of Object.keys(changed) as (keyof FormValues)[]) {
                  if (form.getFieldError(name).length) form.setFields([{ name, errors: [] }]);
                }
              }}
            >
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="email"
                    label="E-mail"
                    rules={[
                      { required: true, message: 'Informe o e-mail.' },
                      { type: 'email', message: 'E-mail inválido.' },
                    ]}
                  >
                    <Input type="email" autoComplete="off" inputMode="email" placeholder="nome@empresa.com.br" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="nome" label="Nome" extra="Obrigatório para quem ainda não tem acesso ao portal.">
                    <Input autoComplete="off" maxLength={150} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="roles"
                    label="Perfis"
                    extra={
                      <>
                        {`Somados aos que a pessoa já tem. Vazio: ${DEFAULT_ROLES[scope].join(' e ')} para um cliente novo. Colaboradores mantêm os seus perfis; "cliente" não se aplica a eles.`}
                        {alsoGiven.length ? (
                          <Alert
                            type="info"
                            showIcon
                            style={{ marginTop: 8 }}
                            data-testid="perfis-acrescentados"
                            message={`Um cliente recebe também: ${alsoGiven.map(roleLabel).join(', ')}. Sem um perfil de leitura, ele não veria a obra nem os documentos que aprova.`}
                          />
                        ) : null}
                      </>
                    }
                  >
                    <Select
                      mode="multiple"
                      allowClear
                      placeholder="Perfis de cliente"
                      options={CLIENT_ROLES.map((r) => ({ value: r.value, label: r.label }))}
                      optionFilterProp="label"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="empresa" label="Empresa" extra="Para clientes: a empresa que representam.">
                    <Input autoComplete="off" maxLength={100} />
                  </Form.Item>
                </Col>
              </Row>
              <Button type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={saving} block={!wide}>
                Adicionar
              </Button>
            </Form>
          </Card>

          <Card size="small" title={`Quem tem acesso (${people.length})`} styles={{ body: { padding: 0 } }}>
            {query.isError ? (
              <Alert
                type="error"
                showIcon
                style={{ margin: 12 }}
                message="Não foi possível carregar as pessoas desta obra."
                description={query.error?.message}
              />
            ) : (
              <Table<SitePerson>
                rowKey="email"
                size="small"
                columns={columns}
                dataSource={people}
                loading={query.isLoading}
                pagination={people.length > 50 ? { pageSize: 50, showSizeChanger: false, size: 'small' } : false}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ninguém tem acesso a esta obra ainda." /> }}
              />
            )}
          </Card>
        </Space>
      </section>
    </ConfigProvider>
  );
}
