/**
 * The public check of a signed document: GET /api/v1/verificar/{codigo} (no sign-in), declared in
 * resources/signatures.ts. The public page asks it with a plain `fetch`: no session, and none of the
 * signed-in app's client (its data provider) in the page's bundle.
 */
import type { Verification } from '../../../../resources/signatures';

export type { Verification };
/** One signer as the verification page shows them. */
export type VerifiedSigner = Verification['assinaturas'][number];

export type VerifyOutcome = { kind: 'found'; result: Verification } | { kind: 'unknown' } | { kind: 'error'; message: string };

export async function verifyCode(codigo: string): Promise<VerifyOutcome> {
  try {
    const res = await fetch(`${window.location.origin}/api/v1/verificar/${encodeURIComponent(codigo)}`, { headers: { Accept: 'application/json' } });
    if (res.ok) return { kind: 'found', result: (await res.json()) as Verification };
    if (res.status === 404) return { kind: 'unknown' };
    const body = (await res.json().catch(() => ({}))) as { message?: unknown };
    return { kind: 'error', message: typeof body.message === 'string' && body.message ? body.message : 'Não foi possível verificar o código.' };
  } catch {
    return { kind: 'error', message: 'Não foi possível falar com o portal. Verifique sua conexão e tente novamente.' };
  }
}
