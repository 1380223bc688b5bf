/**
 * cognito-local (the local user-pool emulator) signs every token with a key pair published in its
 * package (`lib/keys/cognitoLocal.*.json`): anyone can sign such a token. The local stack accepts
 * them by design; with a real Cognito configured they must never be accepted, even if the JWKS
 * address were pointed at a local endpoint by mistake.
 */
import { createRequire } from 'node:module';
import { compactVerify, importJWK, type JWK } from 'jose';

const require = createRequire(import.meta.url);
let devKey: Promise<Awaited<ReturnType<typeof importJWK>> | null> | undefined;

function developmentKey() {
  devKey ??= (async () => {
    try {
      const { jwk } = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JWK };
      return await importJWK(jwk, 'RS256');
    } catch {
      return null; // emulator not installed (production image): the key id check still applies
    }
  })();
  return devKey;
}

/** The emulator key's id, refused even when the emulator package is absent. */
export const DEVELOPMENT_KEY_ID = 'CognitoLocal';

/** Whether the token is signed with the emulator's published key (or claims its key id). */
export async function signedWithDevelopmentKey(token: string): Promise<boolean> {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as { kid?: unknown };
    if (header?.kid === DEVELOPMENT_KEY_ID) return true;
  } catch {
    return false; // malformed: the verifier refuses it on its own
  }
  const key = await developmentKey();
  if (!key) return false;
  try {
    await compactVerify(token, key, { algorithms: ['RS256'] });
    return true;
  } catch {
    return false;
  }
}
