/**
 * Live updates (issue 25): a committed write of a pending resource sends NOTIFY portal_eventos from
 * its transaction; every server process listens and signals its open SSE streams
 * (`GET /api/v1/eventos`). Two app instances, each with its own hub and listener (on PostgreSQL two
 * connection pools and two LISTEN clients on the same database, as two server processes would be):
 * a transition through A reaches a stream opened on B.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Context } from 'hono';
import { CODE_SCHEMAS } from '../../schemas';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/boot/open-database';
import type { Database } from '../../src/server/db/connect';
import { localStorage } from '../../src/server/storage/storage';
import { APP_VERSION } from '../../src/server/version';
import { EventHub } from '../../src/server/events/hub';
import { startEventListener, type EventListener } from '../../src/server/events/listener';
import { DEMO_USERS } from '../../mocks/test-app';
import { seededTemplate } from '../../mocks/db-template';
import { ENGINE_BACKENDS } from './backends';
import { CNPJ } from '../../src/server/seed/demo-empresas';
import { pdf, person } from './workflow-helpers';

const RESP = 'contratos.responsavel@portal.local';
const GESTOR = 'contratos.gestor@portal.local';
const VALID = 'contratos.validador@portal.local';

const authenticate = async (c: Context) => {
  const m = /^Bearer test:(.+)$/.exec(c.req.header('authorization') ?? '');
  return (m && DEMO_USERS[m[1]]) || null;
};

interface Instance {
  app: ReturnType<typeof createApp>;
  hub: EventHub;
  listener: EventListener;
  database: Database;
}

/** One "server process": an app over its own connection, with its hub and its listener. */
async function instance(database: Database): Promise<Instance> {
  const hub = new EventHub();
  const listener = startEventListener(database.listenVia, () => hub.signal(), { log: () => undefined });
  await listener.ready;
  const storage = localStorage(mkdtempSync(join(tmpdir(), 'portal-files-')));
  const app = createApp({ db: database.db, schemas: [...CODE_SCHEMAS], storage, version: APP_VERSION, authenticate, events: hub });
  return { app, hub, listener, database };
}

const call = async (i: Instance, method: string, path: string, as: string | null, json?: unknown) => {
  const headers = new Headers();
  if (as) headers.set('authorization', `Bearer test:${as}`);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const res = await i.app.request(`http://localhost${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

/** An open event stream: the text received so far, and waiting for a number of `pendencias` events. */
async function openStream(i: Instance, as: string) {
  const res = await i.app.request('http://localhost/api/v1/eventos', { headers: { authorization: `Bearer test:${as}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let done = false;
  const waiters = new Set<() => void>();
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
      for (const w of waiters) w();
    }
    done = true;
    for (const w of waiters) w();
  })();
  const count = () => text.split('\n').filter((l) => l === 'event: pendencias').length;
  return {
    get text() {
      return text;
    },
    get done() {
      return done;
    },
    count,
    /** Resolves with the ms waited once `n` signals arrived; rejects after `ms`. */
    waitFor(n: number, ms: number): Promise<number> {
      const t0 = performance.now();
      return new Promise((resolve, reject) => {
        const check = () => {
          if (count() >= n) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(performance.now() - t0);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${count()} sinais em ${ms} ms (esperados ${n}); recebido: ${JSON.stringify(text)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    waitDone: (ms: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => done && resolve();
        waiters.add(check);
        check();
        setTimeout(() => reject(new Error('a conexão não terminou')), ms);
      }),
    close: () => reader.cancel().catch(() => undefined),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(ENGINE_BACKENDS)('live updates over LISTEN/NOTIFY (%s)', (backend) => {
  let a: Instance;
  let b: Instance;
  const cleanup: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'portal-files-'));
    cleanup.push(async () => rmSync(filesDir, { recursive: true, force: true }));
    const storage = localStorage(filesDir);
    if (backend === 'pglite') {
      const template = seededTemplate(filesDir);
      const database = await openDatabase({ memory: true, loadDataDir: template ?? undefined, seed: true, storage });
      cleanup.push(() => database.close());
      a = await instance(database);
      b = await instance(database); // one embedded database per process: two hubs, two listeners on it
    } else {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `portal_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      cleanup.push(async () => {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      const first = await openDatabase({ databaseUrl: u.toString(), seed: true, poolSize: 3, storage });
      const second = await openDatabase({ databaseUrl: u.toString(), seed: false, poolSize: 3, storage });
      cleanup.push(
        () => first.close(),
        () => second.close(),
      );
      a = await instance(first);
      b = await instance(second);
    }
  }, 120_000);

  afterAll(async () => {
    for (const i of [a, b]) {
      i?.hub.close();
      await i?.listener.stop();
    }
    for (const f of cleanup.reverse()) await f().catch(() => undefined);
  });

  const newContract = async (numero: string) => {
    const r = await call(a, 'POST', '/api/v1/contratos', RESP, {
      numero,
      tipo: 'Fornecimento',
      contraparte: CNPJ.trafoSul,
      objeto: 'Fornecimento de perfis metálicos',
      obra: '101',
      responsavel: person(RESP),
      gestor: person(GESTOR),
      validador: person(VALID),
      arquivos: pdf(),
    });
    expect(r.status).toBe(201);
    return r.body as { id: number; version: number; numero: string };
  };

  it('refuses an anonymous stream with 401 in Portuguese', async () => {
    const r = await call(b, 'GET', '/api/v1/eventos', null);
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/Sessão inválida ou expirada/);
    expect(b.hub.size).toBe(0);
  });

  it('a transition through A reaches a stream opened on B within 2 s, with no id or content', async () => {
    const k = await newContract('LIVE-001');
    const stream = await openStream(b, GESTOR);
    await sleep(200); // the creation above may still be on its way
    const before = stream.count();
    await sleep(600); // past the coalescing window
    const stepped = await call(a, 'POST', `/api/v1/contratos/${k.id}/transitions/emitir-juridico`, RESP, { version: k.version });
    expect(stepped.status).toBe(200);
    const waited = await stream.waitFor(before + 1, 2000);
    expect(waited).toBeLessThan(2000);
    // The gestor's inbox now holds the contract: the signal is what makes the app ask for it.
    const inbox = await call(b, 'GET', '/api/v1/pendencias?_end=200', GESTOR);
    expect(inbox.body.some((p: { resource: string; id: number }) => p.resource === 'contratos' && p.id === k.id)).toBe(true);
    // Decision 29: only comments and the bare signal travel, never a record's id, number or text.
    const lines = stream.text.split('\n').filter(Boolean);
    for (const l of lines) expect(l).toMatch(/^(?:: (?:conectado|ping)|retry: 5000|event: pendencias|data: \{"tipo":"pendencias"\})$/);
    expect(stream.text).not.toContain('LIVE-001');
    expect(stream.text).not.toContain(String(k.id));
    await stream.close();
    await vi.waitFor(() => expect(b.hub.size).toBe(0));
  });

  it('sends nothing for a refused (rolled back) step', async () => {
    const k = await newContract('LIVE-002');
    const stream = await openStream(b, GESTOR);
    await sleep(800);
    const before = stream.count();
    const refused = await call(a, 'POST', `/api/v1/contratos/${k.id}/transitions/emitir-juridico`, GESTOR, { version: k.version });
    expect(refused.status).toBe(403);
    const stale = await call(a, 'POST', `/api/v1/contratos/${k.id}/transitions/emitir-juridico`, RESP, { version: k.version - 1 });
    expect(stale.status).toBe(409);
    await sleep(1000);
    expect(stream.count()).toBe(before);
    await stream.close();
  });

  it('coalesces a burst into at most one signal per 500 ms per connection', async () => {
    const stream = await openStream(b, GESTOR);
    await sleep(800);
    const before = stream.count();
    const t0 = performance.now();
    await Promise.all(['LIVE-010', 'LIVE-011', 'LIVE-012', 'LIVE-013'].map((n) => newContract(n)));
    const elapsed = performance.now() - t0;
    await stream.waitFor(before + 1, 2000);
    await sleep(700); // the trailing signal of the window, if any
    const got = stream.count() - before;
    expect(got).toBeGreaterThanOrEqual(1);
    // Four commits: the first signal at once, the rest folded, one per started 500 ms window.
    expect(got).toBeLessThanOrEqual(Math.ceil((elapsed + 1300) / 500));
    expect(got).toBeLessThan(4 + 1);
    await stream.close();
  });

  it('allows five streams per user, then 429 in Portuguese; shutdown ends the streams', async () => {
    const hub = new EventHub({ maxPerUser: 5 });
    const app = createApp({
      db: b.database.db,
      schemas: [...CODE_SCHEMAS],
      storage: localStorage(mkdtempSync(join(tmpdir(), 'portal-files-'))),
      version: APP_VERSION,
      authenticate,
      events: hub,
    });
    const c: Instance = { ...b, app, hub };
    const streams = await Promise.all([1, 2, 3, 4, 5].map(() => openStream(c, GESTOR)));
    expect(hub.countOf(GESTOR)).toBe(5);
    const sixth = await call(c, 'GET', '/api/v1/eventos', GESTOR);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/muitas conexões de atualização automática/);
    const other = await openStream(c, RESP); // another person is not affected
    hub.close();
    await Promise.all([...streams, other].map((s) => s.waitDone(2000)));
    expect(hub.size).toBe(0);
    expect((await call(c, 'GET', '/api/v1/eventos', VALID)).status).toBe(429); // closed: no new stream
  });
});

describe('event hub timing', () => {
  it('signals at once, folds a burst into one trailing signal, and sends heartbeats', async () => {
    vi.useFakeTimers();
    try {
      const hub = new EventHub({ coalesceMs: 500, heartbeatMs: 25_000 });
      const sent: string[] = [];
      const remove = hub.add('x@portal.local', { signal: () => void sent.push('s'), heartbeat: () => void sent.push('h'), close: () => undefined })!;
      hub.signal();
      expect(sent).toEqual(['s']);
      hub.signal();
      hub.signal();
      vi.advanceTimersByTime(499);
      expect(sent).toEqual(['s']);
      vi.advanceTimersByTime(1);
      expect(sent).toEqual(['s', 's']);
      vi.advanceTimersByTime(600);
      hub.signal();
      expect(sent).toEqual(['s', 's', 's']);
      vi.advanceTimersByTime(25_000);
      expect(sent.filter((x) => x === 'h')).toHaveLength(1);
      remove();
      hub.signal();
      vi.advanceTimersByTime(60_000);
      expect(sent).toEqual(['s', 's', 's', 'h']);
      // A stream lives at most maxAgeMs: the app reconnects with a fresh token.
      let closed = 0;
      hub.add('x@portal.local', { signal: () => undefined, heartbeat: () => undefined, close: () => void closed++ });
      expect(hub.size).toBe(1);
      vi.advanceTimersByTime(hub.maxAgeMs);
      expect([closed, hub.size]).toEqual([1, 0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
