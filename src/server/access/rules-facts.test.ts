/**
 * `facts` (what the list's equality filters guarantee) decide rule leaves before SQL: the rows
 * returned with facts are exactly those returned without them, for every combination below.
 */
import { subject } from '@casl/ability';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../../access/ability';
import type { EntitySchema } from '../../../schemas/kinds';
import { accessWhere } from './rules-to-sql';

const RDO: EntitySchema = {
  label: 'x',
  labelPlural: 'xs',
  gender: 'm',
  titleField: 'id',
  name: 't_rdo_facts',
  resource: 'rdos',
  subject: 'RDO',
  fields: [
    { name: 'obra', kind: 'text', label: 'Obra' },
    { name: 'siteManager', kind: 'person', label: 'SM' },
  ],
};

const user = (roles: string[], obra: string[]) =>
  defineAbilityFor({ id_user: 'u', username: 'sm@x', email: 'sm@x', name: 'SM', roles, obra, empresa: [], tipo: 'PE' });

describe('access rules decided by the list filters (facts)', () => {
  let pg: PGlite;
  let db: Kysely<any>;
  const rows: { id: number; obra: string | null; siteManager: { mail: string } | null }[] = [];
  beforeAll(async () => {
    pg = new PGlite();
    db = new Kysely<any>({ dialect: new PGliteDialect(pg) });
    await sql`create table t_rdo_facts (id int primary key, obra text, "siteManager" jsonb)`.execute(db);
    let id = 0;
    for (const obra of ['101', '102', '103', null]) {
      for (const mail of ['sm@x', 'other@x', null]) {
        rows.push({ id: ++id, obra, siteManager: mail ? { mail } : null });
        await sql`insert into t_rdo_facts values (${id}, ${obra}, ${mail ? JSON.stringify({ mail }) : null}::jsonb)`.execute(db);
      }
    }
  });
  afterAll(async () => {
    await db.destroy();
  });

  const ids = async (ability: ReturnType<typeof user>, filter: string[] | undefined, facts?: Map<string, string[]>) => {
    const access = accessWhere(ability, 'read', RDO, { facts });
    if (access.forbidden) throw new Error('forbidden');
    let q = db.selectFrom('t_rdo_facts').select('id').where(access.where).orderBy('id');
    if (filter) q = q.where('obra', 'in', filter);
    return { ids: (await q.execute()).map((r) => r.id as number), sql: q.compile().sql };
  };

  const abilities = {
    'site manager + rdo_by_obra': user(['site_manager', 'rdo_by_obra'], ['101', '102']),
    'rdo_by_obra only': user(['rdo_by_obra'], ['101']),
    'site manager only': user(['site_manager'], []),
  };
  const filters = [['101'], ['103'], ['101', '103'], ['101', '102']];

  for (const [name, ability] of Object.entries(abilities)) {
    it(`${name}: same rows with and without facts, and the rows CASL allows`, async () => {
      for (const f of filters) {
        const plain = await ids(ability, f);
        const folded = await ids(ability, f, new Map([['obra', f]]));
        expect(folded.ids, `${name} obra=${f}`).toEqual(plain.ids);
        const allowed = rows.filter((r) => r.obra !== null && f.includes(r.obra) && ability.can('read', subject('RDO', { ...r }) as never)).map((r) => r.id);
        expect(folded.ids).toEqual(allowed);
      }
    });
  }

  it("drops the site rule from the SQL when the filter is one of the user's sites, keeps it otherwise", async () => {
    const ability = abilities['site manager + rdo_by_obra'];
    expect((await ids(ability, ['101'], new Map([['obra', ['101']]]))).sql).not.toMatch(/siteManager|"obra" in \(\$\d+, \$\d+\)/);
    const other = (await ids(ability, ['103'], new Map([['obra', ['103']]]))).sql;
    expect(other).toMatch(/"siteManager"->>'mail'/);
    expect(other).not.toMatch(/"obra" in \(\$\d+, \$\d+\) or|or "obra" in/);
    expect((await ids(ability, ['101', '103'], new Map([['obra', ['101', '103']]]))).sql).toMatch(/siteManager/);
  });
});
