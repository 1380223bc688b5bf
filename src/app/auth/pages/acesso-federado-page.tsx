/**
 * /acessoFederado: return from the corporate sign-in. Turns a hash fragment into a query string,
 * lets Amplify complete the code flow and goes to the last route (localStorage `ultimaRota`) or home.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Spin } from 'antd';
import { useLoginAction } from '../auth-actions';
import { hashToQuery } from '../oauth-url';
import { lastRoute } from '../session';
import { AuthCard, errorText } from './auth-card';

export default function AcessoFederadoPage() {
  const { mutate: login } = useLoginAction();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const url = hashToQuery(window.location);
    if (url) window.history.replaceState(window.history.state, '', url);
    const q = new URLSearchParams(window.location.search);
    if (q.get('error')) {
      setError(q.get('error_description') ?? 'O login corporativo foi recusado.');
      return;
    }
    login({ federated: true, redirectTo: lastRoute() }, { onSuccess: (r) => setError(errorText(r)) });
  }, [login]);

  return (
    <AuthCard title="Login corporativo">
      {error ? (
        <>
          <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />
          <Link to="/login">Voltar ao login</Link>
        </>
      ) : (
        <>
          <Spin /> <span>Concluindo o login…</span>
        </>
      )}
    </AuthCard>
  );
}
