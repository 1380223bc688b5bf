/** New-password fields with the live list of password rules (docs/specification.md §5). */
import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { Button, Form, theme } from 'antd';
// Password alone: antd's `Input` namespace also brings TextArea, Search and OTP.
import Password from 'antd/es/input/Password';
import type { FormInstance } from 'antd';
import { isPasswordValid, passwordRules } from '../password-policy';

export function PasswordRulesList({ password }: { password: string }) {
  const rules = passwordRules(password);
  const { token } = theme.useToken();
  return (
    <ul aria-label="Regras da senha" style={{ listStyle: 'none', margin: '0 0 16px', padding: 0 }}>
      {rules.map((r) => (
        <li key={r.label} data-ok={r.ok} style={{ padding: '2px 0', color: r.ok ? token.colorSuccess : token.colorTextSecondary }}>
          {r.ok ? <CheckCircleFilled aria-label="cumprida" /> : <CloseCircleOutlined aria-label="por cumprir" />} {r.label}
        </li>
      ))}
    </ul>
  );
}

/** "Nova senha" + "Confirmar nova senha", validated live. Field names: `password`, `confirm`. */
export function NewPasswordFields({ form, label = 'Nova senha' }: { form: FormInstance; label?: string }) {
  const password: string = Form.useWatch('password', form) ?? '';
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={[
          { required: true, message: 'Informe a nova senha.' },
          { validator: (_, v) => (isPasswordValid(v ?? '') ? Promise.resolve() : Promise.reject(new Error('A senha não cumpre as regras abaixo.'))) },
        ]}
      >
        <Password autoComplete="new-password" />
      </Form.Item>
      <PasswordRulesList password={password} />
      <Form.Item
        name="confirm"
        label="Confirmar nova senha"
        dependencies={['password']}
        rules={[
          { required: true, message: 'Confirme a nova senha.' },
          ({ getFieldValue }) => ({
            validator: (_, v) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('As senhas não coincidem.'))),
          }),
        ]}
      >
        <Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/**
 * The "choose a new password" form of a sign-in challenge (first access on /login and on
 * /primeiroLogin): the two fields and "Salvar senha e entrar". Calls `onPassword` with the new password.
 */
export function NewPasswordForm({ form, loading, onPassword }: { form: FormInstance; loading: boolean; onPassword: (password: string) => void }) {
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v: { password: string }) => onPassword(v.password)}>
      <NewPasswordFields form={form} />
      <Button type="primary" htmlType="submit" block loading={loading}>
        Salvar senha e entrar
      </Button>
    </Form>
  );
}
