/** /esqueciSenha: send the code to the e-mail, then confirm it with the new password. */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import { useForgotPasswordAction } from '../auth-actions';
import { AuthCard, AuthText, errorText } from './auth-card';
import { NewPasswordFields } from './password-fields';

interface Vars {
  email: string;
  code?: string;
  password?: string;
}

export default function EsqueciSenhaPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate, isPending } = useForgotPasswordAction<Vars>();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm();
  const user = params.get('user') ?? '';
  const codeStep = params.get('etapa') === 'codigo' && !!user;

  if (!codeStep) {
    return (
      <AuthCard title="Esqueci minha senha" extra={<Link to="/login">Voltar ao login</Link>}>
        <AuthText>Indique o seu e-mail: enviaremos um código para redefinir a senha.</AuthText>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={(v) =>
            mutate(
              { email: v.email },
              {
                onSuccess: (r) => {
                  setError(errorText(r));
                  if (r.success && !r.redirectTo) navigate(`/esqueciSenha?etapa=codigo&user=${encodeURIComponent(v.email)}`);
                },
              },
            )
          }
        >
          <Form.Item
            name="email"
            label="E-mail"
            rules={[
              { required: true, whitespace: true, message: 'Informe o e-mail.' },
              { type: 'email', message: 'Informe um e-mail válido.' },
            ]}
          >
            <Input autoComplete="username" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending}>
            Enviar código
          </Button>
        </Form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Redefinir a senha" extra={<Link to="/esqueciSenha">Reenviar o código</Link>}>
      <AuthText>
        Digite o código enviado para <strong>{user}</strong> e escolha a nova senha.
      </AuthText>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => mutate({ email: user, code: v.code, password: v.password }, { onSuccess: (r) => setError(errorText(r)) })}
      >
        <Form.Item name="code" label="Código de verificação" rules={[{ required: true, whitespace: true, message: 'Informe o código de confirmação.' }]}>
          <Input autoComplete="one-time-code" inputMode="numeric" />
        </Form.Item>
        <NewPasswordFields form={form} />
        <Button type="primary" htmlType="submit" block loading={isPending}>
          Redefinir senha
        </Button>
      </Form>
    </AuthCard>
  );
}
