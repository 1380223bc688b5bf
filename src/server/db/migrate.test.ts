import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import { connect } from './connect';
import { migrate, MigrationRefused, planMigration } from './migrate';
import { desiredState } from './ddl';

const base: EntitySchema = {
  name: 'coisa',
  resource: 'coisas',
  label: 'Coisa',
  labelPlural: 'Coisas',
  gender: 'f',
  subject: 'Obra',
  titleField: 'nome',
  fields: [
    { name: 'nome', kind: 'text', label: 'Nome', required: true, filter: true },
    { name: 'tipo', kind: 'enum', label: 'Tipo', options: ['A', 'B'] },
  ],
};
const withColumn: EntitySchema = { ...base, fields: [...base.fields, { name: 'valor', kind: 'money', label: 'Valor', sort: true }] };

describe('migrations from schemas', () => {
  it('creates tables and indexes once, then adds a new column without touching data', async () => {
    const { db, close } = await connect({ memory: true });
    try {
      const first = await migrate(db, [base]);
      expect(first.version).toBe(1);
      expect((await migrate(db, [base])).applied).toBe(0);
      await db.insertInto('coisa').values({ nome: 'x', tipo: 'A' }).execute();
      const second = await migrate(db, [withColumn]);
      expect(second.version).toBe(2);
      const rows = await db.selectFrom('coisa').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ nome: 'x', valor: null });
      const idx = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'coisa'`.execute(db);
      expect(idx.rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(['coisa_nome_idx', 'coisa_valor_idx']));
      // The enum's options are a CHECK constraint.
      await expect(db.insertInto('coisa').values({ nome: 'y', tipo: 'Z' }).execute()).rejects.toThrow();
    } finally {
      await close();
    }
  });

  it('refuses a change that would drop data unless explicitly allowed', async () => {
    const { db, close } = await connect({ memory: true });
    try {
      await migrate(db, [withColumn]);
      await expect(migrate(db, [base], { allowDestructive: false })).rejects.toBeInstanceOf(MigrationRefused);
      const cols = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'coisa'`.execute(db);
      expect(cols.rows.map((c) => c.column_name)).toContain('valor');
      await migrate(db, [base], { allowDestructive: true });
      const after = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'coisa'`.execute(db);
      expect(after.rows.map((c) => c.column_name)).not.toContain('valor');
    } finally {
      await close();
    }
  });

  it("rewrites an enum's former values before its new CHECK is added (formerOptions)", async () => {
    const { db, close } = await connect({ memory: true });
    const renamed: EntitySchema = {
      ...base,
      fields: [base.fields[0], { name: 'tipo', kind: 'enum', label: 'Tipo', options: ['A', 'C'], formerOptions: { B: 'C' } }],
    };
    try {
      await migrate(db, [base]);
      await db
        .insertInto('coisa')
        .values([{ nome: 'a', tipo: 'A' }, { nome: 'b', tipo: 'B' }, { nome: 'n' }])
        .execute();
      const plan = planMigration(desiredState([base]), desiredState([renamed]));
      const update = plan.statements.findIndex((s) => s.startsWith('UPDATE "coisa"'));
      expect(update).toBeGreaterThan(-1);
      expect(update).toBeLessThan(plan.statements.findIndex((s) => s.includes('ADD CONSTRAINT "coisa_tipo_check"')));
      await migrate(db, [renamed]);
      const rows = await db.selectFrom('coisa').select(['nome', 'tipo', 'version']).orderBy('nome').execute();
      expect(rows).toEqual([
        { nome: 'a', tipo: 'A', version: 1 },
        { nome: 'b', tipo: 'C', version: 2 },
        { nome: 'n', tipo: null, version: 1 },
      ]);
      await expect(db.insertInto('coisa').values({ nome: 'z', tipo: 'B' }).execute()).rejects.toThrow();
      // Nothing is rewritten once the constraint is in place.
      expect(planMigration(desiredState([renamed]), desiredState([renamed])).statements).toEqual([]);
    } finally {
      await close();
    }
  });

  it('plans nothing destructive for an added field', () => {
    const plan = planMigration(desiredState([base]), desiredState([withColumn]));
    expect(plan.destructive).toEqual([]);
    expect(plan.statements.some((s) => s.includes('ADD COLUMN "valor"'))).toBe(true);
  });
});
