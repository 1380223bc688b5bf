/** How the API finds the caller: `createApp`'s `authenticate`, built on the token verifier. */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { PortalUser } from '../../access/user';
import { bearerToken, type TokenVerifier } from './verify';

/**
 * `authenticate` for `createApp`: the user of the bearer token, or null without one. Throws AuthError
 * on a bad token. File downloads (<img>, links) cannot send the header: for GET under
 * `/api/v1/arquivos/` the ID token may come in the `portal_id` cookie the app scopes to that path.
 */
export function authenticateWith(verify: TokenVerifier) {
  return async (c: Context): Promise<PortalUser | null> => {
    let token = bearerToken(c.req.header('authorization'));
    if (!token && c.req.method === 'GET' && c.req.path.startsWith('/api/v1/arquivos/')) token = getCookie(c, 'portal_id');
    return token ? verify(token) : null;
  };
}
