/**
 * A labelled field of the /login form drawn like antd's vertical `Form.Item` (label above, the
 * error below in the reserved 24 px, red border through the input's `status`) without antd's
 * `Form`, whose field store, async validator and label Tooltip would cost /login ~40 KiB gzip.
 * The accessibility wiring is the same as `Form.Item`'s: `label for`, `aria-required`,
 * `aria-invalid` and `aria-describedby` pointing at the message, which is announced (role="alert").
 */
import { cloneElement, type ReactElement } from 'react';
import { theme } from 'antd';

export function AuthField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactElement<Record<string, unknown>> }) {
  const { token } = theme.useToken();
  const helpId = `${id}_help`;
  const control = cloneElement(children, {
    id,
    'aria-required': true,
    status: error ? 'error' : undefined,
    ...(error ? { 'aria-invalid': true, 'aria-describedby': helpId } : {}),
  });
  return (
    <div style={{ fontSize: token.fontSize, lineHeight: token.lineHeight }}>
      <div style={{ padding: `0 0 ${token.paddingXS}px` }}>
        <label htmlFor={id} title={label} style={{ display: 'inline-flex', alignItems: 'center', maxWidth: '100%', color: token.colorTextHeading }}>
          {label}
        </label>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', minHeight: token.controlHeight }}>
        <div style={{ flex: 'auto', maxWidth: '100%' }}>{control}</div>
      </div>
      <div style={{ minHeight: token.marginLG }}>
        {error && (
          <div id={helpId} role="alert" style={{ color: token.colorError }}>
            {error}
          </div>
        )}
      </div>
    </div>
  );
}

// async-validator's `type: 'email'` (what antd's Form used here), so the same addresses pass.
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

export interface LoginValues {
  email: string;
  password: string;
}

/** The login form's rules and pt-BR messages (those of the antd rules it replaces). */
export function loginErrors(v: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const out: Partial<Record<keyof LoginValues, string>> = {};
  if (!v.email.trim()) out.email = 'Informe o e-mail.';
  else if (v.email.length > 320 || !EMAIL.test(v.email)) out.email = 'Informe um e-mail válido.';
  if (!v.password) out.password = 'Informe a senha.';
  return out;
}
