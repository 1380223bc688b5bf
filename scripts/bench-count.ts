/**
 * npm run bench:count — the total of a filtered list on BENCH_ROWS RDOs (default 1,000,000):
 * p95 of the page alone (what a list without `x-total-count` would cost) against the page with its
 * total as the API answers it (above COUNT_ESTIMATE_THRESHOLD, default 100,000 by the planner's
 * estimate, that estimate, `x-total-count-estimate: true`; otherwise a count that stops after
 * COUNT_EXACT_LIMIT rows, default 1,000, `x-total-count-at-least: true` when it does), and against
 * an always-exact count. Goal: with total ≤ 2 × page. PostgreSQL with DATABASE_URL, PGlite otherwise.
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
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

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
  console.log(`Banco: ${bench.label}; ${N.toLocaleString('pt-BR')} RDOs em ${((Date.now() - t0) / 1000).toFixed(0)} s; limiar da estimativa ${process.env.COUNT_ESTIMATE_THRESHOLD ?? '100000'}; contagem exata até ${process.env.COUNT_EXACT_LIMIT ?? '1000'}`);

  const admin = mk('admin@portal.local', ['acesso_total'], []);
  const sm = mk('sm@portal.local', ['site_manager', 'rdo_by_obra'], ['101', '102']);
  const cases: [string, typeof admin, Record<string, string[]>][] = [
    ['obra=101 (1/5 das linhas), admin', admin, { obra: ['101'] }],
    ['obra=101&status=Rascunho, admin', admin, { obra: ['101'], status: ['Rascunho'] }],
    ['status=Reprovado, site manager (regras)', sm, { status: ['Reprovado'] }],
    ['lista inteira, site manager (regras)', sm, {}],
    ['lista inteira, admin', admin, {}],
  ];
  for (const [title, actor, filters] of cases) {
    const p = parseListParams(diario, { _start: ['0'], _end: ['25'], _sort: ['data'], _order: ['desc'], ...filters });
    const page = listParts(db, diario, actor, p).page;
    const pageOnly = await timeIt(() => page.execute(), RUNS);
    const api = await timeIt(() => listRecords(db, diario, actor, p), RUNS);
    const once = await listRecords(db, diario, actor, p);
    const saved = { ...process.env };
    Object.assign(process.env, { COUNT_ESTIMATE_THRESHOLD: '0', COUNT_EXACT_LIMIT: '0' });
    const exact = await timeIt(() => listRecords(db, diario, actor, p), Math.min(RUNS, 10), 1);
    const exactTotal = (await listRecords(db, diario, actor, p)).total;
    for (const k of ['COUNT_ESTIMATE_THRESHOLD', 'COUNT_EXACT_LIMIT']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    console.log(`\n${title}`);
    console.log(`  só a página                 p95 ${pageOnly.p95.toFixed(1).padStart(8)} ms`);
    console.log(`  página + total (API)        p95 ${api.p95.toFixed(1).padStart(8)} ms   total ${once.total.toLocaleString('pt-BR')}${once.kind === 'estimate' ? ' (estimativa)' : once.kind === 'atLeast' ? ' (no mínimo)' : ''}   razão ${(api.p95 / pageOnly.p95).toFixed(2)} (meta ≤ 2)`);
    console.log(`  página + contagem exata     p95 ${exact.p95.toFixed(1).padStart(8)} ms   total ${exactTotal.toLocaleString('pt-BR')}   razão ${(exact.p95 / pageOnly.p95).toFixed(2)}`);
  }
  await bench.close();
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
