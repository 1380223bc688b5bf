import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoAbility } from '@casl/ability';
import type { EntitySchema } from '../../../schemas/kinds';
import type { AppAbility } from '../../access/ability';
import { connect, type Database } from '../db/connect';
import { migrate, registerCoreSql } from '../db/migrate';
import { FILE_CORE_SQL } from '../storage/file-tables';
import { TRASH_CORE_SQL } from '../trash/tables';
import { ApiError } from '../http/errors';
import { entityHooks, registerEntityHooks, runBeforeChange, unknownHookEntities } from './hooks-registry';
import { createRecord, deleteRecord, updateRecord } from './repository';
// The engine's lifecycle (SLA, files, edit rules, trash) every write goes through, without the features' registrations.
import '../modules/engine-lifecycle';

/** An entity of this test only: the registry and the engine know nothing about it but its hooks. */
const coisa: EntitySchema = {
  name: 'coisaComGancho',
  resource: 'coisas-com-gancho',
  label: 'Coisa',
  labelPlural: 'Coisas',
  gender: 'f',
  subject: 'Obra',
  titleField: 'nome',
  fields: [
    { name: 'nome', kind: 'text', label: 'Nome', required: true },
    { name: 'codigo', kind: 'text', label: 'Código' },
  ],
};

// A deletion moves the record to the trash (src/server/trash): its tables, without the rest of the portal's.
registerCoreSql('files', FILE_CORE_SQL);
registerCoreSql('lixeira', TRASH_CORE_SQL);

const calls: string[] = [];
registerEntityHooks(coisa.name, {
  beforeValidate: ({ body }) => (calls.push('beforeValidate'), { ...(body as object), nome: String((body as { nome?: unknown }).nome ?? '').trim() }),
  beforeChange: [
    async ({ op, after }) => {
      calls.push(`beforeChange:${op}`);
      if (after.nome === 'recusar') throw new ApiError(400, 'Nome recusado.', { nome: ['Nome recusado.'] });
      return { codigo: `C-${String(after.nome)}` };
    },
  ],
  afterCreate: async ({ row }) => void calls.push(`afterCreate:${String(row.codigo)}`),
  afterChange: async ({ op, before, row }) => void calls.push(`afterChange:${op}:${String(before?.nome ?? '-')}>${String(row.nome)}`),
  beforeDelete: async ({ before }) => {
    calls.push('beforeDelete');
    if (before.nome === 'fica') throw new ApiError(409, 'Não pode ser excluída.');
  },
});
// A second module adds to the same entity: its hook runs after the first and sees what it set.
registerEntityHooks(coisa.name, { beforeChange: async ({ after }) => (calls.push(`second:${String(after.codigo)}`), undefined) });

const actor = { email: 'teste@portal.local', name: 'Teste', ability: createMongoAbility([{ action: 'manage', subject: 'all' }]) as unknown as AppAbility };

describe('entity hooks registry', () => {
  it('keeps the hooks of an entity in registration order, and none for others', async () => {
    expect(entityHooks(coisa.name).beforeChange).toHaveLength(2);
    expect(entityHooks('outraCoisa').beforeChange).toEqual([]);
    calls.length = 0;
    const extra = await runBeforeChange({ trx: undefined as never, schema: coisa, op: 'create', after: { nome: 'x' } });
    expect(extra).toEqual({ codigo: 'C-x' });
    expect(calls).toEqual(['beforeChange:create', 'second:C-x']);
  });

  it('names the entities with hooks that are not schemas', () => {
    expect(unknownHookEntities([coisa])).toEqual([]);
    expect(unknownHookEntities([])).toEqual([coisa.name]);
  });
});

describe('the repository calls the registered hooks', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connect({ memory: true });
    await migrate(database.db, [coisa]);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('on create, update and delete, in the write transaction', async () => {
    calls.length = 0;
    const created = await createRecord(database.db, coisa, actor, { nome: '  primeira ' });
    expect(created).toMatchObject({ nome: 'primeira', codigo: 'C-primeira' });
    expect(calls).toEqual(['beforeValidate', 'beforeChange:create', 'second:C-primeira', 'afterCreate:C-primeira', 'afterChange:create:->primeira']);

    calls.length = 0;
    const updated = await updateRecord(database.db, coisa, actor, String(created.id), { version: created.version, nome: 'segunda' });
    expect(updated).toMatchObject({ nome: 'segunda', codigo: 'C-segunda' });
    expect(calls).toEqual(['beforeChange:update', 'second:C-segunda', 'afterChange:update:primeira>segunda']);

    calls.length = 0;
    await deleteRecord(database.db, coisa, actor, String(created.id));
    expect(calls).toEqual(['beforeDelete']);
    const left = await database.db.selectFrom(coisa.name).select('id').execute();
    expect(left).toEqual([]);
  });

  it('stores nothing when a hook refuses', async () => {
    await expect(createRecord(database.db, coisa, actor, { nome: 'recusar' })).rejects.toMatchObject({ status: 400, errors: { nome: ['Nome recusado.'] } });
    const kept = await createRecord(database.db, coisa, actor, { nome: 'fica' });
    await expect(deleteRecord(database.db, coisa, actor, String(kept.id))).rejects.toMatchObject({ status: 409 });
    const rows = await database.db.selectFrom(coisa.name).select('nome').execute();
    expect(rows).toEqual([{ nome: 'fica' }]);
  });
});
