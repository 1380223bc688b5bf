/**
 * The public ethics routes' own request limit (issue 40), in place of the API's (which counts
 * anonymous callers by address in the shared store): counted in this process's memory only, per
 * HMAC of the caller's address under a key drawn at each start and never written anywhere, so no
 * address, nor anything that leads back to one, is stored. Past it: 429 in Portuguese.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { clientIp } from '../http/client-ip';
import { errorBody } from '../http/errors';
import { rateLimitMessage } from '../http/rate-limit';

export interface PublicLimitOptions {
  /** Requests per window from one address (default 60). */
  points?: number;
  /** Window in seconds (default 600). */
  durationSec?: number;
}

export function ethicsPublicLimit(opts: PublicLimitOptions = {}): MiddlewareHandler {
  const secret = randomBytes(32);
  const limiter = new RateLimiterMemory({ keyPrefix: 'canal-etica', points: opts.points ?? 60, duration: opts.durationSec ?? 600 });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const key = createHmac('sha256', secret).update(clientIp(c)).digest('base64url');
    try {
      await limiter.consume(key);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) return next();
      const wait = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      return c.json(errorBody(429, rateLimitMessage(wait)), 429, { 'Retry-After': String(wait) });
    }
    return next();
  };
}
