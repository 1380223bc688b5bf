/**
 * Signed action links of the workflow e-mails: `/acao-email/{token}`, where the token is a JWT
 * (HS256) naming the record (resource, id), the step, the recipient's e-mail, a unique id (jti,
 * spent once: src/server/workflow/email-actions.ts) and an expiry. The key is EMAIL_ACTION_SECRET
 * or, without it, a random key generated once and kept in DATA_DIR/secrets (mode 600), so links
 * stay valid across restarts and every process sharing the data directory signs with the same key.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { serverConfig } from '../config';

/** How long a link is valid. */
export const ACTION_LINK_DAYS = 7;
const ISSUER = 'portal';
const AUDIENCE = 'acao-email';

export interface ActionClaims {
  resource: string;
  id: number;
  transition: string;
  /** The recipient's e-mail (lower case). */
  email: string;
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const keys = new Map<string, Uint8Array>();

/**
 * The key's bytes as this realm's Uint8Array (what jose checks with instanceof): not TextEncoder's,
 * which is another realm's under jsdom, where the component tests run the API in process.
 */
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

/** The signing key: EMAIL_ACTION_SECRET, else the one kept in the data directory (created once). */
export function actionLinkKey(): Uint8Array {
  const fromEnv = process.env.EMAIL_ACTION_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('EMAIL_ACTION_SECRET deve ter pelo menos 32 caracteres.');
    return bytes(fromEnv);
  }
  const file = join(serverConfig().dataDir, 'secrets', 'acoes-email.key');
  const known = keys.get(file);
  if (known) return known;
  const exists = existsSync(file);
  let secret = exists ? readFileSync(file, 'utf8').trim() : '';
  if (secret.length < 32) {
    mkdirSync(dirname(file), { recursive: true });
    const fresh = randomBytes(32).toString('base64url');
    try {
      // 'wx': a second process starting at the same moment keeps the first one's key.
      writeFileSync(file, fresh + '\n', { mode: 0o600, flag: exists ? 'w' : 'wx' });
      chmodSync(file, 0o600);
      secret = fresh;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      secret = readFileSync(file, 'utf8').trim();
    }
  }
  const key = bytes(secret);
  keys.set(file, key);
  return key;
}

/** A signed token for one button of one recipient. */
export async function signActionLink(
  c: Omit<ActionClaims, 'jti' | 'exp'> & { jti?: string; exp?: number },
  now = Date.now(),
): Promise<{ token: string; claims: ActionClaims }> {
  const claims: ActionClaims = {
    resource: c.resource,
    id: c.id,
    transition: c.transition,
    email: c.email.toLowerCase(),
    jti: c.jti ?? randomUUID(),
    exp: c.exp ?? Math.floor(now / 1000) + ACTION_LINK_DAYS * 86_400,
  };
  const token = await new SignJWT({ res: claims.resource, rid: claims.id, tr: claims.transition, to: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(claims.jti)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(claims.exp)
    .sign(actionLinkKey());
  return { token, claims };
}

/** The page a button opens. */
export const actionLinkUrl = (token: string) => `${serverConfig().publicUrl}/acao-email/${token}`;

export type VerifyResult = { ok: true; claims: ActionClaims } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'expired'; expiredAt: Date };

function claimsOf(p: Record<string, unknown>): ActionClaims | undefined {
  const { res, rid, tr, to, jti, exp } = p;
  if (typeof res !== 'string' || typeof tr !== 'string' || typeof to !== 'string' || typeof jti !== 'string') return undefined;
  if (typeof rid !== 'number' || !Number.isSafeInteger(rid) || typeof exp !== 'number') return undefined;
  return { resource: res, id: rid, transition: tr, email: to.toLowerCase(), jti, exp };
}

/** Checks the signature (HS256 only), issuer, audience, shape and expiry of a token. */
export async function verifyActionLink(token: string): Promise<VerifyResult> {
  if (typeof token !== 'string' || token.length > 2048 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return { ok: false, reason: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, actionLinkKey(), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const claims = claimsOf(payload);
    return claims ? { ok: true, claims } : { ok: false, reason: 'invalid' };
  } catch (e) {
    // jose checks the signature before the claims: an expired token here is an authentic one.
    if (e instanceof errors.JWTExpired && typeof e.payload.exp === 'number') return { ok: false, reason: 'expired', expiredAt: new Date(e.payload.exp * 1000) };
    return { ok: false, reason: 'invalid' };
  }
}
