/**
 * npm run bench:access, part 2 — the list endpoint with the access rules' WHERE against the same
 * query with the rules bypassed.
 *
 * Seeds the demo data plus BENCH_ROWS RDOs (default 50,000) in a temporary PGlite (or a temporary
 * database on DATABASE_URL), then serves GET /api/v1/diarios?obra=101 (25 rows, sorted, with the
 * total) to the site manager (rules: obra ∈ his sites OR siteManager.mail = him, translated to SQL)
 * and to an administrator (no rule: WHERE TRUE). Both see the same rows. Prints req/s and the ratio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { SCHEMAS, schemaByName } from '../schemas';
import { createApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/open';
import { insertRows } from '../src/server/seed/seed';
import { demoRdoRows } from '../src/server/seed/demo-data';
import { localStorage } from '../src/server/storage/storage';
import { normalizeUser, type PortalUser } from '../src/access/user';

const N = Number(process.env.BENCH_ROWS ?? 50_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const PATH = '/api/v1/diarios?_start=0&_end=25&_sort=data&_order=desc&obra=101';

const user = (email: string, roles: string[], obra: string[]): PortalUser =>
  normalizeUser({ id_user: email, username: email, email, name: email, roles, obra, empresa: ['Portal Engenharia'], tipo: 'PE' });

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-access-'));
  const database = await openDatabase({ dataDir, seed: true });
  const diario = schemaByName('diario')!;
  for (let i = 0; i < N; i += 10_000) await insertRows(database.db, diario, demoRdoRows(Math.min(10_000, N - i), '2019-01-01', i));
  await sql`VACUUM ANALYZE`.execute(database.db);

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
  console.log(`${N.toLocaleString('pt-BR')} RDOs extras; mesmas linhas nas duas consultas: ${JSON.stringify(a) === JSON.stringify(b)}`);
  const run = async (url: string, title: string) => {
    const r = await autocannon({ url, connections: 10, duration: DURATION });
    console.log(`${title.padEnd(36)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms`);
    return r.requests.average;
  };
  await run(bypass.url, 'aquecimento');
  const rb = await run(bypass.url, 'sem regras (acesso_total, WHERE TRUE)');
  const ra = await run(withRules.url, 'com regras (site_manager, rdo_by_obra)');
  console.log(`Razão com regras / sem regras: ${(ra / rb).toFixed(2)}`);
  withRules.s.close();
  bypass.s.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
