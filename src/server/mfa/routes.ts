/**
 * `/api/v1/mfa` — the second factor (TOTP) of own-login accounts, beside the identity provider
 * (enrolment itself goes from the app to the provider: Cognito's AssociateSoftwareToken,
 * VerifySoftwareToken, SetUserMFAPreference through Amplify):
 * - `GET /` the caller's state: available (own login), on at the provider, required by the policy,
 *   recovery codes left; the portal's record follows the provider (a factor turned off there is
 *   forgotten here);
 * - `POST /ativacao` records an enrolment the provider confirms, with ten new recovery codes (shown once);
 * - `POST /codigos` ten new recovery codes in place of the earlier ones;
 * - `DELETE /ativacao` turns the factor off at the provider (refused while the policy requires it);
 * - `POST /recuperacao` (no session: e-mail + senha + a recovery code, throttled like sign-ins)
 *   turns the factor off so the person signs in with the password and enrols again.
 */
import { Hono, type Context } from 'hono';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError, errorBody } from '../http/errors';
import { jsonBody } from '../crud/routes';
import { clientIp } from '../http/client-ip';
import type { IdentityAdmin } from '../site-users/identity-admin';
import type { PortalUser } from '../../access/user';
import { createSignInThrottle, throttleMessage, type SignInThrottle } from '../identity/throttle';
import type { RateLimitStore } from '../http/rate-limit-store';
import { forgetEnrolment, readEnrolment, recordEnrolment, replaceRecoveryCodes, useRecoveryCode } from './store';
import { enforceMfaPolicy, hasOwnLogin, mfaKey, policyReader, requiredFor } from './policy';

const NOT_OWN_LOGIN = 'A sua conta entra pela conta corporativa: a verificação em duas etapas é a do provedor corporativo.';
const WRONG = 'E-mail, senha ou código de recuperação incorretos.';
const USED = 'Este código de recuperação já foi usado. Cada código vale uma vez: use outro da sua lista.';

export interface MfaOptions {
  db: Db;
  identityAdmin: IdentityAdmin;
  /** Where failed recovery attempts are counted (the sign-in throttle's counters); default the database. */
  store?: RateLimitStore;
}

/** The pieces app.ts mounts: the public recovery before authentication, the policy and the routes after it. */
export function mfaFeature(opts: MfaOptions) {
  const { db, identityAdmin } = opts;
  const policy = policyReader(db);
  const throttle: SignInThrottle = createSignInThrottle({ store: opts.store ?? { kind: 'database', db } });
  const userOf = (c: Context<AppEnv>): PortalUser => {
    const user = c.get('user');
    if (!hasOwnLogin(user)) throw new ApiError(409, NOT_OWN_LOGIN);
    return user;
  };
  const usernameOf = (user: PortalUser) => user.username || user.email;

  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    const user = c.get('user');
    const obrigatorio = requiredFor(user, await policy());
    if (!hasOwnLogin(user)) return c.json({ disponivel: false, ativo: false, obrigatorio, codigosRestantes: 0, ativadoEm: null });
    const email = mfaKey(user);
    const { totp } = await identityAdmin.mfaStatus(usernameOf(user));
    let enrolment = await readEnrolment(db, email);
    if (!totp && enrolment) {
      await forgetEnrolment(db, email); // turned off at the provider: the record follows
      enrolment = null;
    }
    return c.json({
      disponivel: true,
      ativo: totp,
      registrado: !!enrolment,
      obrigatorio,
      codigosRestantes: enrolment?.codigosRestantes ?? 0,
      ativadoEm: enrolment?.ativadoEm ?? null,
    });
  });

  routes.post('/ativacao', async (c) => {
    const user = userOf(c);
    const { totp } = await identityAdmin.mfaStatus(usernameOf(user));
    if (!totp) {
      throw new ApiError(409, 'O aplicativo autenticador ainda não foi confirmado. Digite o código de 6 dígitos do aplicativo para concluir o cadastro.');
    }
    const email = mfaKey(user);
    await recordEnrolment(db, email, usernameOf(user));
    const codigos = await replaceRecoveryCodes(db, email);
    return c.json({ ativo: true, codigos }, 201);
  });

  routes.post('/codigos', async (c) => {
    const email = mfaKey(userOf(c));
    if (!(await readEnrolment(db, email))) throw new ApiError(409, 'Cadastre um aplicativo autenticador antes de gerar códigos de recuperação.');
    return c.json({ codigos: await replaceRecoveryCodes(db, email) }, 201);
  });

  routes.delete('/ativacao', async (c) => {
    const user = userOf(c);
    if (requiredFor(user, await policy())) {
      throw new ApiError(409, 'A verificação em duas etapas é obrigatória para a sua conta e não pode ser desativada.');
    }
    await identityAdmin.disableTotp(usernameOf(user));
    await forgetEnrolment(db, mfaKey(user));
    return c.json({ ativo: false });
  });

  const publicRoutes = new Hono<AppEnv>();
  publicRoutes.post('/recuperacao', async (c) => {
    const body = await jsonBody(c.req.raw);
    const b = (typeof body === 'object' && body && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
    const text = (k: string) => (typeof b[k] === 'string' ? (b[k] as string).trim() : '');
    const email = text('email').toLowerCase();
    const senha = typeof b.senha === 'string' ? b.senha : '';
    const codigo = text('codigo');
    const errors: Record<string, string[]> = {};
    if (!email || email.length > 254) errors.email = ['Informe o e-mail.'];
    if (!senha || senha.length > 256) errors.senha = ['Informe a senha.'];
    if (!/^[0-9A-Za-z\s-]{10,14}$/.test(codigo)) errors.codigo = ['Informe um código de recuperação (10 letras e números, como ABCDE-12345).'];
    if (Object.keys(errors).length) throw new ApiError(400, 'Verifique os campos destacados. Nada foi alterado.', errors);

    const address = clientIp(c);
    const wait = await throttle.retryAfter(email, address);
    if (wait) return c.json(errorBody(429, throttleMessage(wait)), 429, { 'Retry-After': String(Math.ceil(wait / 1000)) });
    const refuse = async (status: 401 | 409, message: string, reason: 'credenciais' | 'codigo_incorreto') => {
      await throttle.fail(email, address, reason);
      return c.json(errorBody(status, message), status);
    };
    const account = await identityAdmin.findUserByEmail(email);
    // Staff have no recovery codes (their factor is the corporate provider's); the answer is the same as a wrong password.
    if (!account || account.federated || !account.enabled) return refuse(401, WRONG, 'credenciais');
    if (!(await identityAdmin.checkPassword(account.username, senha))) return refuse(401, WRONG, 'credenciais');
    const used = await useRecoveryCode(db, email, codigo, () => identityAdmin.disableTotp(account.username));
    if (used === 'desconhecido') return refuse(401, WRONG, 'codigo_incorreto');
    if (used === 'usado') return refuse(409, USED, 'codigo_incorreto');
    await throttle.succeed(email);
    return c.json({
      ok: true,
      message: 'Código de recuperação aceito. A verificação em duas etapas foi desativada: entre com a sua senha e cadastre o aplicativo autenticador de novo.',
    });
  });

  return { routes, publicRoutes, enforce: enforceMfaPolicy(db, policy) };
}
