/**
 * npm run bench:access, part 2 — the list endpoint with the access rules' WHERE against the same
 * query with the rules bypassed.
 *
 * Seeds the demo data plus BENCH_ROWS RDOs (default 250,000; 10,000 generated, the rest copied with
 * one INSERT … SELECT generate_series) in a temporary PGlite, or in a temporary database on the
 * PostgreSQL server of DATABASE_URL, then serves GET /api/v1/diarios?obra=101 (25 rows, sorted, with
 * the total) to the site manager (rules: obra ∈ his sites OR siteManager.mail = him, translated to
 * SQL) and to an administrator (no rule: WHERE TRUE), and also the site manager's whole list (no
 * filter: the rules alone pick the rows). Prints req/s and the ratio.
 */
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { SCHEMAS, schemaByName } from '../schemas';
import { createApp } from '../src/server/app';
import { insertRows } from '../src/server/seed/seed';
import { demoRdoRows } from '../src/server/seed/demo-data';
import { bulkCopy } from '../src/server/seed/bulk-rows';
import { localStorage } from '../src/server/storage/storage';
import { normalizeUser, type PortalUser } from '../src/access/user';
import { benchDatabase } from './bench-db';

const N = Number(process.env.BENCH_ROWS ?? 250_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const PATH = '/api/v1/diarios?_start=0&_end=25&_sort=data&_order=desc&obra=101';

const user = (email: string, roles: string[], obra: string[]): PortalUser =>
  normalizeUser({ id_user: email, username: email, email, name: email, roles, obra, empresa: ['Portal Engenharia'], tipo: 'PE' });

async function main() {
  const bench = await benchDatabase('bench_access');
  const { database, dataDir } = bench;
  const diario = schemaByName('diario')!;
  const t0 = Date.now();
  const first = Math.min(N, 10_000);
  await insertRows(database.db, diario, demoRdoRows(first, '2019-01-01', 0));
  if (N > first) await bulkCopy(database.db, diario, N - first);
  await sql`VACUUM ANALYZE`.execute(database.db);
  console.log(`Banco: ${bench.label}; ${N.toLocaleString('pt-BR')} RDOs extras em ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const serveAs = async (u: PortalUser) => {
    const app = createApp({ db: database.db, schemas: SCHEMAS, storage: localStorage(join(dataDir, 'f')), version: 'bench', authenticate: async () => u });
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => s.once('listening', r));
    return { s, url: `http://127.0.0.1:${(s.address() as AddressInfo).port}${PATH}` };
  };
  const withRules = await serveAs(user('sm@portal.local', ['site_manager', 'rdo_by_obra'], ['101', '102']));
  const bypass = await serveAs(user('admin@portal.local', ['acesso_total'], []));

  const a = await (await fetch(withRules.url)).json();
  const b = await (await fetch(bypass.url)).json();
  console.log(`Mesmas linhas nas duas consultas: ${JSON.stringify(a) === JSON.stringify(b)}`);
  const run = async (url: string, title: string) => {
    const r = await autocannon({ url, connections: 10, duration: DURATION });
    console.log(`${title.padEnd(36)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms`);
    return r.requests.average;
  };
  await run(bypass.url, 'aquecimento');
  const rb = await run(bypass.url, 'sem regras (acesso_total, WHERE TRUE)');
  const ra = await run(withRules.url, 'com regras (site_manager, rdo_by_obra)');
  console.log(`Razão com regras / sem regras (obra=101): ${(ra / rb).toFixed(2)}   (meta ≥ 0,8)`);
  // Without the site filter the rules alone choose the rows (obra ∈ {101,102} OR siteManager.mail).
  const whole = (u: string) => u.replace('&obra=101', '');
  const wb = await run(whole(bypass.url), 'lista inteira, sem regras');
  const wa = await run(whole(withRules.url), 'lista inteira, com regras');
  console.log(`Razão com regras / sem regras (lista inteira): ${(wa / wb).toFixed(2)}`);
  withRules.s.close();
  bypass.s.close();
  await bench.close();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
