/**
 * Optional Hono helpers around the verifier (the API core may use its own middleware).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { PortalUser } from '../../access/user';
import { AuthError, bearerToken, type TokenVerifier } from './verify';

/** `authenticate` for `createApp`: the user of the bearer token, or null without one. Throws AuthError on a bad token. */
export function authenticateWith(verify: TokenVerifier) {
  return async (c: Context): Promise<PortalUser | null> => {
    const token = bearerToken(c.req.header('authorization'));
    return token ? verify(token) : null;
  };
}

/** Middleware: 401 JSON unless a valid bearer token is present; sets `user`. */
export function requireUser(verify: TokenVerifier): MiddlewareHandler {
  return async (c, next) => {
    try {
      const user = await verify(bearerToken(c.req.header('authorization')));
      c.set('user' as never, user as never);
    } catch (e) {
      const err = e instanceof AuthError ? e : new AuthError('invalid');
      return c.json(err.body, 401);
    }
    await next();
  };
}
