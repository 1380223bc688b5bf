/**
 * Health and metrics of the whole API (issue 27): liveness and readiness without a session, and
 * GET /metrics off without METRICS_TOKEN (a JSON 404, also with the built app's fallback in front of
 * other paths) and, with it, the Prometheus text behind the bearer token — on PGlite and PostgreSQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveBuiltApp } from '../../src/server/http/static-assets';
import { ENGINE_BACKENDS, useApi } from './backends';

describe.each(ENGINE_BACKENDS)('health and metrics (%s)', (backend) => {
  describe('without METRICS_TOKEN', () => {
    const t = useApi(backend);

    // First: the built app's routes are added before the app answers anything (Hono builds its router then).
    it('has no /metrics, even behind the built app’s fallback', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-spa-'));
      try {
        writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Portal</title>');
        serveBuiltApp(t.api.app, dir);
        const res = await t.api.request('/metrics', { as: null, headers: { authorization: 'Bearer qualquer' } });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Recurso não encontrado.', statusCode: 404 });
        expect((await t.api.request('/uma/tela', { as: null })).status).toBe(200); // the fallback itself still answers
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('answers liveness and readiness without a session', async () => {
      const live = await t.api.request('/api/v1/health', { as: null });
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ status: 'ok' });
      const ready = await t.api.request('/api/v1/health/ready', { as: null });
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ok',
        verificacoes: { processo: { status: 'ok' }, banco: { status: 'ok' }, filaEmails: { status: 'ok' }, arquivos: { status: 'ok' } },
      });
    });
  });

  describe('with METRICS_TOKEN', () => {
    beforeAll(() => {
      vi.stubEnv('METRICS_TOKEN', 'token-das-metricas');
    });
    afterAll(() => {
      vi.unstubAllEnvs();
    });
    const t = useApi(backend);
    const scrape = async () => {
      const res = await t.api.request('/metrics', { as: null, headers: { authorization: 'Bearer token-das-metricas' } });
      expect(res.status).toBe(200);
      return res.text();
    };

    it('refuses a scrape without the token', async () => {
      for (const headers of [{}, { authorization: 'Bearer outro' }] as Record<string, string>[]) {
        const res = await t.api.request('/metrics', { as: null, headers });
        expect(res.status).toBe(401);
        expect((await res.json()).message).toMatch(/token das métricas/);
      }
      // A session of the portal is not the metrics token.
      expect((await t.api.request('/metrics')).status).toBe(401);
    });

    it('counts the API’s requests by route pattern and status, with the queue, the pool where there is one and the process', async () => {
      const list = (await (await t.api.request('/api/v1/contratos?_start=0&_end=2')).json()) as { id: number }[];
      expect(list.length).toBe(2);
      for (const row of list) expect((await t.api.request(`/api/v1/contratos/${row.id}`)).status).toBe(200);
      expect((await t.api.request('/api/v1/contratos/1', { as: null })).status).toBe(401);
      const pending = Number(
        (await sql<{ n: number }>`select count(*)::int as n from mensagem where enviada_em is null and proxima_tentativa < 'infinity'`.execute(t.api.db))
          .rows[0].n,
      );
      const text = await scrape();
      expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="\/api\/v1\/contratos\/:id",status="200"\} 2$/m);
      expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="\/api\/v1\/contratos",status="200"\} 1$/m);
      expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="\/api\/v1\/\*",status="401"\} 1$/m);
      expect(text).toMatch(/^portal_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/contratos\/:id",status="200"\} 2$/m);
      for (const row of list) expect(text).not.toContain(`/contratos/${row.id}"`);
      expect(text).toMatch(new RegExp(`^portal_mail_pending ${pending}$`, 'm'));
      expect(text).toMatch(/^portal_process_resident_memory_bytes \d+/m);
      if (backend === 'postgres') expect(text).toMatch(/^portal_db_pool_connections\{state="total"\} [1-9]/m);
      else expect(text).not.toContain('portal_db_pool');
    });
  });
});
