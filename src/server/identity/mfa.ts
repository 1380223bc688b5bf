/**
 * The second factor (TOTP, an authenticator app) of the local user pool, served by the front
 * (front.ts) as Cognito serves it: `AssociateSoftwareToken` and `VerifySoftwareToken` (with an
 * AccessToken or the Session of a sign-in challenge), and the `SOFTWARE_TOKEN_MFA` challenge answered
 * with `RespondToAuthChallenge` after a correct password. cognito-local 5.3 has these calls but
 * neither ties the challenge's answer to the session its password check issued nor refuses a code
 * used before; here:
 * - a challenge is answered only with a Session the front issued for that user, within 3 minutes;
 * - a code is accepted once: the time step it matched is kept on the user (`LastTotpTimeStep`, in the
 *   emulator's data like the secret) and codes of that step or earlier are refused;
 * - wrong codes answer Cognito's `CodeMismatchException` (the challenge) or
 *   `EnableSoftwareTokenMFAException` (the enrolment) and count as failed sign-ins (throttle.ts).
 * Codes: otplib's TOTP (RFC 6238: SHA-1, 6 digits, 30 s), one step of clock drift either way.
 */
import { decodeJwt } from 'jose';
import { generateSecret, verifySync } from 'otplib';
import type { Emulator } from './emulator';
import { fail, listOrNothing } from './mfa-preference';
import type { SignInThrottle } from './throttle';

type Json = Record<string, any>;
/** The emulator's user pool service (the front's `poolForClient`). */
type Pool = { options: { Id: string }; getUserByUsername(ctx: unknown, username: string): Promise<any>; saveUser(ctx: unknown, user: any): Promise<void> };

export const TOTP_OPTIONS = { algorithm: 'sha1', digits: 6, period: 30, epochTolerance: 30 } as const;
/** How long the Session of a sign-in challenge may be answered (Cognito: 3 minutes). */
export const CHALLENGE_SESSION_MS = 3 * 60_000;
export const CODE_MISMATCH = 'Invalid code received for user';
export const ENROL_MISMATCH = 'Code mismatch and fail enable Software Token MFA';
export const SESSION_EXPIRED = 'Invalid session for the user, session is expired.';

export interface MfaDeps {
  emu: Emulator;
  ctx: unknown;
  poolForClient(clientId: string): Promise<Pool>;
  throttle: SignInThrottle;
  /** Throws TooManyRequestsException while the account or address is throttled. */
  checkThrottle(username: string, address: string): Promise<void>;
}

export function createMfa(deps: MfaDeps) {
  const { emu, ctx, throttle } = deps;
  const sessions = new Map<string, { clientId: string; username: string; challenge: string; expires: number }>();
  // Checks of one user's code run one after the other: two requests cannot both use one code.
  const queues = new Map<string, Promise<unknown>>();
  function serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
    const settled = run.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => queues.get(key) === settled && queues.delete(key));
    return run;
  }

  /** Remembers the Session of a challenge the front handed out after a correct password. */
  function issued(out: Json, clientId: string, username: string): void {
    if (!out?.Session || !out.ChallengeName) return;
    const now = Date.now();
    for (const [k, s] of sessions) if (s.expires < now) sessions.delete(k);
    sessions.set(out.Session, { clientId, username, challenge: out.ChallengeName, expires: now + CHALLENGE_SESSION_MS });
  }

  function liveSession(session: unknown) {
    const s = typeof session === 'string' ? sessions.get(session) : undefined;
    if (!s || s.expires < Date.now()) return fail('NotAuthorizedException', SESSION_EXPIRED);
    return s;
  }

  /** The user of an AccessToken (checked by the emulator's GetUser) or of a challenge Session. */
  async function userOf(body: Json): Promise<{ pool: Pool; user: any; session?: string }> {
    if (body.AccessToken) {
      const me = await emu.call<{ Username: string }>('GetUser', { AccessToken: body.AccessToken });
      const pool = await deps.poolForClient(String(decodeJwt(String(body.AccessToken)).client_id));
      const user = await pool.getUserByUsername(ctx, me.Username);
      if (!user) return fail('NotAuthorizedException', 'Invalid Access Token');
      return { pool, user };
    }
    if (body.Session) {
      const s = liveSession(body.Session);
      const pool = await deps.poolForClient(s.clientId);
      const user = await pool.getUserByUsername(ctx, s.username);
      if (!user) return fail('NotAuthorizedException', SESSION_EXPIRED);
      return { pool, user, session: String(body.Session) };
    }
    return fail('InvalidParameterException', 'Either AccessToken or Session is required');
  }

  /** Whether `code` is the user's current code, never accepted before; the step it matched is kept. */
  function acceptCode(pool: Pool, username: string, code: unknown): Promise<boolean> {
    return serial(`${pool.options.Id}/${username}`, async () => {
      const user = await pool.getUserByUsername(ctx, username);
      const secret: string | undefined = user?.SoftwareTokenMfaConfiguration?.Secret;
      const token = String(code ?? '').replace(/\s/g, '');
      if (!secret || !/^\d{6}$/.test(token)) return false;
      let result;
      try {
        result = verifySync({
          secret,
          token,
          algorithm: TOTP_OPTIONS.algorithm,
          digits: TOTP_OPTIONS.digits,
          period: TOTP_OPTIONS.period,
          epochTolerance: TOTP_OPTIONS.epochTolerance,
          ...(typeof user.LastTotpTimeStep === 'number' ? { afterTimeStep: user.LastTotpTimeStep } : {}),
        });
      } catch {
        return false;
      }
      if (!result.valid || !('timeStep' in result)) return false;
      await pool.saveUser(ctx, { ...user, LastTotpTimeStep: result.timeStep });
      return true;
    });
  }

  async function associate(body: Json): Promise<Json> {
    const { pool, user, session } = await userOf(body);
    const secret = generateSecret({ length: 20 });
    // A new secret: the earlier one (and the codes it made) no longer count.
    await pool.saveUser(ctx, {
      ...user,
      SoftwareTokenMfaConfiguration: { Secret: secret, Verified: false },
      LastTotpTimeStep: undefined,
      UserMFASettingList: listOrNothing((user.UserMFASettingList ?? []).filter((m: string) => m !== 'SOFTWARE_TOKEN_MFA')),
      PreferredMfaSetting: user.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA' ? undefined : user.PreferredMfaSetting,
    });
    return { SecretCode: secret, ...(session ? { Session: session } : {}) };
  }

  async function verify(body: Json, address: string): Promise<Json> {
    const { pool, user, session } = await userOf(body);
    await deps.checkThrottle(user.Username, address);
    if (!user.SoftwareTokenMfaConfiguration?.Secret) return fail('InvalidParameterException', 'User has not associated a software token');
    if (!(await acceptCode(pool, user.Username, body.UserCode))) {
      await throttle.fail(user.Username, address, 'codigo_incorreto');
      return fail('EnableSoftwareTokenMFAException', ENROL_MISMATCH);
    }
    const now = await pool.getUserByUsername(ctx, user.Username);
    const list: string[] = now.UserMFASettingList ?? [];
    await pool.saveUser(ctx, {
      ...now,
      SoftwareTokenMfaConfiguration: {
        ...now.SoftwareTokenMfaConfiguration,
        Verified: true,
        FriendlyDeviceName: body.FriendlyDeviceName ?? now.SoftwareTokenMfaConfiguration?.FriendlyDeviceName,
      },
      UserMFASettingList: list.includes('SOFTWARE_TOKEN_MFA') ? list : [...list, 'SOFTWARE_TOKEN_MFA'],
    });
    return { Status: 'SUCCESS', ...(session ? { Session: session } : {}) };
  }

  /** RespondToAuthChallenge SOFTWARE_TOKEN_MFA: the session of this user's password check, and a fresh code. */
  async function answer(body: Json, address: string): Promise<Json> {
    const s = liveSession(body.Session);
    const pool = await deps.poolForClient(String(body.ClientId ?? ''));
    const named = await pool.getUserByUsername(ctx, String(body.ChallengeResponses?.USERNAME ?? ''));
    if (s.clientId !== body.ClientId || s.challenge !== 'SOFTWARE_TOKEN_MFA' || !named || named.Username !== s.username) {
      return fail('NotAuthorizedException', SESSION_EXPIRED);
    }
    await deps.checkThrottle(s.username, address);
    if (!named.SoftwareTokenMfaConfiguration?.Verified || !(await acceptCode(pool, s.username, body.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE))) {
      await throttle.fail(s.username, address, 'codigo_incorreto');
      return fail('CodeMismatchException', CODE_MISMATCH);
    }
    // The emulator issues the tokens (it checks the code again: the same step is still valid).
    const out = await emu.call<Json>('RespondToAuthChallenge', body);
    sessions.delete(String(body.Session));
    await throttle.succeed(s.username);
    return out;
  }

  return { issued, associate, verify, answer };
}
