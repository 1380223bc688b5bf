/** /primeiroLogin?user=…&code=…: sign in with the temporary code, then choose the new password. */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { loadAuth, useLoginAction } from '../auth-actions';
import { AuthCard, AuthText, errorText } from './auth-card';
import { NewPasswordForm } from './password-fields';

type Step = 'credenciais' | 'aguarde' | 'nova-senha';

export default function PrimeiroLoginPage() {
  const [params] = useSearchParams();
  const user = params.get('user') ?? '';
  const code = params.get('code') ?? '';
  const [step, setStep] = useState<Step>(user && code ? 'aguarde' : 'credenciais');
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm();
  const { mutate: login, isPending } = useLoginAction();
  const started = useRef(false);

  const start = async (email: string, temp: string) => {
    setError(null);
    setStep('aguarde');
    const { authProvider } = await loadAuth();
    const r = await authProvider.login({ email, password: temp });
    if (!r.success) {
      setError(errorText(r));
      setStep('credenciais');
    } else if ((r as { challenge?: string }).challenge === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
      setStep('nova-senha');
    } else {
      // already active account: continue as a normal login
      login({ challengeResponse: undefined, email, password: temp });
    }
  };

  useEffect(() => {
    if (user && code && !started.current) {
      started.current = true;
      void start(user, code);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (step === 'aguarde') {
    return (
      <AuthCard title="Primeiro acesso">
        <Spin /> <span>Validando o código de acesso…</span>
      </AuthCard>
    );
  }
  if (step === 'nova-senha') {
    return (
      <AuthCard title="Defina a sua nova senha">
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <NewPasswordForm
          form={form}
          loading={isPending}
          onPassword={(password) => login({ challengeResponse: password }, { onSuccess: (r) => setError(errorText(r)) })}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Primeiro acesso">
      <AuthText>Indique o e-mail e o código temporário que recebeu.</AuthText>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" requiredMark={false} initialValues={{ email: user }} onFinish={(v) => start(v.email, v.code)}>
        <Form.Item name="email" label="E-mail" rules={[{ required: true, whitespace: true, message: 'Informe o e-mail.' }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="code" label="Código temporário" rules={[{ required: true, message: 'Informe o código de confirmação.' }]}>
          <Input.Password autoComplete="one-time-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Continuar
        </Button>
      </Form>
    </AuthCard>
  );
}
