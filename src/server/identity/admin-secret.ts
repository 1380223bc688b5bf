/**
 * The local user pool's administration secret. On real Cognito the administration operations
 * (Admin*, ListUsers, CreateUserPool, …) need IAM credentials; the local front asks for this secret
 * in the `x-portal-admin-secret` header instead, so that nobody reaching the port (a page in the
 * browser, another machine) administers the pool. The portal's own server never needs it: it
 * calls the emulator in-process (`Emulator.call`, src/server/site-users/identity-admin.ts).
 *
 * `IDENTITY_ADMIN_SECRET`, or a random one kept in `${dataDir}/cognito/admin-secret` (mode 600)
 * for local tools.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ADMIN_SECRET_HEADER = 'x-portal-admin-secret';

/** What an app client may call without credentials (or with the user's own tokens), as on Cognito. */
const PUBLIC_OPERATIONS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'DeleteUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'ListDevices',
  'ForgetDevice',
  'UpdateDeviceStatus',
  'ConfirmDevice',
  'GetDevice',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'GetUserAuthFactors',
]);

/** Whether an operation is one real Cognito accepts only with IAM credentials. */
export function requiresAdminSecret(operation: string): boolean {
  return !!operation && !PUBLIC_OPERATIONS.has(operation);
}

/** Constant-time comparison; no configured secret refuses everything. */
export function sameSecret(given: string | string[] | undefined, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string' || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The secret: `IDENTITY_ADMIN_SECRET`, else the one kept in the data directory (created once). */
export function ensureAdminSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv?.trim()) return fromEnv.trim();
  const file = path.join(dataDir, 'cognito', 'admin-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
