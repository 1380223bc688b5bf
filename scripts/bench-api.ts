/**
 * npm run bench:api — the list endpoint against a bare node:http handler running the same SQL.
 *
 * Seeds N RDOs (BENCH_ROWS, default 200,000) into a fresh database (PostgreSQL when DATABASE_URL
 * is set, in a temporary database; PGlite in a temporary directory otherwise), then runs autocannon
 * against GET /api/v1/diarios (25 rows, sorted by date, filtered by site, with the total) and
 * against the bare handler, and prints req/s, p50 and p99 of both and their ratio.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { serve } from '@hono/node-server';
import { CompiledQuery, sql } from 'kysely';
import { SCHEMAS, schemaByName } from '../schemas';
import { createApp } from '../src/server/app';
import { benchDatabase } from './bench-db';
import { insertRows } from '../src/server/seed/seed';
import { demoRdoRows } from '../src/server/seed/demo-data';
import { bulkCopy } from '../src/server/seed/bulk-rows';
import { localStorage } from '../src/server/storage/storage';
import { normalizeUser } from '../src/access/user';
import { defineAbilityFor } from '../src/access/ability';
import { buildListQuery, listParts } from '../src/server/crud/repository';
import { parseListParams } from '../src/server/crud/list-query';

const N = Number(process.env.BENCH_ROWS ?? 200_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PATH = '/api/v1/diarios?_start=0&_end=25&_sort=data&_order=desc&obra=101';

export const benchUser = normalizeUser({
  id_user: 'bench',
  username: 'admin@portal.local',
  email: 'admin@portal.local',
  name: 'Bench',
  roles: ['acesso_total'],
  empresa: ['Portal Engenharia'],
  obra: [],
  tipo: 'colaborador',
});

async function run(url: string, title: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  const out = { title, reqs: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
  console.log(`${title.padEnd(34)} ${out.reqs.toFixed(0).padStart(7)} req/s   p50 ${out.p50} ms   p99 ${out.p99} ms   erros ${out.errors}`);
  return out;
}

async function main() {
  const bench = await benchDatabase('bench', { poolSize: CONNECTIONS });
  const { database, databaseUrl } = bench;
  const db = database.db;
  const diario = schemaByName('diario')!;
  const t0 = Date.now();
  const first = Math.min(N, 10_000);
  await insertRows(db, diario, demoRdoRows(first, '2020-01-01', 0));
  if (N > first) await bulkCopy(db, diario, N - first); // INSERT … SELECT generate_series
  await sql`VACUUM ANALYZE`.execute(db);
  console.log(`Banco: ${database.kind}; ${N.toLocaleString('pt-BR')} RDOs inseridos em ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const app = createApp({
    db,
    schemas: SCHEMAS,
    storage: localStorage(bench.dataDir),
    version: 'bench',
    authenticate: async () => benchUser,
  });
  const api = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => api.once('listening', r));
  const apiPort = (api.address() as AddressInfo).port;

  // The bare handler runs exactly the SQL the API runs for the same request.
  const url = new URL(`http://x${PATH}`);
  const queries: Record<string, string[]> = {};
  url.searchParams.forEach((v, k) => (queries[k] ??= []).push(v));
  const actor = { email: benchUser.email, ability: defineAbilityFor(benchUser) };
  const params = parseListParams(diario, queries);
  const compiled = buildListQuery(db, diario, actor, params).compile();
  // The API first asks the planner for the row estimate (list-count.ts): the bare handler does too.
  const probe = listParts(db, diario, actor, params)
    .matching.select(sql`1`.as('x'))
    .compile();
  const explain = CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${probe.sql}`, [...probe.parameters]);
  let exec: () => Promise<{ total: string; rows: unknown }>;
  let closeBare = async () => {};
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
    exec = async () => {
      await pool.query(explain.sql, explain.parameters as unknown[]);
      return (await pool.query(compiled.sql, compiled.parameters as unknown[])).rows[0];
    };
    closeBare = () => pool.end();
  } else {
    exec = async () => {
      await db.executeQuery(explain);
      return (await db.executeQuery<{ total: string; rows: unknown }>(compiled)).rows[0];
    };
  }
  const bare = http.createServer(async (_req, res) => {
    const r = await exec();
    res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(r.total) });
    res.end(JSON.stringify(r.rows));
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
  const barePort = (bare.address() as AddressInfo).port;

  const check = await fetch(`http://127.0.0.1:${apiPort}${PATH}`);
  console.log(`Consulta: ${PATH} → ${(await check.json()).length} linhas de ${check.headers.get('x-total-count')}`);
  await run(`http://127.0.0.1:${barePort}/`, 'aquecimento (node:http)');
  const b = await run(`http://127.0.0.1:${barePort}/`, 'node:http + SQL direto');
  const a = await run(`http://127.0.0.1:${apiPort}${PATH}`, 'API /api/v1/diarios');
  console.log(
    `Razão API / direto: req/s ${(a.reqs / b.reqs).toFixed(2)}   p50 ${(a.p50 / Math.max(b.p50, 0.001)).toFixed(2)}   p99 ${(a.p99 / Math.max(b.p99, 0.001)).toFixed(2)}`,
  );

  api.close();
  bare.close();
  await closeBare();
  await bench.close();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
