/**
 * An open live-update stream (`GET /api/v1/eventos`) does not outlive its access (issue 35): it ends
 * within 5 s when its session is ended ("sair deste" from another device, "sair de todos") or its
 * person made inactive, while the person's other sessions and other people keep theirs; without
 * any notice (a process that missed it) the hub's own checks end it within 5 s too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { CODE_SCHEMAS } from '../../schemas';
import { createApp } from '../../src/server/app';
import { EventHub } from '../../src/server/events/hub';
import { localStorage } from '../../src/server/storage/storage';
import { APP_VERSION } from '../../src/server/version';
import { memoryIdentityAdmin } from '../../mocks/identity-admin';
import { DEMO_USERS } from '../../mocks/test-app';
import { ENGINE_BACKENDS, useApi } from './backends';

const CLIENTE = 'cliente@portal.local';
const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** An ID token as Cognito shapes it (unsigned: `authenticate` below only decodes it). */
const idToken = (email: string, jti: string) =>
  `${b64({ alg: 'none' })}.${b64({ sub: `sub-${email}`, email, origin_jti: jti, auth_time: Math.floor(Date.now() / 1000), token_use: 'id' })}.x`;

async function authenticate(c: Context) {
  const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return null;
  const email = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).email as string;
  return DEMO_USERS[email] ?? null;
}

describe.each(ENGINE_BACKENDS)('live streams of ended sessions and inactive people (%s)', (backend) => {
  const t = useApi(backend);
  let hub: EventHub;
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    hub = new EventHub();
    const storage = localStorage(mkdtempSync(join(tmpdir(), 'portal-files-')));
    app = createApp({
      db: t.api.db,
      schemas: [...CODE_SCHEMAS],
      storage,
      version: APP_VERSION,
      authenticate,
      events: hub,
      identityAdmin: memoryIdentityAdmin(),
    });
  });
  afterAll(() => hub.close());

  const call = async (token: string, path: string, init: { method?: string; json?: unknown } = {}) => {
    const headers = new Headers({ authorization: `Bearer ${token}`, 'user-agent': 'TesteStreams/1.0' });
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const res = await app.request(`http://localhost${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  /** An open stream: whether it ended, and how long after `since` it did. */
  async function openStream(token: string) {
    const res = await app.request('http://localhost/api/v1/eventos', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const state = { done: false, at: 0 };
    void (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const }));
        if (chunk.done) break;
      }
      state.done = true;
      state.at = performance.now();
    })();
    return {
      get done() {
        return state.done;
      },
      /** Ms from `since` to the end; fails past `ms`. */
      async endedWithin(since: number, ms: number) {
        while (!state.done) {
          if (performance.now() - since > ms) throw new Error(`a conexão continuou aberta por ${ms} ms`);
          await new Promise((r) => setTimeout(r, 20));
        }
        return state.at - since;
      },
      close: () => reader.cancel().catch(() => undefined),
    };
  }

  const sessionId = async (viewer: string, jti: string) => {
    const rows = await sql<{ id: string }>`select id from sessao_acesso where chave = ${`jti:${jti}`}`.execute(t.api.db);
    expect(rows.rows, viewer).toHaveLength(1);
    return Number(rows.rows[0].id);
  };

  it('"sair deste" from another device ends that session’s stream within 5 s; the other session’s stays', async () => {
    const gone = idToken(CLIENTE, 'stream-sai');
    const stays = idToken(CLIENTE, 'stream-fica');
    const ending = await openStream(gone);
    const staying = await openStream(stays);
    const id = await sessionId(CLIENTE, 'stream-sai');
    const t0 = performance.now();
    expect((await call(stays, `/api/v1/sessoes/${id}`, { method: 'DELETE' })).status).toBe(200);
    const took = await ending.endedWithin(t0, 5000);
    console.log(`[sessões] stream da sessão encerrada terminou em ${took.toFixed(0)} ms`);
    await new Promise((r) => setTimeout(r, 300));
    expect(staying.done).toBe(false);
    await staying.close();
  });

  it('"sair de todos" ends every stream of the person within 5 s, and nobody else’s', async () => {
    const a = await openStream(idToken(SM, 'stream-todos-a'));
    const b = await openStream(idToken(SM, 'stream-todos-b'));
    const other = await openStream(idToken(CLIENTE, 'stream-outro'));
    const t0 = performance.now();
    expect((await call(idToken(SM, 'stream-todos-a'), '/api/v1/sessoes/sair-de-todos', { method: 'POST' })).status).toBe(200);
    await a.endedWithin(t0, 5000);
    await b.endedWithin(t0, 5000);
    await new Promise((r) => setTimeout(r, 300));
    expect(other.done).toBe(false);
    await other.close();
  });

  it('a person made inactive loses their open stream within 5 s', async () => {
    const WHO = 'posvendas@portal.local';
    const stream = await openStream(idToken(WHO, 'stream-inativo'));
    const other = await openStream(idToken(CLIENTE, 'stream-ativo'));
    const admin = idToken(ADMIN, 'stream-admin');
    const row = ((await call(admin, `/api/v1/usuarios?email=${encodeURIComponent(WHO)}`)).body as { id: number; version: number }[])[0];
    expect(row).toBeTruthy();
    const t0 = performance.now();
    const off = await call(admin, `/api/v1/usuarios/${row.id}`, { method: 'PATCH', json: { version: row.version, ativo: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await stream.endedWithin(t0, 5000);
    expect((await call(idToken(WHO, 'stream-inativo'), '/api/v1/eventos')).status).toBe(401);
    expect(other.done).toBe(false);
    await other.close();
  });

  it('without any notice (a process that missed it), the hub’s own checks end the stream within 5 s', async () => {
    const stream = await openStream(idToken(CLIENTE, 'stream-sem-aviso'));
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    // Ended by hand in SQL: no `portal_cache` notice, no call in this process.
    await sql`update sessao_acesso set encerrada_em = now(), encerrada_por = 'teste' where chave = 'jti:stream-sem-aviso'`.execute(t.api.db);
    const took = await stream.endedWithin(t0, 5500);
    console.log(`[sessões] sem aviso, stream terminou em ${took.toFixed(0)} ms`);
  });
});
