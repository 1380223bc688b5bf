/** The failure result of the AuthProvider's methods, in Portuguese. */
import { PortugueseAuthError } from './messages';

const FAILURE_TITLES: Record<string, string> = {
  login: 'Não foi possível entrar',
  logout: 'Não foi possível sair',
  forgotPassword: 'Não foi possível redefinir a senha',
  updatePassword: 'Não foi possível alterar a senha',
};

/** Refine shows `error.name` as the title and `error.message` as the text of its notification. */
export function failure(err: unknown, context: string) {
  const e = PortugueseAuthError.from(err, context);
  const error = Object.assign(new Error(e.message), {
    name: FAILURE_TITLES[context] ?? 'Erro de autenticação',
    code: e.code,
    original: e.original,
  });
  return { success: false as const, error };
}
