/**
 * A failed own-login sign-in at a real Cognito, reported to the audit trail (issue 35): the attempt
 * happens between the browser and Cognito, so the API hears of it only from the app
 * (`POST /api/v1/auditoria/falhas-entrada`, src/server/audit/sign-in-failures.ts). The local
 * identity stack records its own failures: nothing is sent there. Never delays nor fails the sign-in.
 */
import { runtimeConfig } from './auth-config';
import { getApiUrl } from '../providers/data-provider';

export function reportSignInFailure(email: string | undefined, err: unknown): void {
  const e = err as { name?: unknown; message?: unknown } | null;
  const codigo = typeof e?.name === 'string' ? e.name : '';
  // Only Cognito's refusals (not a network failure, an empty field or an already signed-in session).
  if (!email || !/Exception$/.test(codigo) || codigo === 'UserAlreadyAuthenticatedException') return;
  if (runtimeConfig()?.userPoolEndpoint) return;
  const body = JSON.stringify({ email: email.trim().toLowerCase(), codigo, mensagem: typeof e?.message === 'string' ? e.message.slice(0, 300) : '' });
  try {
    void fetch(`${getApiUrl()}/auditoria/falhas-entrada`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).catch(() => undefined);
  } catch {
    // no fetch (an old test environment): nothing to report to
  }
}
