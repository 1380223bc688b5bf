import { subject } from '@casl/ability';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAbilityFor, type AppAbility } from '../../access/ability';
import type { PortalUser } from '../../access/user';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { accessWhere, conditionToSql } from './rules-to-sql';

// Minimal inline schemas (the real ones live in schemas/*.ts, owned by others).
const person = (name: string): FieldDef => ({ name, kind: 'person', label: name });
const base = { label: 'x', labelPlural: 'xs', gender: 'm' as const, titleField: 'id' };

const RDO: EntitySchema = {
  ...base,
  name: 't_rdo',
  resource: 'rdos',
  subject: 'RDO',
  fields: [
    { name: 'obra', kind: 'text', label: 'Obra' },
    person('siteManager'),
    { name: 'numero', kind: 'integer', label: 'Número' },
    { name: 'tags', kind: 'tags', label: 'Tags' },
    { name: 'nota', kind: 'text', label: 'Nota' },
  ],
};

const ACESSO_LISTS = ['full', 'rOnly', 'uploadOnly', 'rW', 'rWEdit'];
const DIRETORIO: EntitySchema = {
  ...base,
  name: 't_diretorio',
  resource: 'diretorios',
  subject: 'Diretorio',
  fields: [
    { name: 'nome', kind: 'text', label: 'Nome' },
    { name: 'acesso', kind: 'object', label: 'Acesso', fields: ACESSO_LISTS.map((n) => ({ name: n, kind: 'tags' as const, label: n })) },
  ],
};

const CONTRATOS: EntitySchema = {
  ...base,
  name: 't_contratos',
  resource: 'contratos',
  subject: 'Contratos',
  fields: [{ name: 'status', kind: 'enum', label: 'Status' }, person('responsavel'), person('gestor'), person('validador')],
};

const MATERIAIS: EntitySchema = {
  ...base,
  name: 't_materiais',
  resource: 'materiais',
  subject: 'Materiais',
  fields: [{ name: 'Status', kind: 'enum', label: 'Status' }, person('Quantificou'), person('Verificador'), person('Site_manager'), person('Coordenador')],
};

const A = 'a@x.com';
const B = 'b@x.com';
const C = "c'); drop table t_rdo; --@x.com";

type Row = Record<string, unknown>;

const RDO_ROWS: Row[] = [
  { obra: 'OB-1', siteManager: { mail: A, nome: 'A' }, numero: 1, tags: ['x', 'y'], nota: 'alfa' },
  { obra: 'OB-2', siteManager: { mail: B }, numero: 5, tags: ['y'], nota: 'Beta' },
  { obra: 'OB-3', siteManager: { mail: A }, numero: 10, tags: null, nota: null },
  { obra: 'OB-1', siteManager: null, numero: null, tags: ['z'], nota: 'gama' },
  { obra: null, siteManager: { nome: 'sem mail' }, numero: 7, tags: [], nota: 'zeta' },
  { obra: 'OB-9', siteManager: { mail: C }, numero: -3, tags: ['x'], nota: 'épsilon' },
];

const DIR_ROWS: Row[] = [
  { nome: 'publica', acesso: null },
  { nome: 'sem full', acesso: { rOnly: ['outra'] } },
  { nome: 'full A', acesso: { full: [A] } },
  { nome: 'full role', acesso: { full: ['engenharia', 'k'] } },
  { nome: 'full empresa', acesso: { full: ['EmpresaX'] } },
  { nome: 'rOnly A', acesso: { full: ['ninguem'], rOnly: [A] } },
  { nome: 'upload empresa', acesso: { full: ['ninguem'], uploadOnly: ['EmpresaX'] } },
  { nome: 'rW role', acesso: { full: ['ninguem'], rW: ['engenharia'] } },
  { nome: 'rWEdit A', acesso: { full: ['ninguem'], rWEdit: [A, B] } },
  { nome: 'fechada', acesso: { full: ['ninguem'], rOnly: ['ninguem'] } },
  { nome: 'vazia', acesso: {} },
];

const STATUSES = ['Revisão', 'Emitido para o Jurídico', 'Revisão para cancelamento', 'Emitido para o verificador', 'Em finalização', 'Aprovado'];
const CONTRATO_ROWS: Row[] = [];
for (const status of STATUSES) {
  for (const [r, g, v] of [
    [A, B, B],
    [B, A, B],
    [B, B, A],
    [B, B, B],
    [null, A, null],
  ]) {
    CONTRATO_ROWS.push({
      status,
      responsavel: r ? { mail: r } : null,
      gestor: g ? { mail: g } : null,
      validador: v ? { mail: v } : null,
    });
  }
}
CONTRATO_ROWS.push({ status: null, responsavel: { mail: A }, gestor: { mail: A }, validador: { mail: A } });

const MAT_STATUSES = [
  'REVISAR',
  'EM ELABORAÇÃO',
  'LIBERADO PARA VERIFICAÇÃO',
  'LIBERADO PARA SITE MANAGER',
  'LIBERADO PARA COORDENADOR',
  'LIBERADO PARA PLANEJAMENTO',
];
const MAT_ROWS: Row[] = [];
for (const Status of MAT_STATUSES) {
  for (const who of ['Quantificou', 'Verificador', 'Site_manager', 'Coordenador', null]) {
    const row: Row = { Status, Quantificou: { mail: B }, Verificador: null, Site_manager: { mail: B }, Coordenador: null };
    if (who) row[who] = { mail: A };
    MAT_ROWS.push(row);
  }
}

const TABLES: { schema: EntitySchema; rows: Row[]; ddl: string; actions: string[] }[] = [
  {
    schema: RDO,
    rows: RDO_ROWS,
    ddl: `create table t_rdo (id int primary key, obra text, "siteManager" jsonb, numero integer, tags jsonb, nota text)`,
    actions: ['read', 'update', 'create', 'delete', 'config'],
  },
  {
    schema: DIRETORIO,
    rows: DIR_ROWS,
    ddl: `create table t_diretorio (id int primary key, nome text, acesso jsonb)`,
    actions: ['read', 'upload', 'edit', 'newFolder', 'delete', 'manage'],
  },
  {
    schema: CONTRATOS,
    rows: CONTRATO_ROWS,
    ddl: `create table t_contratos (id int primary key, status text, responsavel jsonb, gestor jsonb, validador jsonb)`,
    actions: ['read', 'edit', 'create', 'delete'],
  },
  {
    schema: MATERIAIS,
    rows: MAT_ROWS,
    ddl: `create table t_materiais (id int primary key, "Status" text, "Quantificou" jsonb, "Verificador" jsonb, "Site_manager" jsonb, "Coordenador" jsonb)`,
    actions: ['read', 'edit', 'release', 'delete', 'editarpcp', 'create'],
  },
];

function u(roles: string[], extra: Partial<PortalUser> = {}): PortalUser {
  return { id_user: 'x', username: 'x', name: 'x', email: A, empresa: ['EmpresaX'], obra: ['OB-1', 'OB-2'], roles, tipo: '', ...extra };
}
const rules = (r: unknown[]) => JSON.stringify(r);

/** Users whose conditions are all translatable: SQL must equal CASL row by row. */
const USERS: Record<string, PortalUser> = {
  staff: u([]),
  site_manager: u(['site_manager']),
  rdo_by_obra: u(['rdo_by_obra']),
  rdo_by_obra_sm: u(['rdo_by_obra', 'site_manager']),
  admin_rdo: u(['admin_rdo']),
  acesso_total: u(['acesso_total']),
  engenharia: u(['engenharia']),
  admin_biblioteca: u(['admin_biblioteca']),
  other_company: u(['engenharia'], { email: B, empresa: ['Outra'] }),
  contratos: u(['contratos']),
  editor_contratos: u(['editor_contratos']),
  contratos_b: u(['contratos', 'site_manager'], { email: B }),
  materiais: u(['materiais']),
  materiais_full: u(['materiais', 'editor_materiais', 'pcp']),
  materiais_b: u(['materiais', 'pcp'], { email: B }),
  // Decision 31: a substitute's person conditions are `{ $in: [me, ...emNomeDe] }` (`mine`).
  substitute_contratos: u(['contratos', 'site_manager'], { emNomeDe: [B] }),
  substitute_materiais: u(['materiais'], { emNomeDe: [B, C] }),
  injection: u(['site_manager', 'contratos'], { email: C }),
  client: u(['cliente', 'site_manager']),
  specific_ops: u([], {
    specific_rules: rules([
      { action: 'read', subject: 'RDO', conditions: { obra: { $ne: 'OB-1' }, numero: { $gte: 5 } } },
      { action: 'read', subject: 'RDO', conditions: { 'siteManager.mail': { $exists: false } } },
      { action: 'update', subject: 'RDO', conditions: { obra: { $nin: ['OB-1', 'OB-3'] } } },
      { action: 'delete', subject: 'RDO', conditions: { tags: 'x' } },
      { action: 'config', subject: 'RDO', conditions: { tags: { $in: ['z', 'q'] } } },
      { action: 'create', subject: 'RDO', conditions: { numero: { $lt: 5 } } },
      { action: 'create', subject: 'RDO', conditions: { nota: { $gt: 'beta' } } },
      { action: 'read', subject: 'Contratos', conditions: { 'responsavel.mail': null } },
      { action: 'edit', subject: 'Contratos', conditions: { status: { $in: ['Aprovado'] } } },
      { action: 'edit', subject: 'Contratos', conditions: { status: null } },
      { action: 'manage', subject: 'Diretorio', conditions: { 'acesso.rOnly': { $exists: true } } },
      { action: 'release', subject: 'Materiais', conditions: { 'Verificador.mail': { $ne: A } } },
    ]),
  }),
  specific_inverted: u(['admin_rdo', 'admin_contratos', 'admin_biblioteca'], {
    specific_rules: rules([
      { action: 'delete', subject: 'RDO', inverted: true, conditions: { obra: 'OB-1' } },
      { action: 'update', subject: 'RDO', inverted: true, conditions: { tags: { $in: ['y'] } } },
      { action: 'read', subject: 'RDO', inverted: true, conditions: { 'siteManager.mail': { $ne: A } } },
      { action: 'edit', subject: 'Contratos', inverted: true, conditions: { status: { $nin: ['Revisão'] } } },
      { action: 'delete', subject: 'Diretorio', inverted: true, conditions: { 'acesso.full': { $exists: false } } },
      { action: 'read', subject: 'Diretorio', inverted: true, conditions: { 'acesso.full': { $in: ['ninguem'] } } },
    ]),
  }),
  unknown_field: u(['site_manager'], {
    // A field that is not in the schema: CASL never matches it on these rows either.
    specific_rules: rules([{ action: 'delete', subject: 'RDO', conditions: { naoExiste: 'x' } }]),
  }),
};

let pg: PGlite;
let db: Kysely<any>;

beforeAll(async () => {
  pg = new PGlite();
  db = new Kysely<any>({ dialect: new PGliteDialect(pg) });
  for (const t of TABLES) {
    await sql.raw(t.ddl).execute(db);
    const jsonCols = new Set(t.schema.fields.filter((f) => ['person', 'object', 'tags'].includes(f.kind)).map((f) => f.name));
    for (const [i, row] of t.rows.entries()) {
      const values: Record<string, unknown> = { id: i + 1 };
      for (const [k, v] of Object.entries(row)) values[k] = jsonCols.has(k) && v !== null ? JSON.stringify(v) : v;
      await db.insertInto(t.schema.name).values(values).execute();
    }
  }
});

afterAll(async () => {
  await db?.destroy();
});

/** The record as the API would send it: null columns left out. */
function asRecord(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (v !== null && v !== undefined) out[k] = v;
  return out;
}

async function sqlIds(ability: AppAbility, action: string, schema: EntitySchema): Promise<number[] | 'forbidden'> {
  const access = accessWhere(ability, action, schema);
  if (access.forbidden) return 'forbidden';
  const rows = await db.selectFrom(schema.name).select('id').where(access.where).orderBy('id').execute();
  return rows.map((r) => Number(r.id));
}

function caslIds(ability: AppAbility, action: string, schema: EntitySchema, rows: Row[]): number[] {
  const out: number[] = [];
  rows.forEach((row, i) => {
    if (ability.can(action as never, subject(schema.subject, asRecord(row)) as never)) out.push(i + 1);
  });
  return out;
}

describe('accessWhere: SQL returns exactly the rows CASL allows', () => {
  for (const [name, user] of Object.entries(USERS)) {
    it(name, async () => {
      const ability = defineAbilityFor(user);
      for (const t of TABLES) {
        for (const action of t.actions) {
          const got = await sqlIds(ability, action, t.schema);
          const want = caslIds(ability, action, t.schema, t.rows);
          if (got === 'forbidden') {
            // 403 only when no rule names the action on the subject at all.
            expect([t.schema.subject, action, want]).toEqual([t.schema.subject, action, []]);
            expect(ability.can(action as never, t.schema.subject as never)).toBe(false);
          } else {
            expect([t.schema.subject, action, got]).toEqual([t.schema.subject, action, want]);
            expect(ability.can(action as never, t.schema.subject as never)).toBe(true);
          }
        }
      }
    });
  }

  it('the cross-check is not vacuous (some allowed, some denied rows)', async () => {
    const ability = defineAbilityFor(USERS.site_manager);
    expect(await sqlIds(ability, 'read', RDO)).toEqual([1, 3]);
    const eng = defineAbilityFor(USERS.engenharia);
    const names = ((await sqlIds(eng, 'read', DIRETORIO)) as number[]).map((id) => DIR_ROWS[id - 1].nome);
    expect(names).toEqual(['publica', 'sem full', 'full A', 'full role', 'full empresa', 'rOnly A', 'upload empresa', 'rW role', 'rWEdit A', 'vazia']);
    expect(((await sqlIds(eng, 'delete', DIRETORIO)) as number[]).map((id) => DIR_ROWS[id - 1].nome)).toEqual([
      'full A',
      'full role',
      'full empresa',
      'rW role',
      'rWEdit A',
    ]);
  });
});

describe('accessWhere: forbidden, unrestricted, empty', () => {
  it('no rule for the action/subject → forbidden (403)', () => {
    const ability = defineAbilityFor(u([]));
    expect(accessWhere(ability, 'read', RDO)).toEqual({ forbidden: true });
    expect(accessWhere(ability, 'edit', CONTRATOS)).toEqual({ forbidden: true });
  });

  it('an unconditional cannot after a grant → forbidden', () => {
    const ability = defineAbilityFor(u(['admin_rdo'], { specific_rules: rules([{ action: 'read', subject: 'RDO', inverted: true }]) }));
    expect(accessWhere(ability, 'read', RDO)).toEqual({ forbidden: true });
  });

  it('unconditional allow → TRUE (unrestricted)', async () => {
    const access = accessWhere(defineAbilityFor(u(['admin_rdo'])), 'read', RDO);
    expect(access).toMatchObject({ forbidden: false, unrestricted: true });
    if (!access.forbidden) expect(db.selectFrom('t_rdo').select('id').where(access.where).compile().sql).toContain('where true');
    expect(await sqlIds(defineAbilityFor(u(['admin_rdo'])), 'read', RDO)).toHaveLength(RDO_ROWS.length);
  });

  it('conditions that match nothing → no rows, not forbidden', async () => {
    const ability = defineAbilityFor(u(['site_manager'], { email: 'ninguem@x.com' }));
    expect(await sqlIds(ability, 'read', RDO)).toEqual([]);
  });

  it('values are parameters, never interpolated', () => {
    const ability = defineAbilityFor(USERS.injection);
    const access = accessWhere(ability, 'read', RDO);
    if (access.forbidden) throw new Error('unexpected');
    const compiled = db.selectFrom('t_rdo').select('id').where(access.where).compile();
    expect(compiled.sql).not.toContain('drop table');
    expect(compiled.parameters).toContain(C);
  });

  it('qualifies columns with a table alias', () => {
    const access = accessWhere(defineAbilityFor(USERS.site_manager), 'read', RDO, { table: 'r' });
    if (access.forbidden) throw new Error('unexpected');
    const compiled = db.selectFrom('t_rdo as r').select('r.id').where(access.where).compile();
    expect(compiled.sql).toContain(`"r"."siteManager"->>'mail'`);
  });
});

describe('accessWhere: untranslatable conditions deny', () => {
  const untranslatable = (conditions: object, inverted = false) =>
    defineAbilityFor(
      u(inverted ? ['admin_rdo'] : [], {
        specific_rules: rules([{ action: 'read', subject: 'RDO', conditions, ...(inverted ? { inverted: true } : {}) }]),
      }),
    );

  it.each([
    ['$regex', { nota: { $regex: '^a' } }],
    ['$size', { tags: { $size: 2 } }],
    ['$all', { tags: { $all: ['x'] } }],
    ['$elemMatch', { tags: { $elemMatch: { $eq: 'x' } } }],
    ['unknown field', { naoExiste: 'x' }],
    ['deep path', { 'siteManager.mail.x': 'x' }],
    ['object value', { siteManager: { mail: A } }],
    ['$gt on jsonb object', { siteManager: { $gt: 'a' } }],
  ])('%s → no rows, even where CASL would allow', async (_n, conditions) => {
    const ability = untranslatable(conditions);
    const got = await sqlIds(ability, 'read', RDO);
    expect(got).toEqual([]);
  });

  it.each([
    ['$regex', { nota: { $regex: '^a' } }],
    ['unknown field', { naoExiste: 'x' }],
    ['$size', { tags: { $size: 1 } }],
  ])('%s inside a cannot rule → no rows (never widens)', async (_n, conditions) => {
    const ability = untranslatable(conditions, true);
    const casl = caslIds(ability, 'read', RDO, RDO_ROWS);
    expect(casl.length).toBeGreaterThan(0);
    expect(await sqlIds(ability, 'read', RDO)).toEqual([]);
  });

  it('a malformed AST node → FALSE', () => {
    const compiled = db
      .selectFrom('t_rdo')
      .select('id')
      .where(conditionToSql({ operator: 'where', value: () => true }, RDO))
      .compile();
    expect(compiled.sql).toContain('where false');
    const compiled2 = db.selectFrom('t_rdo').select('id').where(conditionToSql(null, RDO)).compile();
    expect(compiled2.sql).toContain('where false');
  });
});

describe('accessWhere: a sub-field of a list of rows (decision 29: action plans naming a supplier)', () => {
  const PLANOS: EntitySchema = {
    ...base,
    name: 't_planos',
    resource: 'planos',
    subject: 'TicketSgi',
    fields: [
      { name: 'status', kind: 'enum', label: 'Status' },
      {
        name: 'acoes',
        kind: 'rows',
        label: 'Ações',
        fields: [
          { name: 'oQue', kind: 'text', label: 'O quê' },
          { name: 'fornecedor', kind: 'text', label: 'Fornecedor' },
        ],
      },
    ],
  };
  const ROWS: Row[] = [
    { status: 'Aberto', acoes: [{ oQue: 'a', fornecedor: 'EmpresaX' }, { oQue: 'b' }] },
    { status: 'Aberto', acoes: [{ oQue: 'c', fornecedor: 'EmpresaY' }] },
    { status: 'Aberto', acoes: null },
    { status: 'Aberto', acoes: [] },
    { status: 'Aberto', acoes: { fornecedor: 'EmpresaX' } },
    { status: 'RASCUNHO', acoes: [{ oQue: 'd', fornecedor: 'EmpresaX' }] },
  ];
  const supplier = u([], { tipo: 'fornecedor', empresa: ['EmpresaX'] });

  it('a row holding one of the values matches, as in CASL; a draft state rule takes it away again', async () => {
    await sql`create table t_planos (id int primary key, status text, acoes jsonb)`.execute(db);
    for (const [i, row] of ROWS.entries()) {
      await db
        .insertInto('t_planos')
        .values({ id: i + 1, status: row.status, acoes: row.acoes === null ? null : JSON.stringify(row.acoes) })
        .execute();
    }
    const plain = defineAbilityFor(supplier);
    expect(await sqlIds(plain, 'readAcoes', PLANOS)).toEqual(caslIds(plain, 'readAcoes', PLANOS, ROWS));
    expect(await sqlIds(plain, 'readAcoes', PLANOS)).toEqual([1, 5, 6]); // a lone object counts as one row, as in CASL
    const noDrafts = defineAbilityFor(supplier, { draftStates: { TicketSgi: [{ field: 'status', values: ['RASCUNHO'] }] } });
    expect(await sqlIds(noDrafts, 'readAcoes', PLANOS)).toEqual(caslIds(noDrafts, 'readAcoes', PLANOS, ROWS));
    expect(await sqlIds(noDrafts, 'readAcoes', PLANOS)).toEqual([1, 5]);
    // The same values for another company: nothing.
    expect(await sqlIds(defineAbilityFor(u([], { tipo: 'fornecedor', empresa: ['EmpresaZ'] })), 'readAcoes', PLANOS)).toEqual([]);
  });
});
