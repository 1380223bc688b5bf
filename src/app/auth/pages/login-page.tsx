/**
 * /login: own login for clients (e-mail + senha), the corporate sign-in button, the forgot-password
 * link, and the follow-up steps of a sign-in challenge (`?etapa=nova-senha` / `?etapa=codigo`,
 * src/app/auth/pages/login-challenge.tsx, loaded when a sign-in starts).
 *
 * The e-mail + senha form is a plain <form> with antd's Input and Button (auth-field.tsx) instead
 * of antd's `Form`: same look, messages and accessibility, ~40 KiB gzip less before /login renders.
 */
import { lazy, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Divider, theme } from 'antd';
// Input and Password alone: antd's `Input` namespace also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { LoginParams } from '../auth-provider';
import { useLoginAction } from '../auth-actions';
import { pendingChallenge } from '../challenge';
import { AuthCard, errorText } from './auth-card';
import { AuthField, loginErrors, type LoginValues } from './auth-field';
import { postLoginTarget } from '../../guard/guard-rules';
import { forgetRevocation, readRevocation } from '../revoked-notice';

const loadChallenge = () => import('./login-challenge');
const LoginChallenge = lazy(loadChallenge);

export default function LoginPage() {
  const [params] = useSearchParams();
  const { mutate: login, isPending } = useLoginAction();
  const [error, setError] = useState<string | null>(null);
  // Signed out because an administrator made the account inactive (issue 35): said once, here.
  const [revoked] = useState(readRevocation);
  useEffect(() => forgetRevocation(), []);
  const [values, setValues] = useState<LoginValues>(() => ({ email: params.get('user') ?? '', password: '' }));
  // Like antd's Form: a field is checked once changed, every field on submit.
  const [checked, setChecked] = useState<Partial<Record<keyof LoginValues, boolean>>>({});
  const etapa = params.get('etapa');
  // Where to go after signing in: the guard's `redirect` query (rule 2), else the last route.
  const to = params.get('to') ?? (params.get('redirect') ? postLoginTarget(`?${params.toString()}`) : undefined);
  const challenge = pendingChallenge();
  // antd's theme class: its link colours apply inside it (antd's Form carried it).
  const { hashId } = theme.useToken();
  const run = (p: LoginParams) => {
    setError(null);
    login({ ...p, redirectTo: p.redirectTo ?? to }, { onSuccess: (r) => setError(errorText(r)) });
  };

  if ((etapa === 'nova-senha' || etapa === 'codigo') && challenge) {
    return <LoginChallenge etapa={etapa} challenge={challenge} error={error} isPending={isPending} run={run} />;
  }

  const errors = loginErrors(values);
  const shown = (k: keyof LoginValues) => (checked[k] ? errors[k] : undefined);
  const change = (k: keyof LoginValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    setChecked((c) => ({ ...c, [k]: true }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked({ email: true, password: true });
    if (errors.email || errors.password) return;
    void loadChallenge(); // a first access or MFA continues on this page
    run({ email: values.email, password: values.password });
  };

  return (
    <AuthCard
      title="Entrar no Portal"
      extra={
        <>
          <Divider plain>Colaboradores</Divider>
          <Button block size="large" onClick={() => run({ providerName: 'corporativo' })} disabled={isPending}>
            Entrar com a conta corporativa
          </Button>
          <p style={{ textAlign: 'center', margin: '16px 0 0' }}>
            <Link to="/canal-etica">Canal de ética: relate uma irregularidade, também sem se identificar</Link>
          </p>
        </>
      }
    >
      {(etapa === 'nova-senha' || etapa === 'codigo') && (
        <Alert type="info" showIcon message="O passo de login expirou. Entre novamente." style={{ marginBottom: 16 }} />
      )}
      {revoked && !error && <Alert type="warning" showIcon message={revoked} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <form className={hashId} onSubmit={submit} noValidate>
        <AuthField id="email" label="E-mail" error={shown('email')}>
          <Input autoComplete="username" inputMode="email" value={values.email} onChange={change('email')} />
        </AuthField>
        <AuthField id="password" label="Senha" error={shown('password')}>
          <Password autoComplete="current-password" value={values.password} onChange={change('password')} />
        </AuthField>
        <div style={{ textAlign: 'right', marginBottom: 16 }}>
          <Link to="/esqueciSenha">Esqueci minha senha</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
          Entrar
        </Button>
      </form>
    </AuthCard>
  );
}
