/**
 * The access rules' SQL must be answered from indexes: a restricted user's list on 20,000 RDOs
 * across 50 sites (and 20,000 material lists) is planned with index / bitmap scans, never a
 * sequential scan of the table, and returns exactly the rows the rules allow.
 *
 * PostgreSQL only: PGlite plans the same SQL, but the plan test needs the server's planner with
 * real statistics on a realistic volume, and seeding 40k rows in an in-memory PGlite for every run
 * would only slow the suite down. Set TEST_DATABASE_URL to run it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { schemaByName } from '../../schemas';
import { createTestApi, type TestApi } from '../../mocks/test-app';
import { defineAbilityFor } from '../../src/access/ability';
import { normalizeUser } from '../../src/access/user';
import { buildListQuery, listRecords, readWhere, type Actor } from '../../src/server/crud/repository';
import { parseListParams } from '../../src/server/crud/list-query';
import { bulkCopy } from '../../src/server/seed/bulk-rows';

const url = process.env.TEST_DATABASE_URL;
const SITES = Array.from({ length: 50 }, (_, i) => `P${String(i + 1).padStart(3, '0')}`);
const MANAGERS = SITES.map((s, i) => ({ mail: `gerente${i + 1}@portal.local`, nome: `Gerente ${i + 1}` }));

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe.skipIf(!url)('access rules planned on indexes (PostgreSQL only; PGlite skipped: needs TEST_DATABASE_URL)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ databaseUrl: url });
    const db = api.db;
    await bulkCopy(db, schemaByName('obra')!, SITES.length, { sites: SITES });
    await bulkCopy(db, schemaByName('diario')!, 20_000, { sites: SITES, people: { siteManager: MANAGERS } });
    const people = { Quantificou: MANAGERS, Verificador: MANAGERS.slice(1), Coordenador: MANAGERS.slice(2), Site_manager: MANAGERS.slice(3) };
    await bulkCopy(db, schemaByName('material')!, 20_000, { sites: SITES, people });
    await sql`ANALYZE`.execute(db);
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  const actor = (email: string, roles: string[], obra: string[]): Actor => {
    const user = normalizeUser({ id_user: email, username: email, email, name: email, roles, obra, empresa: ['Portal Engenharia'], tipo: 'PE' });
    return { email, ability: defineAbilityFor(user) };
  };
  const plan = async (q: Compilable): Promise<PlanNode[]> => {
    const c = q.compile();
    const r = await api.db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${c.sql}`, [...c.parameters]));
    return nodes(r.rows[0]['QUERY PLAN'][0].Plan);
  };
  const scansOf = (all: PlanNode[], table: string) => all.filter((n) => n['Relation Name'] === table).map((n) => n['Node Type']);

  // A site manager of site 3 who also reads the RDOs of sites 1 and 2 (rules: obra ∈ … OR siteManager.mail = me).
  const sm = actor(MANAGERS[2].mail, ['site_manager', 'rdo_by_obra'], [SITES[0], SITES[1]]);

  it("RDO: the restricted user's count is a BitmapOr of the obra and siteManager.mail indexes", async () => {
    const diario = schemaByName('diario')!;
    const count = api.db
      .selectFrom('diario')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(readWhere(diario, sm));
    const all = await plan(count);
    expect(scansOf(all, 'diario')).not.toContain('Seq Scan');
    expect(all.map((n) => n['Node Type'])).toContain('BitmapOr');
    const used = all.map((n) => n['Index Name']).filter(Boolean);
    expect(used).toEqual(expect.arrayContaining(['diario_obra_idx', 'diario_siteManager_idx']));
  });

  it('RDO: the list page and total use indexes and return exactly the rows the rules allow', async () => {
    const diario = schemaByName('diario')!;
    const p = parseListParams(diario, { _start: ['0'], _end: ['25'] });
    const all = await plan(buildListQuery(api.db, diario, sm, p));
    expect(scansOf(all, 'diario').length).toBeGreaterThan(0);
    expect(scansOf(all, 'diario')).not.toContain('Seq Scan');
    const expected = await sql<{
      n: string;
    }>`select count(*) as n from diario where obra in (${SITES[0]}, ${SITES[1]}) or "siteManager"->>'mail' = ${MANAGERS[2].mail}`.execute(api.db);
    expect(Number(expected.rows[0].n)).toBeGreaterThan(1000);
    // By default a list this long answers a lower bound (the count stops at COUNT_EXACT_LIMIT)...
    const capped = await listRecords(api.db, diario, sm, p);
    expect(capped.kind).toBe('atLeast');
    expect(capped.total).toBe(1001);
    // ...and counted in full, the rules give exactly the rows they allow.
    process.env.COUNT_EXACT_LIMIT = '0';
    process.env.COUNT_ESTIMATE_THRESHOLD = '0';
    const { rows, total, kind } = await listRecords(api.db, diario, sm, p).finally(() => {
      delete process.env.COUNT_EXACT_LIMIT;
      delete process.env.COUNT_ESTIMATE_THRESHOLD;
    });
    expect(kind).toBe('exact');
    expect(total).toBe(Number(expected.rows[0].n));
    expect(rows).toHaveLength(25);
    for (const r of rows) expect([SITES[0], SITES[1]].includes(r.obra as string) || (r.siteManager as { mail: string }).mail === MANAGERS[2].mail).toBe(true);
  });

  it("RDO: a site filter the rules already allow drops the rule from the SQL (same plan as the administrator's)", async () => {
    const diario = schemaByName('diario')!;
    const p = parseListParams(diario, { obra: [SITES[0]], _start: ['0'], _end: ['25'] });
    const mine = buildListQuery(api.db, diario, sm, p).compile();
    const admin = buildListQuery(api.db, diario, actor('admin@portal.local', ['acesso_total'], []), p).compile();
    expect(mine.sql).toBe(admin.sql);
    expect(scansOf(await plan(buildListQuery(api.db, diario, sm, p)), 'diario')).not.toContain('Seq Scan');
  });

  it('Materiais: four person rules (Quantificou, Verificador, Coordenador, Site_manager) combine their indexes', async () => {
    const material = schemaByName('material')!;
    const reader = actor(MANAGERS[10].mail, ['materiais'], []);
    const count = api.db
      .selectFrom('material')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(readWhere(material, reader));
    const all = await plan(count);
    expect(scansOf(all, 'material')).not.toContain('Seq Scan');
    expect(all.map((n) => n['Node Type'])).toContain('BitmapOr');
    const used = all.map((n) => n['Index Name']).filter(Boolean);
    expect(used).toEqual(
      expect.arrayContaining(['material_Quantificou_idx', 'material_Verificador_idx', 'material_Coordenador_idx', 'material_Site_manager_idx']),
    );
  });
});
