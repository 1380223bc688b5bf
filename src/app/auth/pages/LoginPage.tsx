/**
 * /login: own login for clients (e-mail + senha), the corporate sign-in button, the forgot-password
 * link, and the follow-up steps of a sign-in challenge (`?etapa=nova-senha` / `?etapa=codigo`).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Divider, Form } from 'antd';
// Input and Password alone: antd's `Input` namespace also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { LoginParams } from '../auth-provider';
import { useLoginAction } from '../auth-actions';
import { pendingChallenge } from '../challenge';
import { AuthCard, AuthText, errorText } from './AuthCard';
import { NewPasswordFields } from './PasswordFields';
import { postLoginTarget } from '../../guard/guard-rules';

const CODE_LABELS: Record<string, string> = {
  CONFIRM_SIGN_IN_WITH_TOTP_CODE: 'Código do aplicativo autenticador',
  CONFIRM_SIGN_IN_WITH_SMS_CODE: 'Código recebido por SMS',
  CONFIRM_SIGN_IN_WITH_EMAIL_CODE: 'Código recebido por e-mail',
  CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE: 'Resposta solicitada',
};

export default function LoginPage() {
  const [params] = useSearchParams();
  const { mutate: login, isPending } = useLoginAction();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm();
  // A form of its own: the login's `password` value must not carry over into "Nova senha".
  const [newPasswordForm] = Form.useForm();
  const etapa = params.get('etapa');
  // Where to go after signing in: the guard's `redirect` query (rule 2), else the last route.
  const to = params.get('to') ?? (params.get('redirect') ? postLoginTarget(`?${params.toString()}`) : undefined);
  const challenge = pendingChallenge();
  const run = (p: LoginParams) => {
    setError(null);
    login({ ...p, redirectTo: p.redirectTo ?? to }, { onSuccess: (r) => setError(errorText(r)) });
  };

  if (etapa === 'nova-senha' && challenge) {
    return (
      <AuthCard title="Defina a sua nova senha">
        <AuthText>
          Primeiro acesso de <strong>{challenge.username}</strong>: escolha uma senha nova para continuar.
        </AuthText>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form key="nova-senha" form={newPasswordForm} layout="vertical" onFinish={(v) => run({ challengeResponse: v.password })} requiredMark={false}>
          <NewPasswordFields form={newPasswordForm} />
          <Button type="primary" htmlType="submit" block loading={isPending}>
            Salvar senha e entrar
          </Button>
        </Form>
      </AuthCard>
    );
  }

  if (etapa === 'codigo' && challenge) {
    return (
      <AuthCard title="Verificação adicional">
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" onFinish={(v) => run({ challengeResponse: v.code })} requiredMark={false}>
          <Form.Item
            name="code"
            label={CODE_LABELS[challenge.step] ?? 'Código de verificação'}
            rules={[{ required: true, whitespace: true, message: 'Informe o código de confirmação.' }]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending}>
            Confirmar
          </Button>
        </Form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Entrar no Portal"
      extra={
        <>
          <Divider plain>Colaboradores</Divider>
          <Button block size="large" onClick={() => run({ providerName: 'corporativo' })} disabled={isPending}>
            Entrar com a conta corporativa
          </Button>
        </>
      }
    >
      {(etapa === 'nova-senha' || etapa === 'codigo') && (
        <Alert type="info" showIcon message="O passo de login expirou. Entre novamente." style={{ marginBottom: 16 }} />
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form
        layout="vertical"
        initialValues={{ email: params.get('user') ?? '' }}
        onFinish={(v) => run({ email: v.email, password: v.password })}
        requiredMark={false}
      >
        <Form.Item
          name="email"
          label="E-mail"
          rules={[
            { required: true, whitespace: true, message: 'Informe o e-mail.' },
            { type: 'email', message: 'Informe um e-mail válido.' },
          ]}
        >
          <Input autoComplete="username" inputMode="email" />
        </Form.Item>
        <Form.Item name="password" label="Senha" rules={[{ required: true, message: 'Informe a senha.' }]}>
          <Password autoComplete="current-password" />
        </Form.Item>
        <div style={{ textAlign: 'right', marginTop: -8, marginBottom: 16 }}>
          <Link to="/esqueciSenha">Esqueci minha senha</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
          Entrar
        </Button>
      </Form>
    </AuthCard>
  );
}
