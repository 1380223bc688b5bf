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
import { batchCreateBlocker, createRecords } from './batch-create';
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

/** An entity whose rule has a batch version (`beforeCreateBatch`), numbered by the server, with a unique field. */
const lote: EntitySchema = {
  name: 'coisaEmLote',
  resource: 'coisas-em-lote',
  label: 'Coisa em lote',
  labelPlural: 'Coisas em lote',
  gender: 'f',
  subject: 'Obra',
  titleField: 'nome',
  numbering: { field: 'numero', format: 'L-{###}', on: 'create' },
  fields: [
    { name: 'numero', kind: 'text', label: 'Número', readOnly: true, unique: true },
    { name: 'nome', kind: 'text', label: 'Nome', required: true, minLength: 2 },
    { name: 'apelido', kind: 'text', label: 'Apelido', unique: true },
  ],
};
const refused = () => new ApiError(400, 'Nome recusado.', { nome: ['Nome recusado.'] });
registerEntityHooks(lote.name, {
  beforeChange: async ({ after }) => {
    if (after.nome === 'recusar') throw refused();
  },
  beforeCreateBatch: async ({ records }) => records.map((r) => (r.nome === 'recusar' ? { error: refused() } : { set: {} })),
});

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
    expect(unknownHookEntities([coisa, lote])).toEqual([]);
    expect(unknownHookEntities([lote])).toEqual([coisa.name]);
  });
});

describe('the repository calls the registered hooks', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connect({ memory: true });
    await migrate(database.db, [coisa, lote]);
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

describe('a batch of new records (crud/batch-create.ts) as one by one', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connect({ memory: true });
    await migrate(database.db, [coisa, lote]);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  const errorOf = async (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: ApiError) => ({ status: e.status, message: e.message, errors: e.errors }),
    );

  it('gives each record the outcome createRecord gives it: validation, the rule, numbers in order, a history entry', async () => {
    const out = await database.db.transaction().execute((trx) =>
      createRecords(trx, lote, actor, [
        { body: { nome: 'a1' }, note: 'linha 2' },
        { body: { nome: 'x' }, note: 'linha 3' },
        { body: { nome: 'recusar' }, note: 'linha 4' },
        { body: { nome: 'a2' }, note: 'linha 5' },
      ]),
    );
    if (out === 'perRecord') throw new Error('esperava o lote');
    expect(out.map((o) => ('row' in o ? o.row.numero : o.error.status))).toEqual(['L-001', 400, 400, 'L-002']);
    const alone = (body: Record<string, unknown>) => errorOf(createRecord(database.db, lote, actor, body));
    const asError = (o: (typeof out)[number]) => ('error' in o ? { status: o.error.status, message: o.error.message, errors: o.error.errors } : undefined);
    expect(asError(out[1])).toEqual(await alone({ nome: 'x' }));
    expect(asError(out[2])).toEqual(await alone({ nome: 'recusar' }));
    expect((await createRecord(database.db, lote, actor, { nome: 'a3' })).numero).toBe('L-003');
    const history = await database.db
      .selectFrom('auditoria')
      .select(['registro_id', 'acao', 'comentario'])
      .where('recurso', '=', lote.resource)
      .orderBy('id')
      .execute();
    expect(history.map((h) => [h.acao, h.comentario])).toEqual([
      ['create', 'linha 2'],
      ['create', 'linha 5'],
      ['create', null],
    ]);
  });

  it('a batch the database refuses leaves nothing and is written one by one by the caller', async () => {
    await createRecord(database.db, lote, actor, { nome: 'primeira', apelido: 'repetido' });
    const out = await database.db
      .transaction()
      .execute((trx) => createRecords(trx, lote, actor, [{ body: { nome: 'b1', apelido: 'novo' } }, { body: { nome: 'b2', apelido: 'repetido' } }]));
    expect(out).toBe('perRecord');
    expect(await database.db.selectFrom(lote.name).select('nome').where('nome', '=', 'b1').execute()).toEqual([]);
    // No number was used up by the batch given back.
    expect((await createRecord(database.db, lote, actor, { nome: 'b1' })).numero).toBe('L-005');
  });

  it('an entity with a rule that has no batch version is written one by one', async () => {
    expect(batchCreateBlocker(lote)).toBeUndefined();
    expect(batchCreateBlocker(coisa)).toBe('regra beforeValidate');
    registerEntityHooks(lote.name, { beforeChange: async () => undefined });
    expect(batchCreateBlocker(lote)).toBe('regra beforeChange sem versão em lote');
    expect(await database.db.transaction().execute((trx) => createRecords(trx, lote, actor, [{ body: { nome: 'c1' } }]))).toBe('perRecord');
  });
});
