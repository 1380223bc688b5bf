/**
 * The signed-in person's ID token as Amplify left it in local storage, read without loading Amplify
 * (issue 28: the signed-in app does not wait for the ~40 KiB auth library on every page load).
 * Amplify 6 keeps the tokens under `CognitoIdentityServiceProvider.<client id>.<user>.<key>` and the
 * user under `….<client id>.LastAuthUser`; the client id is in the configuration of the last visit.
 * A token that expires within `EXPIRY_MARGIN_MS` (with Amplify's clock drift) is not returned: the
 * caller then loads Amplify, which refreshes it.
 */
import { storedConfig } from './auth-config';
import { decodePayload } from './identity';
import { defaultStorage, type KeyValue } from './session';

/** Amplify's key prefix (its `AUTH_KEY_PREFIX`). */
const PREFIX = 'CognitoIdentityServiceProvider';
/** A token closer than this to its expiry goes through Amplify's refresh. */
export const EXPIRY_MARGIN_MS = 60_000;

/** The last signed-in person's key prefix in Amplify's storage (`….<client id>.<user>`), if any. */
function lastUserPrefix(storage: KeyValue | undefined): { storage: KeyValue; user: string; prefix: string } | undefined {
  const clientId = storedConfig(storage)?.userPoolClientId;
  if (!storage || !clientId) return undefined;
  const user = storage.getItem(`${PREFIX}.${clientId}.LastAuthUser`);
  return user ? { storage, user, prefix: `${PREFIX}.${clientId}.${user}` } : undefined;
}

/** The stored ID token while it is valid for more than the margin, else undefined. */
export function storedIdToken(storage: KeyValue | undefined = defaultStorage(), now: number = Date.now()): string | undefined {
  const last = lastUserPrefix(storage);
  if (!last) return undefined;
  const token = last.storage.getItem(`${last.prefix}.idToken`);
  if (!token) return undefined;
  const exp = Number(decodePayload(token).exp);
  if (!Number.isFinite(exp)) return undefined;
  const drift = Number.parseInt(last.storage.getItem(`${last.prefix}.clockDrift`) ?? '0', 10) || 0;
  return now + drift + EXPIRY_MARGIN_MS < exp * 1000 ? token : undefined;
}

/**
 * An identifier of the current sign-in (the signed-in person and the tail of the refresh token Amplify
 * keeps, which lasts from sign-in to sign-out across token refreshes); undefined when no one is signed in.
 */
export function storedSignInId(storage: KeyValue | undefined = defaultStorage()): string | undefined {
  const last = lastUserPrefix(storage);
  const refresh = last?.storage.getItem(`${last.prefix}.refreshToken`);
  return last && refresh ? `${last.user}:${refresh.slice(-24)}` : undefined;
}
