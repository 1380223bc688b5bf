/**
 * npm run bench:dashboards — every dashboard of resources/dashboards on large tables.
 *
 * Seeds the demo data, then copies each dashboard entity up to BENCH_ROWS rows (default 1,000,000;
 * INSERT … SELECT generate_series, dates spread over three years), VACUUM ANALYZE, and runs each
 * widget's aggregate query (GET /{resource}/aggregate with the widget's filters and the dashboard's
 * default period) as an administrator through the API, BENCH_RUNS times (default 5). Prints per
 * dashboard the p50 of each widget, the slowest and the sum (the dashboard's queries one after
 * another). PostgreSQL with DATABASE_URL, PGlite otherwise. Figures only, no assertion.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { SCHEMAS, schemaByName } from '../schemas';
import { DASHBOARDS, type DashboardWidget } from '../resources/dashboards';
import { createApp } from '../src/server/app';
import { bulkCopy } from '../src/server/seed/bulk-rows';
import { localStorage } from '../src/server/storage/storage';
import { normalizeUser } from '../src/access/user';
import { benchDatabase, timeIt } from './bench-db';

const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SITE = process.env.BENCH_SITE ?? '101';

const admin = normalizeUser({
  id_user: 'a',
  username: 'admin@portal.local',
  email: 'admin@portal.local',
  name: 'Admin',
  roles: ['acesso_total'],
  obra: [],
  empresa: ['Portal Engenharia'],
  tipo: 'PE',
});

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The widget's query string as the dashboard page builds it (dashboard-page.tsx widgetFilters). */
function widgetQuery(w: DashboardWidget, months: number): string {
  const today = new Date();
  const q = new URLSearchParams({ measure: w.measure ?? 'count' });
  const resolve = (v: string) => {
    if (v === '$hoje') return iso(today);
    if (v === '$ontem') return iso(new Date(today.getTime() - 86_400_000));
    const rel = /^\$hoje([+-]\d+)$/.exec(v);
    if (rel) return iso(new Date(today.getTime() + Number(rel[1]) * 86_400_000));
    if (v.startsWith(':') || v.startsWith('?')) return SITE;
    return v;
  };
  for (const [k, v] of Object.entries(w.filters ?? {})) for (const x of Array.isArray(v) ? v : [v]) q.append(k, resolve(x));
  if (w.periodField) {
    const from = new Date(today);
    from.setMonth(from.getMonth() - months);
    const dt = schemaByName(w.entity)?.fields.find((f) => f.name === w.periodField)?.kind === 'datetime';
    q.set(`${w.periodField}_gte`, dt ? `${iso(from)}T00:00:00` : iso(from));
    q.set(`${w.periodField}_lte`, dt ? `${iso(today)}T23:59:59` : iso(today));
  }
  if (w.groupBy) q.set('groupBy', w.groupBy);
  if (w.interval) q.set('interval', w.interval);
  if (w.top) q.set('top', String(w.top));
  return q.toString();
}

async function main() {
  const bench = await benchDatabase('bench_dash');
  const db = bench.database.db;
  const entities = [...new Set(Object.values(DASHBOARDS).flatMap((d) => d.widgets.filter((w) => w.kind !== 'records').map((w) => w.entity)))];
  const only = process.env.BENCH_ENTITIES?.split(',').filter(Boolean);
  const t0 = Date.now();
  for (const name of only ?? entities) {
    const schema = schemaByName(name)!;
    const have = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(db)).rows[0].n);
    if (have === 0) {
      console.log(`${name}: sem linhas de demonstração para copiar`);
      continue;
    }
    if (N > have) await bulkCopy(db, schema, N - have);
  }
  await sql`VACUUM ANALYZE`.execute(db);
  console.log(
    `Banco: ${bench.label}; ${N.toLocaleString('pt-BR')} linhas em cada uma de ${(only ?? entities).join(', ')} (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );

  const app = createApp({ db, schemas: SCHEMAS, storage: localStorage(join(bench.dataDir, 'f')), version: 'bench', authenticate: async () => admin });
  for (const d of Object.values(DASHBOARDS)) {
    console.log(`\n${d.title} (${d.id}), período ${d.defaultMonths} meses`);
    let sum = 0;
    let slowest = { id: '', ms: 0 };
    for (const w of d.widgets) {
      if (w.kind === 'records' || (only && !only.includes(w.entity))) continue;
      const path = `/api/v1/${schemaByName(w.entity)!.resource}/aggregate?${widgetQuery(w, d.defaultMonths)}`;
      const check = await app.request(path);
      if (check.status !== 200) {
        console.log(`  ${w.id.padEnd(24)} HTTP ${check.status} ${(await check.text()).slice(0, 120)}`);
        continue;
      }
      const t = await timeIt(async () => (await app.request(path)).arrayBuffer(), RUNS, 1);
      sum += t.p50;
      if (t.p50 > slowest.ms) slowest = { id: w.id, ms: t.p50 };
      console.log(`  ${w.id.padEnd(24)} ${w.entity.padEnd(18)} p50 ${t.p50.toFixed(1).padStart(8)} ms   p95 ${t.p95.toFixed(1).padStart(8)} ms`);
    }
    console.log(`  soma (consultas em sequência) ${sum.toFixed(0)} ms; mais lenta: ${slowest.id} ${slowest.ms.toFixed(0)} ms`);
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
