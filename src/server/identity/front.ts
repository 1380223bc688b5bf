/**
 * The front of the user-pool emulator: the HTTP endpoint Amplify's `userPoolEndpoint` points at.
 * It answers the operations cognito-local 5.3 lacks or gets wrong and hands everything else to
 * the emulator untouched:
 * - `GetTokensFromRefreshToken` (Amplify 6.22's refresh) → `InitiateAuth` with `REFRESH_TOKEN_AUTH`,
 *   with Cognito's messages for revoked/expired refresh tokens and disabled users;
 * - `InitiateAuth` `USER_PASSWORD_AUTH`: Cognito's answers for unknown user / wrong password
 *   ("Incorrect username or password."), disabled user, a temporary password that must match, and
 *   federated (staff) users, who cannot use the own login;
 * - the password policy on `RespondToAuthChallenge` (NEW_PASSWORD_REQUIRED), `ChangePassword` and
 *   `ConfirmForgotPassword`;
 * - `GlobalSignOut` and `AdminUserGlobalSignOut` (revoke every refresh token of the user) and the device operations
 *   (answered as a pool without device tracking does: InvalidParameterException), which the emulator lacks;
 * - `/{poolId}/.well-known/openid-configuration` with the real issuer;
 * - the second factor (TOTP): `AssociateSoftwareToken`, `VerifySoftwareToken` and the
 *   `SOFTWARE_TOKEN_MFA` challenge, tied to the password check's session, each code accepted once,
 *   wrong codes throttled like wrong passwords (mfa.ts); `AdminSetUserMFAPreference` (emulator.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeJwt } from 'jose';
import type { Emulator } from './emulator';
import { CognitoCallError } from './emulator';
import { passwordPolicyViolation } from './password-policy';
import { federatedGroupName } from './seed';
import { createSignInThrottle, throttleMessage, type SignInThrottle } from './throttle';
import { ADMIN_SECRET_HEADER, requiresAdminSecret, sameSecret } from './admin-secret';
import { createMfa } from './mfa';

type Json = Record<string, any>;

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export class FrontError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function dateReplacer(this: any, key: string, value: unknown) {
  const raw = this[key];
  return raw instanceof Date ? Math.floor(raw.getTime() / 1000) : value;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/x-amz-json-1.1') {
  res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body, dateReplacer));
}

async function readJson(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function deviceTrackingOff(): never {
  throw new FrontError('InvalidParameterException', 'Device tracking is not enabled for this user pool.');
}

export interface FrontOptions {
  /** Failed sign-ins per account and address (shared with the corporate sign-in form). */
  throttle?: SignInThrottle;
  /** Operations that need IAM credentials on real Cognito (Admin*, ListUsers, Create*…) need this secret. */
  adminSecret?: string;
}

/** The caller's network address (the socket's: no proxy sits in front of the local stack). */
export const addressOf = (req: IncomingMessage) => req.socket?.remoteAddress ?? '';

export function createFront(emu: Emulator, getOrigin: () => string, opts: FrontOptions = {}) {
  const throttle = opts.throttle ?? createSignInThrottle();
  const pools = emu.services.cognito;
  const ctx = { logger: { child: () => ctx.logger, debug() {}, info() {}, warn() {}, error() {} } } as any;

  async function poolForClient(clientId: string) {
    try {
      return await pools.getUserPoolForClientId(ctx, clientId);
    } catch {
      throw new FrontError('ResourceNotFoundException', 'User pool client does not exist.');
    }
  }

  async function isFederated(pool: Awaited<ReturnType<typeof poolForClient>>, user: any): Promise<boolean> {
    const groups: readonly unknown[] = await pool.listUserGroupMembership(ctx, user);
    const name = federatedGroupName(pool.options.Id);
    return groups.some((g) => (typeof g === 'string' ? g : (g as { GroupName?: string })?.GroupName) === name);
  }

  async function refresh(body: Json): Promise<Json> {
    const clientId = body.ClientId;
    const token: string | undefined = body.RefreshToken ?? body.AuthParameters?.REFRESH_TOKEN;
    if (!token) throw new FrontError('InvalidParameterException', 'Missing required parameter REFRESH_TOKEN');
    const pool = await poolForClient(clientId);
    let exp: number | undefined;
    try {
      exp = decodeJwt(token).exp;
    } catch {
      throw new FrontError('NotAuthorizedException', 'Invalid Refresh Token');
    }
    if (exp && exp * 1000 < Date.now()) throw new FrontError('NotAuthorizedException', 'Refresh Token has expired');
    const user = await pool.getUserByRefreshToken(ctx, token);
    if (!user) throw new FrontError('NotAuthorizedException', 'Refresh Token has been revoked');
    if (user.Enabled === false) throw new FrontError('NotAuthorizedException', 'User is disabled.');
    const out = await emu.call<Json>('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      AuthParameters: { REFRESH_TOKEN: token },
    });
    const r = out.AuthenticationResult ?? {};
    return {
      AccessToken: r.AccessToken,
      IdToken: r.IdToken,
      ExpiresIn: 3600,
      TokenType: 'Bearer',
    };
  }

  /** Refuses while the account or the address has too many recent failures. */
  async function checkThrottle(username: string, address: string) {
    const wait = await throttle.retryAfter(username, address);
    if (wait) throw new FrontError('TooManyRequestsException', throttleMessage(wait));
  }

  async function passwordAuth(body: Json, address: string): Promise<Json> {
    const username: string = String(body.AuthParameters?.USERNAME ?? '');
    const password: string = body.AuthParameters?.PASSWORD ?? '';
    await checkThrottle(username, address);
    const pool = await poolForClient(body.ClientId);
    const wrong = async () => {
      await throttle.fail(username, address);
      return new FrontError('NotAuthorizedException', 'Incorrect username or password.');
    };
    const user = username ? await pool.getUserByUsername(ctx, username) : null;
    if (!user) throw await wrong();
    if (user.Enabled === false) throw new FrontError('NotAuthorizedException', 'User is disabled.');
    if (user.UserStatus === 'RESET_REQUIRED') {
      throw new FrontError('PasswordResetRequiredException', 'Password reset required for the user');
    }
    if (user.Password !== password) throw await wrong();
    if (await isFederated(pool, user)) {
      // Federated users have no password in a real pool: the own login does not know them.
      throw await wrong();
    }
    const out = await emu.call<Json>('InitiateAuth', body);
    // A second factor still to answer: the failures are forgotten only once it is answered.
    if (out.AuthenticationResult) await throttle.succeed(username);
    mfa.issued(out, String(body.ClientId), user.Username);
    return out;
  }

  async function respondToChallenge(body: Json, address: string): Promise<Json> {
    const username = String(body.ChallengeResponses?.USERNAME ?? '');
    await checkThrottle(username, address);
    if (body.ChallengeName === 'NEW_PASSWORD_REQUIRED') checkPolicy(body.ChallengeResponses?.NEW_PASSWORD);
    if (body.ChallengeName === 'SOFTWARE_TOKEN_MFA') return mfa.answer(body, address);
    try {
      const out = await emu.call<Json>('RespondToAuthChallenge', body);
      if (out?.AuthenticationResult) await throttle.succeed(username);
      return out;
    } catch (e) {
      if (e instanceof CognitoCallError && (e.code === 'NotAuthorizedException' || e.code === 'CodeMismatchException')) await throttle.fail(username, address);
      throw e;
    }
  }

  function checkPolicy(password: unknown) {
    const v = passwordPolicyViolation(String(password ?? ''));
    if (v) throw new FrontError('InvalidPasswordException', `Password did not conform with policy: ${v}`);
  }

  async function globalSignOut(body: Json): Promise<Json> {
    const me = await emu.call<Json>('GetUser', { AccessToken: body.AccessToken });
    const claims = decodeJwt(String(body.AccessToken));
    const pool = await poolForClient(String(claims.client_id));
    const user = await pool.getUserByUsername(ctx, me.Username);
    if (user) await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  }

  const mfa = createMfa({ emu, ctx, poolForClient, throttle, checkThrottle });

  const handlers: Record<string, (body: Json, address: string) => Promise<Json>> = {
    GetTokensFromRefreshToken: async (body) => ({ AuthenticationResult: await refresh(body) }),
    InitiateAuth: async (body, address) => {
      if (body.AuthFlow === 'USER_PASSWORD_AUTH') return passwordAuth(body, address);
      if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') {
        return { ChallengeParameters: {}, AuthenticationResult: await refresh(body) };
      }
      if (body.AuthFlow === 'USER_SRP_AUTH') {
        throw new FrontError('InvalidParameterException', 'USER_SRP_AUTH is not supported by the local user pool; use USER_PASSWORD_AUTH.');
      }
      return emu.call('InitiateAuth', body);
    },
    RespondToAuthChallenge: respondToChallenge,
    ChangePassword: async (body) => {
      checkPolicy(body.ProposedPassword);
      return emu.call('ChangePassword', body);
    },
    ConfirmForgotPassword: async (body) => {
      checkPolicy(body.Password);
      return emu.call('ConfirmForgotPassword', body);
    },
    GlobalSignOut: globalSignOut,
    AssociateSoftwareToken: async (body) => mfa.associate(body),
    VerifySoftwareToken: mfa.verify,
    // Missing in cognito-local: the emulator's own implementation (emulator.ts), behind the admin secret.
    AdminSetUserMFAPreference: async (body) => emu.call('AdminSetUserMFAPreference', body),
    // Missing in cognito-local: the emulator's own implementation (emulator.ts), behind the admin secret like every Admin* call.
    AdminUserGlobalSignOut: async (body) => emu.call('AdminUserGlobalSignOut', body),
    // The local pool is a pool without device tracking, and answers device calls as Cognito does then.
    ListDevices: async () => deviceTrackingOff(),
    AdminListDevices: async () => deviceTrackingOff(),
    ForgetDevice: async () => deviceTrackingOff(),
    UpdateDeviceStatus: async () => deviceTrackingOff(),
    ConfirmDevice: async () => deviceTrackingOff(),
  };

  return async function front(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const target = String(req.headers['x-amz-target'] ?? '');
      const op = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
      if (req.method === 'POST' && requiresAdminSecret(op) && !sameSecret(req.headers[ADMIN_SECRET_HEADER], opts.adminSecret)) {
        // On real Cognito these operations need IAM credentials; here, the local admin secret.
        send(res, 403, {
          __type: 'UnrecognizedClientException',
          message: `The security token included in the request is invalid (${op} needs the local admin secret).`,
        });
        return;
      }
      if (req.method === 'POST' && (op === 'UpdateUserAttributes' || op === 'DeleteUserAttributes')) {
        // As a real pool's app client without write access to them: the permission attributes
        // (custom:empresa, obra, roles, specific_rules) are changed by administrators only.
        const body = (await readJson(req)) as { UserAttributes?: { Name?: string }[]; UserAttributeNames?: string[] };
        const names = [...(body.UserAttributes ?? []).map((a) => a.Name ?? ''), ...(body.UserAttributeNames ?? [])];
        if (names.some((n) => n.startsWith('custom:'))) {
          send(res, 400, { __type: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' });
          return;
        }
        if (handlers[op]) {
          send(res, 200, await handlers[op](body, addressOf(req)));
          return;
        }
        // Already read: hand the parsed body to the emulator's body parser (it skips when `_body` is set).
        Object.assign(req, { body, _body: true });
      }
      if (req.method === 'POST' && op && handlers[op]) {
        const body = await readJson(req);
        try {
          send(res, 200, await handlers[op](body, addressOf(req)));
        } catch (e) {
          if (e instanceof FrontError || e instanceof CognitoCallError) {
            send(res, 400, { __type: e.code, message: e.message });
          } else {
            throw e;
          }
        }
        return;
      }
      const wellKnown = /^\/([^/]+)\/\.well-known\/openid-configuration$/.exec((req.url ?? '').split('?')[0]);
      if (req.method === 'GET' && wellKnown) {
        const issuer = `${getOrigin()}/${wellKnown[1]}`;
        send(
          res,
          200,
          {
            issuer,
            jwks_uri: `${issuer}/.well-known/jwks.json`,
            id_token_signing_alg_values_supported: ['RS256'],
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
          },
          'application/json',
        );
        return;
      }
      emu.application(req, res);
    } catch (e) {
      if (!res.headersSent) send(res, 500, { __type: 'InternalErrorException', message: (e as Error).message });
      else res.end();
    }
  };
}
