/**
 * Who must use the second factor (issue 35): the setting `mfaObrigatorio` (src/server/settings/declared.ts)
 * lists kinds of own-login account (`cliente`, `fornecedor`, `escritorio`) and roles (`papel:<role>`).
 * Staff sign in with the corporate provider, whose own MFA applies: the policy never names them.
 *
 * Enforced on every API request: a person the policy names who has not enrolled an authenticator
 * app (no `mfa_conta` row, store.ts) gets 403 with `codigo: 'mfa-obrigatorio'` on everything but what
 * enrolling needs (`/me`, `/mfa/*`); the app sends them to the profile's enrolment.
 */
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { errorBody } from '../http/errors';
import type { PortalUser } from '../../access/user';
import { readOptionsSetting } from '../settings/store';
import { isEnrolled } from './store';

export const MFA_SETTING = 'mfaObrigatorio';
export const OWN_LOGIN_KINDS = ['cliente', 'fornecedor', 'escritorio'] as const;

export const MFA_REQUIRED = {
  codigo: 'mfa-obrigatorio',
  message:
    'A verificação em duas etapas é obrigatória para a sua conta. Cadastre um aplicativo autenticador no seu perfil (Perfil → Verificação em duas etapas) para continuar.',
} as const;

/** Signs in with the pool's own login (e-mail + senha): clients, suppliers, partner law firms. */
export const hasOwnLogin = (user: PortalUser): boolean => (OWN_LOGIN_KINDS as readonly string[]).includes(user.tipo);

/** The e-mail that keys the records of the person (lowercase). */
export const mfaKey = (user: PortalUser): string => (user.email || user.username).trim().toLowerCase();

/** Whether the policy (the setting's value) names this person. */
export function requiredFor(user: PortalUser, policy: readonly string[]): boolean {
  if (!hasOwnLogin(user)) return false;
  return policy.includes(user.tipo) || user.roles.some((r) => policy.includes(`papel:${r}`));
}

/**
 * The setting's value, read on each request of an own-login person (staff never reach it): one
 * primary-key read, so an administrator's change counts from the next request in every process.
 */
export const policyReader = (db: Db) => (): Promise<string[]> => readOptionsSetting(db, MFA_SETTING);

/** What a person who must enrol may still call: who they are, and the enrolment itself. */
const ALLOWED = /^\/api\/v1\/(me|mfa)(\/|$)/;

/** The 403 of the policy, after the authentication middleware (it reads `user`). */
export function enforceMfaPolicy(db: Db, policy: () => Promise<string[]>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user || !hasOwnLogin(user) || ALLOWED.test(c.req.path)) return next();
    if (!requiredFor(user, await policy()) || (await isEnrolled(db, mfaKey(user)))) return next();
    return c.json({ ...errorBody(403, MFA_REQUIRED.message), codigo: MFA_REQUIRED.codigo }, 403);
  };
}
