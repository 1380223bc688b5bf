/**
 * Upgrading a database of the version before issue 40, when the technical inspection report (RIT)
 * had no workflow: its status options were Rascunho, Emitido and Revisado, and its number was typed
 * by hand. The migration rewrites "Revisado" to "Emitido" (the field's `formerOptions`,
 * schemas/rit.ts) before the new CHECK of the options is added; the hand-typed numbers stay and the
 * site's counter continues after them. And a database of the first RIT workflow, before the state
 * "Devolvido" (a return went back to "Rascunho"): every stored state stays valid and the widened
 * CHECK takes the new one. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EntitySchema, FieldDef } from '../../schemas/kinds';
import { CODE_SCHEMAS } from '../../schemas/index';
import { migrate } from '../../src/server/db/migrate';
import { defineAbilityFor } from '../../src/access/ability';
import { normalizeUser } from '../../src/access/user';
import { createRecord } from '../../src/server/crud/repository';
// The core tables, steps and hooks, as the server registers them.
import '../../src/server/modules/register';
import { ENGINE_BACKENDS } from './backends';
import { freshDatabase } from './fresh-database';

/** The RIT as the previous version declared it: no workflow, no numbering, a free status. */
function previousRit(rit: EntitySchema): EntitySchema {
  const fields: FieldDef[] = rit.fields
    .filter((f) => !['constatacoes', 'constatacaoSgi', 'constatacaoItem', 'empresaItem'].includes(f.name))
    .map((f) => {
      if (f.name === 'status')
        return { name: 'status', kind: 'enum', label: 'Situação', required: true, options: ['Rascunho', 'Emitido', 'Revisado'], default: 'Rascunho' };
      if (f.name === 'numero') return { name: 'numero', kind: 'text', label: 'Nº do RIT', required: true, unique: true, maxLength: 30 };
      return f;
    });
  return { ...rit, fields, workflow: undefined, numbering: undefined, related: undefined };
}
const before: EntitySchema[] = CODE_SCHEMAS.map((s) => (s.name === 'rit' ? previousRit(s) : s));
const ritSchema = CODE_SCHEMAS.find((s) => s.name === 'rit')!;

const admin = normalizeUser({ email: 'admin@portal.local', name: 'Administrador', roles: ['acesso_total'], obra: [], empresa: [] });
const adminActor = { email: admin.email, name: admin.name, ability: defineAbilityFor(admin) };

describe.each(ENGINE_BACKENDS)('RIT upgrade from the version without workflow (%s)', (backend) => {
  let d: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    d = await freshDatabase(backend, 'portal_rit');
    await migrate(d.db, before);
    // The CHECK of the previous version is in place: a "Revisado" row is valid there, "Assinado" is not.
    await d.db.insertInto('obra').values({ Id_Lista: '101', nome: 'Obra 101', status: 'Em andamento' }).execute();
    const rit = (numero: string, status: string) => ({
      numero,
      obra: '101',
      data: '2025-06-05',
      titulo: `Inspeção ${numero}`,
      tipoInspecao: 'Montagem',
      inspetor: JSON.stringify({ mail: 'field@portal.local', nome: 'Fábio Field' }),
      status,
      conclusao: 'Aprovado',
    });
    await d.db
      .insertInto('rit')
      .values([rit('RIT-101-007', 'Revisado'), rit('RIT-2025-002', 'Emitido'), rit('RIT-2025-003', 'Rascunho')])
      .execute();
    await expect(d.db.insertInto('rit').values(rit('RIT-X', 'Assinado')).execute()).rejects.toThrow();
  }, 120_000);

  afterAll(async () => {
    await d?.close();
    await d?.drop();
  });

  it('migrates with the current schemas: "Revisado" reads "Emitido", the others are untouched', async () => {
    await expect(migrate(d.db, [...CODE_SCHEMAS])).resolves.toMatchObject({ version: 2 });
    const rows = await d.db.selectFrom('rit').select(['numero', 'status', 'version']).orderBy('numero').execute();
    expect(rows).toEqual([
      { numero: 'RIT-101-007', status: 'Emitido', version: 2 },
      { numero: 'RIT-2025-002', status: 'Emitido', version: 1 },
      { numero: 'RIT-2025-003', status: 'Rascunho', version: 1 },
    ]);
    // The new options are the constraint now.
    const check = await sql<{ def: string }>`
      select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'rit_status_check'`.execute(d.db);
    expect(check.rows[0].def).toContain('Assinado');
    expect(check.rows[0].def).toContain('Devolvido');
    expect(check.rows[0].def).not.toContain('Revisado');
    await expect(sql`update rit set status = 'Revisado' where numero = 'RIT-2025-003'`.execute(d.db)).rejects.toThrow();
    // A second start finds nothing to do.
    await expect(migrate(d.db, [...CODE_SCHEMAS])).resolves.toMatchObject({ applied: 0, version: 2 });
  });

  it("numbers a new report after the site's hand-typed numbers", async () => {
    const created = await createRecord(d.db, ritSchema, adminActor, {
      obra: '101',
      data: '2025-07-01',
      titulo: 'Primeira inspeção após a atualização',
      tipoInspecao: 'Recebimento',
      inspetor: { mail: 'field@portal.local', nome: 'Fábio Field' },
      conclusao: 'Aprovado',
    });
    expect(created).toMatchObject({ numero: 'RIT-101-008', status: 'Rascunho' });
  });
});

/** The RIT of the first workflow (issue 40), before "Devolvido para correção": a return went back to "Rascunho". */
function withoutReturnedState(rit: EntitySchema): EntitySchema {
  const fields = rit.fields.map((f) => (f.name === 'status' && f.kind === 'enum' ? { ...f, options: (f.options ?? []).filter((o) => o !== 'Devolvido') } : f));
  const wf = rit.workflow!;
  return { ...rit, fields, workflow: { ...wf, states: wf.states.filter((st) => st.value !== 'Devolvido') } };
}

describe.each(ENGINE_BACKENDS)('RIT upgrade from the workflow without "Devolvido" (%s)', (backend) => {
  let d: Awaited<ReturnType<typeof freshDatabase>>;
  const STATES = ['Rascunho', 'Emitido', 'Assinado', 'Anulado'];

  beforeAll(async () => {
    d = await freshDatabase(backend, 'portal_rit_dev');
    await migrate(
      d.db,
      CODE_SCHEMAS.map((s) => (s.name === 'rit' ? withoutReturnedState(s) : s)),
    );
    await d.db.insertInto('obra').values({ Id_Lista: '101', nome: 'Obra 101', status: 'Em andamento' }).execute();
    await d.db
      .insertInto('rit')
      .values(
        STATES.map((status, i) => ({
          numero: `RIT-101-00${i + 1}`,
          obra: '101',
          data: '2026-11-02',
          titulo: `Inspeção ${status}`,
          tipoInspecao: 'Montagem',
          inspetor: JSON.stringify({ mail: 'field@portal.local', nome: 'Fábio Field' }),
          status,
          conclusao: 'Aprovado',
        })),
      )
      .execute();
    await expect(sql`update rit set status = 'Devolvido' where numero = 'RIT-101-001'`.execute(d.db)).rejects.toThrow();
  }, 120_000);

  afterAll(async () => {
    await d?.close();
    await d?.drop();
  });

  it('keeps every stored state and accepts "Devolvido" after the migration', async () => {
    await migrate(d.db, [...CODE_SCHEMAS]);
    const rows = await d.db.selectFrom('rit').select(['numero', 'status', 'version']).orderBy('numero').execute();
    expect(rows).toEqual(STATES.map((status, i) => ({ numero: `RIT-101-00${i + 1}`, status, version: 1 })));
    await expect(sql`update rit set status = 'Devolvido' where numero = 'RIT-101-002'`.execute(d.db)).resolves.toBeDefined();
    await expect(migrate(d.db, [...CODE_SCHEMAS])).resolves.toMatchObject({ applied: 0 });
  });
});
