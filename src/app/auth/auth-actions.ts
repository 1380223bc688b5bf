/**
 * Sign-in actions of the public pages, without Refine: the same contract as Refine's `useLogin` /
 * `useForgotPassword` (`mutate(vars, { onSuccess })`, `isPending`; the error / success toasts;
 * `?to=` or the result's `redirectTo` followed with a replace) over the same auth provider, which
 * — with Amplify — is loaded on first use instead of before the page renders.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { notificationProvider } from '../providers/notification-provider';
import type { LoginParams } from './auth-provider';

/** The auth provider and Amplify's configuration (one lazy chunk, fetched once). */
export function loadAuth() {
  return Promise.all([import('./auth-provider'), import('./amplify')]).then(([provider, amplify]) => ({
    authProvider: provider.authProvider,
    ensureAmplify: amplify.ensureAmplify,
  }));
}

/** Loads the auth chunk and configures Amplify (GET /api/v1/config); a failure is logged, not thrown. */
export async function prepareAuth(): Promise<void> {
  try {
    const { ensureAmplify } = await loadAuth();
    await ensureAmplify();
  } catch (err) {
    // The login page still shows its error on submit; the app renders either way.
    console.error('Não foi possível carregar a configuração de autenticação.', err);
  }
}

type AuthProvider = Awaited<ReturnType<typeof loadAuth>>['authProvider'];

export interface AuthActionResult {
  success: boolean;
  redirectTo?: string;
  error?: Error;
  successNotification?: { message: string; description?: string };
  challenge?: string;
}

interface MutateOptions {
  onSuccess?: (result: AuthActionResult) => void;
}

const TITLES = { login: 'Não foi possível entrar', forgotPassword: 'Não foi possível redefinir a senha' } as const;
const KEYS = { login: 'login', forgotPassword: 'forgot-password' } as const;

function useAuthAction<V>(kind: 'login' | 'forgotPassword', run: (auth: AuthProvider, vars: V) => Promise<AuthActionResult>) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = params.get('to');
  const [isPending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (vars: V, opts: MutateOptions = {}) => {
      setPending(true);
      const key = KEYS[kind];
      const fail = (error?: Error) =>
        notificationProvider.open?.({ key: `${key}-error`, type: 'error', message: error?.name || TITLES[kind], description: error?.message || TITLES[kind] });
      void loadAuth()
        .then(({ authProvider }) => run(authProvider, vars))
        .then(
          (r) => {
            if (r.success) {
              notificationProvider.close?.(`${key}-error`);
              if (r.successNotification) {
                notificationProvider.open?.({ key: `${key}-success`, type: 'success', ...r.successNotification });
              }
            }
            if (r.error || !r.success) fail(r.error);
            if (kind === 'login') {
              if (r.success && to) navigate(to, { replace: true });
              else if (r.success && r.redirectTo) navigate(r.redirectTo, { replace: true });
            } else if (r.redirectTo) {
              navigate(r.redirectTo, { replace: true });
            }
            if (mounted.current) opts.onSuccess?.(r);
          },
          (e: Error) => fail(e),
        )
        .finally(() => {
          if (mounted.current) setPending(false);
        });
    },
    [kind, navigate, run, to],
  );
  return { mutate, isPending };
}

const login = (auth: AuthProvider, vars: LoginParams) => auth.login(vars) as Promise<AuthActionResult>;
const forgotPassword = (auth: AuthProvider, vars: { email?: string; code?: string; password?: string }) =>
  auth.forgotPassword(vars) as Promise<AuthActionResult>;

/** Refine's `useLogin`, for the public pages. */
export function useLoginAction() {
  return useAuthAction('login', login);
}

/** Refine's `useForgotPassword`, for the public pages. */
export function useForgotPasswordAction<V extends { email?: string; code?: string; password?: string }>() {
  return useAuthAction<V>('forgotPassword', forgotPassword);
}
