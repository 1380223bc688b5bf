/**
 * Why the portal signed the person out on its own (issue 35): an administrator made them inactive
 * (`codigo: 'acesso-revogado'`), or the session was ended from another device or by "sair de todos"
 * (`codigo: 'sessao-encerrada'`). The API's 401 carries the code and a pt-BR sentence, kept here
 * until the sign-in page has shown it.
 */
const KEY = 'portal.acessoRevogado';
export const ACCESS_REVOKED_CODE = 'acesso-revogado';
export const SESSION_ENDED_CODE = 'sessao-encerrada';
const FALLBACK = new Map<unknown, string>([
  [ACCESS_REVOKED_CODE, 'Seu acesso ao portal foi desativado.'],
  [SESSION_ENDED_CODE, 'Esta sessão foi encerrada. Entre novamente para continuar.'],
]);

const store = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

/** Keeps the API's sentence when its error (or answer body) says the access was revoked or the session ended; whether it did. */
export function rememberRevocation(error: unknown): boolean {
  const e = error as { codigo?: unknown; message?: unknown } | null;
  const fallback = e ? FALLBACK.get(e.codigo) : undefined;
  if (!fallback) return false;
  store()?.setItem(KEY, typeof e!.message === 'string' && e!.message ? e!.message : fallback);
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
