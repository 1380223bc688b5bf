import type { Context } from 'hono';

/** The caller's address: the first hop of X-Forwarded-For, else the socket's. */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded.slice(0, 100);
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return (env?.incoming?.socket?.remoteAddress ?? '').slice(0, 100);
}
