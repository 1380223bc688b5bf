/**
 * "Usar um código de recuperação" on the sign-in's TOTP step (issue 35): e-mail (the one signing
 * in), senha and one of the ten recovery codes. The API checks the password with the identity
 * provider, spends the code and turns the second factor off; the page then signs in with the
 * password and opens the profile's enrolment (`/usuarios?mfa=recuperacao`).
 */
import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { LoginParams } from '../auth-provider';
import { mfaProfileRoute, redeemRecoveryCode } from '../mfa-routes';

export interface RecoveryCodeFormProps {
  email: string;
  run: (p: LoginParams) => void;
  onCancel: () => void;
}

export function RecoveryCodeForm({ email, run, onCancel }: RecoveryCodeFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (v: { senha: string; codigo: string }) => {
    setBusy(true);
    setError(null);
    try {
      await redeemRecoveryCode({ email, senha: v.senha, codigo: v.codigo });
      run({ email, password: v.senha, redirectTo: mfaProfileRoute('recuperacao') });
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" requiredMark={false} onFinish={submit}>
      <p style={{ marginTop: 0 }}>
        Sem o aplicativo autenticador? Use um dos códigos de recuperação que você guardou. A verificação em duas etapas será desativada e você poderá cadastrar
        o aplicativo de novo no perfil.
      </p>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="senha" label="Senha" rules={[{ required: true, message: 'Informe a senha.' }]}>
        <Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="codigo" label="Código de recuperação" rules={[{ required: true, whitespace: true, message: 'Informe um código de recuperação.' }]}>
        <Input autoComplete="off" placeholder="ABCDE-12345" style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        Entrar com o código de recuperação
      </Button>
      <Button type="link" block onClick={onCancel} style={{ marginTop: 8 }}>
        Voltar ao código do aplicativo
      </Button>
    </Form>
  );
}
