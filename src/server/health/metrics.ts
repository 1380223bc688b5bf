/**
 * `GET /metrics` (issue 27): the server's metrics in Prometheus' text format (prom-client), on a
 * registry of this app instance (never prom-client's global one: tests run several apps in one
 * process). Off unless `METRICS_TOKEN` is set (404, as if absent); with it, the scraper sends
 * `Authorization: Bearer <token>` (401 otherwise; compared in constant time).
 *
 * - `portal_http_requests_total` and `portal_http_request_duration_seconds` by method, route
 *   pattern (Hono's matched route, `/api/v1/contratos/:id`: never the URL, so no ids) and status;
 * - `portal_mail_pending` and `portal_mail_oldest_pending_seconds`: the mail queue, read at scrape;
 * - `portal_mail_sent_total`, `portal_mail_failed_total`: the mailer's drains (src/server/mail/mailer.ts);
 * - `portal_db_pool_connections{state}` and `portal_db_pool_waiting`: PostgreSQL's pool (PGlite: absent);
 * - prom-client's default process metrics (CPU, memory, event loop, GC), prefixed `portal_`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db, PoolStats } from '../db/connect';
import { errorBody } from '../http/errors';
import type { DrainResult } from '../mail/mailer';
import { mailBacklog } from './readiness';

export const METRICS_UNAUTHORIZED = 'Informe o token das métricas no cabeçalho Authorization (Bearer).';

export interface PortalMetrics {
  readonly registry: Registry;
  /** Counts and times every request by route pattern and status (mounted first in app.ts). */
  middleware: MiddlewareHandler;
  /** One drain of the mail queue (startMailer's `onDrain`). */
  mailDrained(r: DrainResult): void;
  /** Whether `Authorization` carries the token (constant-time compare). */
  authorized(header: string | undefined): boolean;
}

export interface MetricsOptions {
  token: string;
  db: Db;
  /** PostgreSQL's pool counters (src/server/db/connect.ts); absent on PGlite. */
  poolStats?: () => PoolStats;
  /** Default process metrics (default true). */
  processMetrics?: boolean;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The metrics of one app, or undefined when `METRICS_TOKEN` is not set (GET /metrics answers 404). */
export function metricsFromEnv(opts: Omit<MetricsOptions, 'token'>, env: NodeJS.ProcessEnv = process.env): PortalMetrics | undefined {
  const token = env.METRICS_TOKEN?.trim();
  return token ? createMetrics({ ...opts, token }) : undefined;
}

export function createMetrics(opts: MetricsOptions): PortalMetrics {
  const registry = new Registry();
  if (opts.processMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'portal_http_requests_total', help: 'HTTP requests by route pattern and status.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to the response headers, by route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const sent = new Counter({ name: 'portal_mail_sent_total', help: 'E-mails sent by this process.', registers: [registry] });
  const failed = new Counter({ name: 'portal_mail_failed_total', help: 'Failed e-mail attempts of this process (retried later).', registers: [registry] });
  // The queue is read once per scrape, by the first of its two gauges.
  let backlog: ReturnType<typeof mailBacklog> | undefined;
  const readBacklog = () => (backlog ??= mailBacklog(opts.db));
  new Gauge({
    name: 'portal_mail_pending',
    help: 'E-mails waiting in the queue (not given up).',
    registers: [registry],
    async collect() {
      const b = await readBacklog().catch(() => undefined);
      if (b) this.set(b.pendentes);
    },
  });
  new Gauge({
    name: 'portal_mail_oldest_pending_seconds',
    help: 'Age of the oldest e-mail waiting in the queue (0 when empty).',
    registers: [registry],
    async collect() {
      const b = await readBacklog().catch(() => undefined);
      backlog = undefined;
      if (b) this.set(b.maisAntigaSegundos ?? 0);
    },
  });
  const poolStats = opts.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections (total open, idle).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
      },
    });
    new Gauge({
      name: 'portal_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection.',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }
  const expected = digest(opts.token);
  return {
    registry,
    async middleware(c: Context, next) {
      const t0 = performance.now();
      await next();
      // After the handlers: the route pattern of the one that answered (the 404 fallback: `/api/v1/*`).
      const labels = { method: c.req.method, route: c.req.routePath || 'desconhecida', status: String(c.res.status) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - t0) / 1000);
    },
    mailDrained(r) {
      sent.inc(r.sent);
      failed.inc(r.failed);
    },
    authorized(header) {
      const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
      return !!m && timingSafeEqual(digest(m[1].trim()), expected);
    },
  };
}

/** `GET /metrics`: 404 when off, 401 without the token, else the registry's text. */
export function metricsHandler(metrics: PortalMetrics | undefined) {
  return async (c: Context) => {
    if (!metrics) return c.json(errorBody(404, 'Recurso não encontrado.'), 404);
    c.header('Cache-Control', 'no-store');
    if (!metrics.authorized(c.req.header('authorization')))
      return c.json(errorBody(401, METRICS_UNAUTHORIZED), 401, { 'WWW-Authenticate': 'Bearer realm="metricas"' });
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
  };
}
