import type { Context } from 'hono';

/**
 * How many proxies in front of the API append the address they received to `X-Forwarded-For`
 * (`TRUST_PROXY`, default 0: the API is reached directly). Entries further left were written by
 * the caller and can be anything, so they are never taken as the caller's address.
 */
export function trustedProxyHops(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.TRUST_PROXY);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 10) : 0;
}

/**
 * The caller's address: of the chain `X-Forwarded-For` entries + the socket's peer, the one
 * `hops` places left of the peer (the peer itself with no trusted proxy). A request handed over
 * in-process (tests, the app's MSW handlers) has no socket: its last forwarded entry stands for it.
 */
export function clientIp(c: Context, hops = trustedProxyHops()): string {
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const peer = env?.incoming?.socket?.remoteAddress;
  const chain = peer ? [...forwarded, peer] : forwarded;
  return (chain[Math.max(0, chain.length - 1 - hops)] ?? '').slice(0, 100);
}
