import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { clientIp, trustedProxyHops } from './client-ip';

/** The address `clientIp` gives for a request with this X-Forwarded-For, arriving from `peer`. */
async function seen(forwarded: string | undefined, peer: string | undefined, hops: number): Promise<string> {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, hops)));
  const headers: Record<string, string> = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
  const env = peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined;
  return (await app.request('http://localhost/', { headers }, env)).text();
}

describe('the caller address behind trusted proxies (TRUST_PROXY)', () => {
  it('reached directly, a forged X-Forwarded-For changes nothing: the socket peer counts', async () => {
    expect(await seen('203.0.113.9', '198.51.100.4', 0)).toBe('198.51.100.4');
    expect(await seen(undefined, '198.51.100.4', 0)).toBe('198.51.100.4');
  });

  it('behind one proxy, the address that proxy appended counts, not what the caller wrote before it', async () => {
    // The caller sent "X-Forwarded-For: 1.1.1.1"; nginx appended its peer, the real caller.
    expect(await seen('1.1.1.1, 203.0.113.7', '10.0.0.2', 1)).toBe('203.0.113.7');
    expect(await seen('203.0.113.7', '10.0.0.2', 1)).toBe('203.0.113.7');
  });

  it('behind two proxies, two places left of the peer; a short chain gives its first entry', async () => {
    expect(await seen('1.1.1.1, 203.0.113.7, 10.0.0.1', '10.0.0.2', 2)).toBe('203.0.113.7');
    expect(await seen(undefined, '10.0.0.2', 2)).toBe('10.0.0.2');
  });

  it('in-process requests (no socket): the last forwarded entry stands for the peer', async () => {
    expect(await seen('203.0.113.7, 10.0.0.1', undefined, 0)).toBe('10.0.0.1');
    expect(await seen('203.0.113.7, 10.0.0.1', undefined, 1)).toBe('203.0.113.7');
    expect(await seen(undefined, undefined, 0)).toBe('');
  });

  it('reads TRUST_PROXY as a small whole number, anything else as 0', () => {
    expect(trustedProxyHops({ TRUST_PROXY: '1' })).toBe(1);
    expect(trustedProxyHops({ TRUST_PROXY: '2' })).toBe(2);
    for (const v of [undefined, '', 'true', '-1', '1.5', 'x']) expect(trustedProxyHops({ TRUST_PROXY: v })).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: '50' })).toBe(10);
  });
});
