/**
 * The API's rate limit (issue 27): requests per minute to /api/v1 per person (the signed-in user's
 * e-mail), per API key (issue 41: each key its own budget, never a person's) or, anonymous, per network address; past it, 429 with the API's error body in Portuguese,
 * `Retry-After` and the `RateLimit-*` headers. Counted in the shared store
 * (src/server/http/rate-limit-store.ts): the limit holds across processes and restarts, and in
 * memory while the store fails (the request is answered, never a 500 for the counter).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { errorBody } from './errors';
import { clientIp } from './client-ip';
import { createLimiter, type RateLimitStore } from './rate-limit-store';

export interface ApiRateLimitOptions {
  store: RateLimitStore;
  /** Requests per minute of one signed-in person (0: no limit). */
  perUserPerMin: number;
  /** Requests per minute from one address without a session (0: no limit). */
  anonPerMin: number;
  /** Requests per minute of one API key (0: no limit; absent: as a person). */
  perKeyPerMin?: number;
}

// Anonymous calls come per address, and a whole office behind one NAT shares it: the same 600.
export const API_RATE_LIMIT_DEFAULTS = { perUserPerMin: 600, anonPerMin: 600, perKeyPerMin: 600 } as const;

const count = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** `API_RATE_LIMIT_PER_MIN`, `API_RATE_LIMIT_ANON_PER_MIN` and `API_RATE_LIMIT_KEY_PER_MIN` (default 600 each); 0 turns one off. */
export function apiRateLimitFromEnv(store: RateLimitStore, env: NodeJS.ProcessEnv = process.env): ApiRateLimitOptions {
  return {
    store,
    perUserPerMin: count(env.API_RATE_LIMIT_PER_MIN, API_RATE_LIMIT_DEFAULTS.perUserPerMin),
    anonPerMin: count(env.API_RATE_LIMIT_ANON_PER_MIN, API_RATE_LIMIT_DEFAULTS.anonPerMin),
    perKeyPerMin: count(env.API_RATE_LIMIT_KEY_PER_MIN, API_RATE_LIMIT_DEFAULTS.perKeyPerMin),
  };
}

export function rateLimitMessage(retryAfterSec: number): string {
  return `Muitas requisições em pouco tempo. Tente novamente em ${retryAfterSec} ${retryAfterSec === 1 ? 'segundo' : 'segundos'}.`;
}

/**
 * The middleware; `who` names the caller (a person's key, or `{ chave }` an API key's public id) or
 * null when anonymous. The limiters are created on the first request (the database store makes sure its table exists).
 */
export function apiRateLimit(opts: ApiRateLimitOptions, who: (c: Context) => Promise<string | { chave: string } | null>): MiddlewareHandler {
  const limiters = new Map<'pessoa' | 'anonimo' | 'chave', Promise<RateLimiterAbstract>>();
  const limiterOf = (kind: 'pessoa' | 'anonimo' | 'chave', points: number) => {
    let limiter = limiters.get(kind);
    if (!limiter) {
      limiter = createLimiter(opts.store, { keyPrefix: `api-${kind}`, points, durationSec: 60 });
      limiters.set(kind, limiter);
    }
    return limiter;
  };
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const caller = await who(c);
    const kind = caller === null ? 'anonimo' : typeof caller === 'string' ? 'pessoa' : 'chave';
    const limit = kind === 'pessoa' ? opts.perUserPerMin : kind === 'chave' ? (opts.perKeyPerMin ?? opts.perUserPerMin) : opts.anonPerMin;
    if (!limit) return next();
    const key = caller === null ? clientIp(c) || 'desconhecido' : typeof caller === 'string' ? caller.toLowerCase().slice(0, 200) : caller.chave;
    let res: RateLimiterRes;
    let refused = false;
    try {
      res = await (await limiterOf(kind, limit)).consume(key);
    } catch (e) {
      // Past the limit: rate-limiter-flexible rejects with the counter. Anything else (the store and
      // its insurance both failing) lets the request through: the limit never makes the API fail.
      if (!(e instanceof RateLimiterRes)) return next();
      res = e;
      refused = true;
    }
    const resetSec = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    const headers = { 'RateLimit-Limit': String(limit), 'RateLimit-Remaining': String(res.remainingPoints), 'RateLimit-Reset': String(resetSec) };
    if (refused) return c.json(errorBody(429, rateLimitMessage(resetSec)), 429, { ...headers, 'Retry-After': String(resetSec) });
    await next();
    try {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    } catch {
      // A response with immutable headers goes out without them.
    }
  };
}
