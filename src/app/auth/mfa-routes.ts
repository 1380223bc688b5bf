/**
 * Where the app sends a person about the second factor (issue 35), without loading Amplify: the
 * profile's enrolment (`/usuarios?mfa=obrigatorio` when the policy requires it and the API answered
 * 403 `mfa-obrigatorio`; `?mfa=recuperacao` after signing in with a recovery code), and the use of a
 * recovery code on /login.
 */
export const MFA_REASON = { obrigatorio: 'obrigatorio', recuperacao: 'recuperacao' } as const;
export const MFA_REQUIRED_CODE = 'mfa-obrigatorio';
export const mfaProfileRoute = (reason: keyof typeof MFA_REASON) => `/usuarios?mfa=${MFA_REASON[reason]}`;

/** Uses a recovery code (no session): e-mail + senha + código; the API turns the second factor off. */
export async function redeemRecoveryCode(values: { email: string; senha: string; codigo: string }, apiUrl = '/api/v1'): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${apiUrl}/mfa/recuperacao`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(values),
    });
  } catch {
    throw new Error('Falha de rede. Verifique sua conexão e tente novamente.');
  }
  if (res.ok) return;
  const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  const detail = body.errors ? Object.values(body.errors).flat().join(' ') : '';
  throw new Error(detail || body.message || 'Não foi possível usar o código de recuperação. Tente novamente.');
}
