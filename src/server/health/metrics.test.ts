import { Hono } from 'hono';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/connect';
import { startMailer } from '../mail/mailer';
import { startEngine } from '../db/boss';
import { MAIL_CORE_SQL, enqueueMail } from '../mail/queue';
import type { MailTransport } from '../mail/transport';
import { createMetrics, metricsFromEnv, metricsHandler, type PortalMetrics } from './metrics';

let database: Database;
beforeAll(async () => {
  database = await connect({ memory: true });
  for (const stmt of MAIL_CORE_SQL) await sql.raw(stmt).execute(database.db);
});
afterAll(async () => {
  await database.close();
});

/** A small app with the metrics mounted as app.ts mounts them. */
function appWith(metrics: PortalMetrics | undefined) {
  const app = new Hono();
  if (metrics) app.use('*', metrics.middleware);
  app.get('/metrics', metricsHandler(metrics));
  app.get('/api/v1/contratos/:id', (c) => c.json({ id: c.req.param('id') }));
  app.all('/api/v1/*', (c) => c.json({ message: 'Recurso não encontrado.', statusCode: 404 }, 404));
  return app;
}
const scrape = async (app: Hono, token = 'segredo') => (await app.request('/metrics', { headers: { authorization: `Bearer ${token}` } })).text();
/** The value of one sample line (`name{labels} value`). */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(line + ' '));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('metrics (GET /metrics)', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    expect(metricsFromEnv({ db: database.db }, {})).toBeUndefined();
    const res = await appWith(undefined).request('/metrics');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Recurso não encontrado.', statusCode: 404 });
  });

  it('asks for the bearer token: none or a wrong one is 401, in Portuguese', async () => {
    const app = appWith(metricsFromEnv({ db: database.db, processMetrics: false }, { METRICS_TOKEN: 'segredo' }));
    for (const authorization of [undefined, 'Bearer errado', 'Bearer segredo-mais-longo', 'Basic c2VncmVkbw==', 'segredo']) {
      const res = await app.request('/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toMatch(/token das métricas/);
    }
    const ok = await app.request('/metrics', { headers: { authorization: 'bearer segredo' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern, never by the URL with its ids, with a latency histogram', async () => {
    const app = appWith(createMetrics({ token: 'segredo', db: database.db, processMetrics: false }));
    for (const id of ['101', '202', '303']) expect((await app.request(`/api/v1/contratos/${id}`)).status).toBe(200);
    expect((await app.request('/api/v1/nada/987654')).status).toBe(404);
    const text = await scrape(app);
    expect(sample(text, 'portal_http_requests_total{method="GET",route="/api/v1/contratos/:id",status="200"}')).toBe(3);
    expect(sample(text, 'portal_http_requests_total{method="GET",route="/api/v1/*",status="404"}')).toBe(1);
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/v1/contratos/:id",status="200"}')).toBe(3);
    expect(text).toContain('portal_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/contratos/:id",status="200"}');
    // No id in any label (values such as a latency sum may hold the same digits by chance).
    expect(text).not.toMatch(/\{[^}]*(?:101|202|303|987654)[^}]*\}/);
  });

  it('keeps each app’s registry apart, and adds the process metrics', async () => {
    const a = appWith(createMetrics({ token: 'segredo', db: database.db }));
    const b = appWith(createMetrics({ token: 'segredo', db: database.db }));
    await a.request('/api/v1/contratos/1');
    await a.request('/api/v1/contratos/2');
    await b.request('/api/v1/contratos/1');
    const line = 'portal_http_requests_total{method="GET",route="/api/v1/contratos/:id",status="200"}';
    const [ta, tb] = [await scrape(a), await scrape(b)];
    expect(sample(ta, line)).toBe(2);
    expect(sample(tb, line)).toBe(1);
    expect(ta).toMatch(/^portal_process_cpu_user_seconds_total /m);
    expect(ta).toMatch(/^portal_nodejs_eventloop_lag_seconds /m);
  });

  it('reports the mail queue, the mailer’s sent and failed e-mails, and no pool on PGlite', async () => {
    const metrics = createMetrics({ token: 'segredo', db: database.db, processMetrics: false });
    const app = appWith(metrics);
    await sql`delete from mensagem`.execute(database.db);
    for (const to of ['ok1@portal.local', 'ok2@portal.local', 'falha@portal.local'])
      await enqueueMail(database.db, { to: [to], subject: 'Aviso', text: 'texto' });
    await sql`update mensagem set criada_em = now() - interval '2 minutes'`.execute(database.db);
    let text = await scrape(app);
    expect(sample(text, 'portal_mail_pending')).toBe(3);
    expect(sample(text, 'portal_mail_oldest_pending_seconds')).toBeGreaterThanOrEqual(120);
    const transport: MailTransport = {
      kind: 'arquivo',
      where: 'teste',
      async send(m) {
        if (m.to.includes('falha@portal.local')) throw new Error('recusado');
      },
    };
    // The engine adopts the three rows queued without it, and its worker (or drainNow) delivers them.
    const engine = await startEngine(database, { schedule: false });
    const mailer = await startMailer(database.db, transport, { onDrain: metrics.mailDrained });
    await mailer.drainNow();
    await mailer.stop();
    text = await scrape(app);
    expect(sample(text, 'portal_mail_sent_total')).toBe(2);
    expect(sample(text, 'portal_mail_failed_total')).toBe(1);
    expect(sample(text, 'portal_mail_pending')).toBe(1); // the failed one waits for its retry
    expect(text).not.toContain('portal_db_pool');
    await engine.stop();
  });

  it('reports the PostgreSQL pool when there is one', async () => {
    const stats = { total: 4, idle: 3, waiting: 2 };
    const text = await scrape(appWith(createMetrics({ token: 'segredo', db: database.db, poolStats: () => stats, processMetrics: false })));
    expect(sample(text, 'portal_db_pool_connections{state="total"}')).toBe(4);
    expect(sample(text, 'portal_db_pool_connections{state="idle"}')).toBe(3);
    expect(sample(text, 'portal_db_pool_waiting')).toBe(2);
  });
});
