/**
 * Why the portal signed the person out on its own (issue 35: an administrator made them inactive):
 * the API's 401 carries `codigo: 'acesso-revogado'` and a pt-BR sentence, kept here until the sign-in
 * page has shown it.
 */
const KEY = 'portal.acessoRevogado';
export const ACCESS_REVOKED_CODE = 'acesso-revogado';

const store = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

/** Keeps the API's sentence when its error (or answer body) says the access was revoked; whether it did. */
export function rememberRevocation(error: unknown): boolean {
  const e = error as { codigo?: unknown; message?: unknown } | null;
  if (!e || e.codigo !== ACCESS_REVOKED_CODE) return false;
  store()?.setItem(KEY, typeof e.message === 'string' && e.message ? e.message : 'Seu acesso ao portal foi desativado.');
  return true;
}

/** The kept sentence, if any. */
export function readRevocation(): string | null {
  return store()?.getItem(KEY) ?? null;
}

/** Forgets it (once the sign-in page has shown it). */
export function forgetRevocation(): void {
  store()?.removeItem(KEY);
}
