import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { SCHEMAS } from '../../../schemas';
import { createApp } from '../app';
import type { Db } from '../db/connect';
import { localStorage } from '../storage/storage';
import { admission, admissionFromEnv, BUSY_MESSAGE } from './admission';

/** A gate the handlers wait on, opened by the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

const tick = () => new Promise((r) => setTimeout(r, 10));

describe('admission queue in front of the database work', () => {
  it('serves `concurrency` at once, queues `maxQueue` in order, and answers 503 + Retry-After beyond the queue', async () => {
    const g = gate();
    const order: number[] = [];
    const app = new Hono();
    app.use('*', admission({ concurrency: 1, maxQueue: 2, maxWaitMs: 10_000 }));
    app.get('/:n', async (c) => {
      order.push(Number(c.req.param('n')));
      await g.opened;
      return c.json({ ok: true });
    });
    const pending = [1, 2, 3].map(async (n) => {
      const r = app.request(`/${n}`);
      await tick();
      return r;
    });
    await tick();
    const rejected = await Promise.all([4, 5].map((n) => app.request(`/${n}`)));
    for (const r of rejected) {
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('10');
      expect(await r.json()).toEqual({ message: BUSY_MESSAGE, statusCode: 503 });
    }
    g.open();
    const served = await Promise.all(await Promise.all(pending));
    expect(served.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(order).toEqual([1, 2, 3]);
    // The slots are free again.
    expect((await app.request('/6')).status).toBe(200);
  });

  it('answers 503 + Retry-After to a request that waited longer than maxWaitMs', async () => {
    const g = gate();
    const app = new Hono();
    app.use('*', admission({ concurrency: 1, maxQueue: 10, maxWaitMs: 50 }));
    app.get('/', async (c) => {
      await g.opened;
      return c.text('ok');
    });
    const first = app.request('/');
    await tick();
    const waited = await app.request('/');
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe('1');
    g.open();
    expect((await first).status).toBe(200);
  });

  it('is wired in front of the API (authentication included) when createApp gets `admission`', async () => {
    const g = gate();
    const app = createApp({
      db: {} as Db,
      schemas: SCHEMAS,
      storage: localStorage('/tmp/portal-admission-test'),
      version: 'test',
      authenticate: async () => {
        await g.opened;
        return null;
      },
      admission: { concurrency: 1, maxQueue: 0, maxWaitMs: 5000 },
    });
    const first = app.request('/api/v1/diarios');
    await tick();
    const busy = await app.request('/api/v1/diarios');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect((await busy.json()).message).toBe(BUSY_MESSAGE);
    g.open();
    expect((await first).status).toBe(401);
  });

  it('reads its bounds from the environment, with defaults per database', () => {
    expect(admissionFromEnv('pglite', 4, {})).toEqual({ concurrency: 4, maxQueue: 1000, maxWaitMs: 5000 });
    expect(admissionFromEnv('postgres', 8, {}).concurrency).toBe(16);
    expect(admissionFromEnv('postgres', 8, { DB_CONCURRENCY: '3', DB_QUEUE_MAX: '7', DB_QUEUE_WAIT_MS: '250' })).toEqual({
      concurrency: 3,
      maxQueue: 7,
      maxWaitMs: 250,
    });
    expect(admissionFromEnv('pglite', 4, { DB_QUEUE_WAIT_MS: 'x' }).maxWaitMs).toBe(5000);
  });
});
