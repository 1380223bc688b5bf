import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { apiKeyHash, apiKeyMatches, apiKeyOf, apiKeyPrefix, newApiKey } from './api-key';

/** What `apiKeyOf` says of a request with these headers and path. */
async function presence(headers: Record<string, string>, path = '/x') {
  const app = new Hono();
  app.get('*', (c) => c.json(apiKeyOf(c)));
  return (await app.request(`http://localhost${path}`, { headers })).json();
}

describe('API keys as text', () => {
  it('makes keys with a public id and a 256-bit secret, stored as a SHA-256 compared in constant time', () => {
    const a = newApiKey();
    const b = newApiKey();
    expect(a.chave).toMatch(/^ptl_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(a.chave).not.toBe(b.chave);
    expect(apiKeyPrefix(a.chave)).toBe(a.prefixo);
    expect(a.hash).toBe(apiKeyHash(a.chave));
    expect(apiKeyMatches(a.chave, a.hash)).toBe(true);
    expect(apiKeyMatches(b.chave, a.hash)).toBe(false);
    expect(apiKeyPrefix('ptl_curta')).toBeUndefined();
  });

  it('reads a key from Bearer or X-API-Key, never mistakes an ID token for one, and calls anything else misplaced', async () => {
    const { chave } = newApiKey();
    expect(await presence({ authorization: `Bearer ${chave}` })).toEqual({ kind: 'key', key: chave });
    expect(await presence({ 'x-api-key': chave })).toEqual({ kind: 'key', key: chave });
    expect(await presence({ authorization: `bearer ${chave}`, 'x-api-key': chave })).toEqual({ kind: 'key', key: chave });
    // A JWT whose payload happens to hold "ptl_" plus hex is still a JWT.
    expect(await presence({ authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJwdGxfYWJjZGVmMTIzNDU2Nzg5MCI6MX0ptl_abcdef0123456789.sig' })).toEqual({
      kind: 'none',
    });
    expect(await presence({}, '/x?q=ptl_0fd0e6')).toEqual({ kind: 'none' });
    for (const [headers, path] of [
      [{ authorization: `ApiKey ${chave}` }, '/x'],
      [{ authorization: chave }, '/x'],
      [{ 'x-api-key': `Bearer ${chave}` }, '/x'],
      [{ authorization: `Bearer ${newApiKey().chave}`, 'x-api-key': chave }, '/x'],
      [{ authorization: 'Bearer eyJ.a.b', 'x-api-key': chave }, '/x'],
      [{}, `/x?api_key=${chave}`],
      [{}, `/x?token=${encodeURIComponent(chave)}`],
    ] as const) {
      const p = await presence(headers, path);
      expect(p.kind, JSON.stringify([headers, path])).toBe('misplaced');
      expect(p.message).toMatch(/"Authorization: Bearer <chave>" ou "X-API-Key: <chave>"/);
    }
  });
});
