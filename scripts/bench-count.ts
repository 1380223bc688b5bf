/**
 * npm run bench:count — the total of a filtered list on BENCH_ROWS RDOs (default 1,000,000):
 * p95 of the page alone (what a list without `x-total-count` would cost) against the page with its
 * total as the API answers it (above COUNT_ESTIMATE_THRESHOLD, default 10,000 by the planner's
 * estimate, that estimate, `x-total-count-estimate: true`; otherwise a count that stops after
 * COUNT_EXACT_LIMIT rows, default 1,000, `x-total-count-at-least: true` when it does), against the
 * limited count alone (no estimate) and against an always-exact count. Goal: with total ≤ 2 × page. PostgreSQL with DATABASE_URL, PGlite otherwise.
 */
import { sql } from 'kysely';
import { schemaByName } from '../schemas';
import { insertRows } from '../src/server/seed/seed';
import { demoRdoRows } from '../src/server/seed/demo-data';
import { bulkCopy } from '../src/server/seed/bulk-rows';
import { defineAbilityFor } from '../src/access/ability';
import { normalizeUser } from '../src/access/user';
import { listParts, listRecords } from '../src/server/crud/repository';
import { parseListParams } from '../src/server/crud/list-query';
import { benchDatabase, timeIt } from './bench-db';

const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

/** Runs `fn` with these environment variables set, then restores them. */
async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

const mk = (email: string, roles: string[], obra: string[]) => {
  const u = normalizeUser({ id_user: email, username: email, email, name: email, roles, obra, empresa: ['Portal Engenharia'], tipo: 'PE' });
  return { email, ability: defineAbilityFor(u) };
};

async function main() {
  const bench = await benchDatabase('bench_count');
  const db = bench.database.db;
  const diario = schemaByName('diario')!;
  const t0 = Date.now();
  const first = Math.min(N, 10_000);
  await insertRows(db, diario, demoRdoRows(first, '2019-01-01', 0));
  if (N > first) await bulkCopy(db, diario, N - first);
  await sql`VACUUM ANALYZE`.execute(db);
  console.log(
    `Banco: ${bench.label}; ${N.toLocaleString('pt-BR')} RDOs em ${((Date.now() - t0) / 1000).toFixed(0)} s; limiar da estimativa ${process.env.COUNT_ESTIMATE_THRESHOLD ?? '10000'}; contagem exata até ${process.env.COUNT_EXACT_LIMIT ?? '1000'}`,
  );

  const admin = mk('admin@portal.local', ['acesso_total'], []);
  const sm = mk('sm@portal.local', ['site_manager', 'rdo_by_obra'], ['101', '102']);
  const cases: [string, typeof admin, Record<string, string[]>][] = [
    ['obra=101 (1/5 das linhas), admin', admin, { obra: ['101'] }],
    ['obra=101&status=Rascunho, admin', admin, { obra: ['101'], status: ['Rascunho'] }],
    ['status=Reprovado, site manager (regras)', sm, { status: ['Reprovado'] }],
    ['lista inteira, site manager (regras)', sm, {}],
    ['lista inteira, admin', admin, {}],
  ];
  const ms = (t: { p50: number; p95: number }) => `p50 ${t.p50.toFixed(1).padStart(6)} ms  p95 ${t.p95.toFixed(1).padStart(6)} ms`;
  const kindText = { exact: '', estimate: ' (estimativa)', atLeast: ' (no mínimo)' } as const;
  for (const [title, actor, filters] of cases) {
    const p = parseListParams(diario, { _start: ['0'], _end: ['25'], _sort: ['data'], _order: ['desc'], ...filters });
    const page = listParts(db, diario, actor, p).page;
    const pageOnly = await timeIt(() => page.execute(), RUNS);
    const run = async (env: Record<string, string>, runs: number) =>
      withEnv(env, async () => ({ t: await timeIt(() => listRecords(db, diario, actor, p), runs), answer: await listRecords(db, diario, actor, p) }));
    const api = await run({}, RUNS);
    const capped = await run({ COUNT_ESTIMATE_THRESHOLD: '0' }, RUNS);
    const exact = await run({ COUNT_ESTIMATE_THRESHOLD: '0', COUNT_EXACT_LIMIT: '0' }, Math.min(RUNS, 10));
    const line = (label: string, r: typeof api, goal = '') =>
      console.log(
        `  ${label.padEnd(34)} ${ms(r.t)}   total ${r.answer.total.toLocaleString('pt-BR')}${kindText[r.answer.kind]}   razão p95 ${(r.t.p95 / pageOnly.p95).toFixed(2)}${goal}`,
      );
    console.log(`\n${title}`);
    console.log(`  ${'só a página'.padEnd(34)} ${ms(pageOnly)}`);
    line('página + total (API)', api, ' (meta ≤ 2)');
    line('página + contagem limitada', capped);
    line('página + contagem exata', exact);
  }
  await bench.close();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
