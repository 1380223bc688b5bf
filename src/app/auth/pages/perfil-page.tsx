/**
 * /usuarios/:user?: the signed-in user's profile: data, change password, identity-provider
 * attributes (view, update, delete — never `sub` or `*_verified`), attribute verification,
 * devices (list, forget) and sign-out (local or global).
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useGetIdentity, useLogout, useUpdatePassword } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Form, Input, Popconfirm, Space, Table, Tag, Typography, message } from 'antd';
import type { AuthIdentity } from '../auth-provider';
import {
  confirmAttribute,
  forgetThisOrDevice,
  getAttributes,
  isEditableAttribute,
  listDevices,
  removeAttributes,
  saveAttributes,
  sendAttributeCode,
  type DeviceInfo,
} from '../account';
import { NewPasswordFields } from './password-fields';
import { roleName } from '../../../access/roles';
import { errorText } from './auth-card';
import { DigestPreferenceCard } from '../../modules/preferencias/digest-preference';
import { CalendarFeedCard } from '../../modules/preferencias/calendar-feed-card';
import { DuasEtapasCard } from './duas-etapas-card';
import { SessoesCard } from './sessoes-card';
import { hasOwnLogin } from '../session';
import { buildDateBr, buildLabel } from '../../root/build-info';

const ATTRIBUTE_LABELS: Record<string, string> = {
  email: 'E-mail',
  name: 'Nome',
  phone_number: 'Telefone',
  'custom:empresa': 'Empresas',
  'custom:obra': 'Obras',
  'custom:roles': 'Papéis',
  'custom:specific_rules': 'Regras específicas',
};

const fmtDate = (d?: Date) => (d ? new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(d) : '—');

function ChangePassword() {
  const [form] = Form.useForm();
  const { mutate, isPending } = useUpdatePassword<{ oldPassword: string; password: string }>();
  const [error, setError] = useState<string | null>(null);
  return (
    <Card title="Alterar senha" size="small">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 420 }}
        onFinish={(v) =>
          mutate(
            { oldPassword: v.oldPassword, password: v.password },
            {
              onSuccess: (r) => {
                setError(errorText(r));
                if (r.success) form.resetFields();
              },
            },
          )
        }
      >
        <Form.Item name="oldPassword" label="Senha atual" rules={[{ required: true, message: 'Informe a senha.' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields form={form} />
        <Button type="primary" htmlType="submit" loading={isPending}>
          Alterar senha
        </Button>
      </Form>
    </Card>
  );
}

function Attributes({ ownLogin }: { ownLogin: boolean }) {
  const [attrs, setAttrs] = useState<Record<string, string | undefined>>({});
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<string | null>(null);
  const [verifying, setVerifying] = useState<string | null>(null);
  const [api, holder] = message.useMessage();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setAttrs(await getAttributes());
    } catch (e) {
      void api.error((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      void api.success(ok);
      await load();
      return true;
    } catch (e) {
      void api.error((e as Error).message);
      return false;
    }
  };

  const rows = Object.entries(attrs)
    .filter(([k]) => isEditableAttribute(k))
    .map(([k, v]) => ({ key: k, value: v ?? '', verified: attrs[`${k}_verified`] }));

  return (
    <Card title="Atributos da conta" size="small">
      {holder}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {ownLogin
          ? 'Empresas, obras, papéis e regras específicas são definidos pelo administrador.'
          : 'A sua conta entra pela conta corporativa: o nome e o e-mail vêm do provedor corporativo, e empresas, obras, papéis e regras específicas são definidos pelo administrador.'}
      </Typography.Paragraph>
      <Table
        size="small"
        loading={loading}
        pagination={false}
        dataSource={rows}
        columns={[
          { title: 'Atributo', dataIndex: 'key', render: (k: string) => ATTRIBUTE_LABELS[k] ?? k },
          {
            title: 'Valor',
            dataIndex: 'value',
            render: (v: string, r) =>
              editing === r.key ? (
                <Input.Search
                  defaultValue={v}
                  enterButton="Salvar"
                  aria-label={`Novo valor de ${r.key}`}
                  onSearch={async (nv) => {
                    if (await act(() => saveAttributes({ [r.key]: nv }), 'Atributo atualizado.')) setEditing(null);
                  }}
                />
              ) : (
                <Space>
                  <Typography.Text>{readableAttribute(v, r.key)}</Typography.Text>
                  {r.verified === 'true' && <Tag color="green">verificado</Tag>}
                  {r.verified === 'false' && <Tag color="orange">não verificado</Tag>}
                </Space>
              ),
          },
          {
            title: 'Ações',
            key: 'acoes',
            render: (_, r) =>
              // Permission attributes are changed by administrators only (the pool refuses the write too); a corporate account's by its provider.
              !ownLogin || r.key.startsWith('custom:') ? null : (
                <Space wrap>
                  <Button size="small" onClick={() => setEditing(editing === r.key ? null : r.key)}>
                    {editing === r.key ? 'Cancelar' : 'Editar'}
                  </Button>
                  {r.verified === 'false' && (
                    <Button
                      size="small"
                      onClick={async () => {
                        if (await act(() => sendAttributeCode(r.key), 'Código de verificação enviado.')) setVerifying(r.key);
                      }}
                    >
                      Verificar
                    </Button>
                  )}
                  <Popconfirm
                    title="Remover este atributo?"
                    okText="Remover"
                    cancelText="Cancelar"
                    onConfirm={() => act(() => removeAttributes([r.key]), 'Atributo removido.')}
                  >
                    <Button size="small" danger disabled={r.key === 'email'}>
                      Remover
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {verifying && (
        <Form
          layout="inline"
          style={{ marginTop: 16 }}
          onFinish={async (v) => {
            if (await act(() => confirmAttribute(verifying, v.code ?? ''), 'Atributo verificado.')) setVerifying(null);
          }}
        >
          <Form.Item name="code" label={`Código enviado (${ATTRIBUTE_LABELS[verifying] ?? verifying})`}>
            <Input autoComplete="one-time-code" />
          </Form.Item>
          <Button htmlType="submit" type="primary">
            Confirmar
          </Button>
        </Form>
      )}
    </Card>
  );
}

function Devices({ ownLogin }: { ownLogin: boolean }) {
  const [devices, setDevices] = useState<DeviceInfo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setDevices(await listDevices());
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => {
    if (ownLogin) void load();
  }, [load, ownLogin]);
  if (!ownLogin) {
    return (
      <Card title="Dispositivos lembrados" size="small">
        <Typography.Text>A sua conta entra pela conta corporativa: os dispositivos lembrados são gerenciados pelo provedor corporativo.</Typography.Text>
      </Card>
    );
  }
  return (
    <Card title="Dispositivos lembrados" size="small">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Table<DeviceInfo>
        size="small"
        pagination={false}
        rowKey="id"
        dataSource={devices}
        locale={{ emptyText: 'Nenhum dispositivo lembrado.' }}
        columns={[
          { title: 'Dispositivo', dataIndex: 'name', render: (n?: string, d?: DeviceInfo) => n ?? d?.id },
          { title: 'Último acesso', dataIndex: 'lastAuthenticatedAt', render: (d?: Date) => fmtDate(d) },
          {
            title: '',
            key: 'x',
            render: (_, d) => (
              <Button
                size="small"
                onClick={async () => {
                  try {
                    await forgetThisOrDevice(d.id);
                    await load();
                  } catch (e) {
                    setError((e as Error).message);
                  }
                }}
              >
                Esquecer
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** JSON lists of the permission attributes as "a, b"; "—" when empty. */
/** An attribute's value for people: a list joined, roles by their names. */
function readableAttribute(v: string, key?: string): string {
  try {
    const parsed = JSON.parse(v);
    const word = (x: unknown) => (typeof x === 'string' ? (key === 'custom:roles' ? roleName(x) : x) : JSON.stringify(x));
    if (Array.isArray(parsed)) return parsed.length ? parsed.map(word).join(', ') : '—';
  } catch {
    // not JSON: shown as it is (roles given as "a,b" by their names)
  }
  if (key === 'custom:roles' && v)
    return v
      .split(',')
      .map((x) => roleName(x.trim()))
      .join(', ');
  return v || '—';
}

/** External users (own login) by kind; staff carry a company label. */
const TIPO_LABELS: Record<string, string> = { cliente: 'Cliente', fornecedor: 'Fornecedor', escritorio: 'Escritório parceiro' };

export default function PerfilPage() {
  const { user: param } = useParams<{ user?: string }>();
  const { data: identity } = useGetIdentity<AuthIdentity>();
  const { mutate: logout } = useLogout<{ global?: boolean }>();
  const other = !!param && !!identity && param.toLowerCase() !== identity.email && param !== identity.id;
  const ownLogin = hasOwnLogin(identity?.tipo);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Perfil
      </Typography.Title>
      {other && <Alert type="info" showIcon message="Só é possível gerir o próprio perfil. São mostrados os seus dados." />}
      <Card size="small" title="Dados do usuário">
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Nome">{identity?.name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="E-mail">{identity?.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Tipo">{TIPO_LABELS[identity?.tipo ?? ''] ?? 'Colaborador'}</Descriptions.Item>
          <Descriptions.Item label="Empresas">{identity?.empresa?.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="Obras">{identity?.obra?.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="Papéis">
            {identity?.roles?.length ? (
              <Space size={[0, 4]} wrap>
                {identity.roles.map((r) => (
                  <Tag key={r} title={r}>
                    {roleName(r)}
                  </Tag>
                ))}
              </Space>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Versão do portal">
            <span data-testid="perfil-versao">
              <Link to="/versoesSistema" title={buildDateBr() ? `Gerada em ${buildDateBr()}` : undefined}>
                {buildLabel()}
              </Link>
            </span>
          </Descriptions.Item>
        </Descriptions>
        <Space style={{ marginTop: 8 }} wrap>
          <Button onClick={() => logout({})}>Sair deste dispositivo</Button>
          {/* Ending the other sessions, or all of them, is in "Sessões ativas" below (the API refuses their tokens at once). */}
        </Space>
      </Card>
      {identity?.tipo && identity.tipo in TIPO_LABELS && <ChangePassword />}
      <DuasEtapasCard />
      <SessoesCard />
      <DigestPreferenceCard />
      <CalendarFeedCard />
      <Attributes ownLogin={ownLogin} />
      <Devices ownLogin={ownLogin} />
    </Space>
  );
}
