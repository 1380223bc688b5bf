/**
 * The follow-up steps of a sign-in challenge on /login (`?etapa=nova-senha` / `?etapa=codigo`),
 * with antd's `Form`. A chunk of its own: only a first access or an MFA sign-in needs it, so the
 * plain /login stays without antd's form machinery (src/app/auth/pages/auth-field.tsx).
 */
import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
// Input alone: antd's `Input` namespace also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import type { LoginParams } from '../auth-provider';
import type { PendingChallenge } from '../challenge';
import { AuthCard, AuthText } from './auth-card';
import { NewPasswordForm } from './password-fields';
import { RecoveryCodeForm } from './recovery-code-form';

const CODE_LABELS: Record<string, string> = {
  CONFIRM_SIGN_IN_WITH_TOTP_CODE: 'Código do aplicativo autenticador',
  CONFIRM_SIGN_IN_WITH_SMS_CODE: 'Código recebido por SMS',
  CONFIRM_SIGN_IN_WITH_EMAIL_CODE: 'Código recebido por e-mail',
  CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE: 'Resposta solicitada',
};

export interface LoginChallengeProps {
  etapa: 'nova-senha' | 'codigo';
  challenge: PendingChallenge;
  error: string | null;
  isPending: boolean;
  run: (p: LoginParams) => void;
}

export default function LoginChallenge({ etapa, challenge, error, isPending, run }: LoginChallengeProps) {
  // A form of its own: the login's `password` value must not carry over into "Nova senha".
  const [newPasswordForm] = Form.useForm();
  const [recovery, setRecovery] = useState(false);
  const totp = challenge.step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE';
  const alert = error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />;

  if (etapa === 'nova-senha') {
    return (
      <AuthCard title="Defina a sua nova senha">
        <AuthText>
          Primeiro acesso de <strong>{challenge.username}</strong>: escolha uma senha nova para continuar.
        </AuthText>
        {alert}
        <NewPasswordForm key="nova-senha" form={newPasswordForm} loading={isPending} onPassword={(password) => run({ challengeResponse: password })} />
      </AuthCard>
    );
  }

  if (totp && recovery) {
    return (
      <AuthCard title="Usar um código de recuperação">
        {alert}
        <RecoveryCodeForm email={challenge.username} run={run} onCancel={() => setRecovery(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={totp ? 'Verificação em duas etapas' : 'Verificação adicional'}>
      {totp && <AuthText>Digite o código de 6 dígitos que o aplicativo autenticador mostra para {challenge.username}.</AuthText>}
      {alert}
      <Form layout="vertical" onFinish={(v) => run({ challengeResponse: String(v.code).replace(/\s/g, '') })} requiredMark={false}>
        <Form.Item
          name="code"
          label={CODE_LABELS[challenge.step] ?? 'Código de verificação'}
          rules={[
            { required: true, whitespace: true, message: 'Informe o código de confirmação.' },
            ...(totp ? [{ pattern: /^\s*(\d\s*){6}$/, message: 'O código tem 6 dígitos.' }] : []),
          ]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          Confirmar
        </Button>
        {totp && (
          <Button type="link" block onClick={() => setRecovery(true)} style={{ marginTop: 8 }}>
            Usar um código de recuperação
          </Button>
        )}
      </Form>
    </AuthCard>
  );
}
