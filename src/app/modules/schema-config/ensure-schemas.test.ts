/**
 * The session's start waits for the effective schemas when the bundle has no fields (the app's
 * production build, scripts/vite/schema-skeleton.ts): `ensureSchemas(…, required)` against the real
 * API in-process behind MSW, as a client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CODE_SCHEMAS, schemaByName } from '../../../../schemas';
import { AbilityLoadError } from '../../access/load-ability';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { TEST_API_URL } from '../../../../tests/app/test-utils';
import { ensureSchemas, forgetSchemas } from './effective-schemas';

const ctx = useInProcessApi('cliente@portal.local');
const internal = (schema = schemaByName('posvenda')!) => schema.fields.filter((f) => f.internal).map((f) => f.name);

/** fetch that counts the schema requests and can stand for a network that is down. */
function counting(mode: 'online' | 'down' | 'refused' = 'online') {
  const calls: string[] = [];
  const impl: typeof fetch = async (input, init) => {
    calls.push(String(input));
    if (mode === 'down') throw new TypeError('Failed to fetch');
    if (mode === 'refused') return new Response('{"message":"Indisponível"}', { status: 503 });
    return fetch(input, init);
  };
  return { calls, impl };
}

afterEach(() => forgetSchemas());

describe('ensureSchemas', () => {
  it('installs the server’s schemas: a client gets post-sales without the internal team’s fields', async () => {
    expect(internal().length).toBeGreaterThan(0);
    const { calls, impl } = counting();
    await ensureSchemas(TEST_API_URL, impl, true);
    expect(calls).toEqual([`${TEST_API_URL}/schemas`]);
    expect(internal()).toEqual([]);
    expect(schemaByName('posvenda')!.fields.length).toBeGreaterThan(10);
  });

  it('asks once for callers that arrive together, and not again within the session', async () => {
    const { calls, impl } = counting();
    await Promise.all([ensureSchemas(TEST_API_URL, impl, true), ensureSchemas(TEST_API_URL, impl, true)]);
    await ensureSchemas(TEST_API_URL, impl, true);
    expect(calls).toHaveLength(1);
  });

  it('asks again after a sign-out, which puts the bundled schemas back', async () => {
    const { calls, impl } = counting();
    await ensureSchemas(TEST_API_URL, impl, true);
    forgetSchemas();
    expect(schemaByName('posvenda')).toBe(CODE_SCHEMAS.find((s) => s.name === 'posvenda'));
    await ensureSchemas(TEST_API_URL, impl, true);
    expect(calls).toHaveLength(2);
  });

  it('fails as an offline load (no status) when the network is down, and changes nothing', async () => {
    const { impl } = counting('down');
    const err = await ensureSchemas(TEST_API_URL, impl, true).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbilityLoadError);
    expect((err as AbilityLoadError).status).toBeUndefined();
    expect(internal().length).toBeGreaterThan(0);
  });

  it('fails with the HTTP status when the server refuses', async () => {
    const { impl } = counting('refused');
    const err = await ensureSchemas(TEST_API_URL, impl, true).catch((e: unknown) => e);
    expect((err as AbilityLoadError).status).toBe(503);
  });

  it('does not wait when the bundle carries the fields (dev server, tests)', async () => {
    const { calls, impl } = counting();
    await ensureSchemas(TEST_API_URL, impl, false);
    expect(calls).toEqual([]);
    expect(ctx.requests.filter((r) => r.url.pathname.endsWith('/schemas'))).toEqual([]);
  });
});
