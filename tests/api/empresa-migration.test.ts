/**
 * The company registry migration (docs/access.md decision 29): free-text company names stored before
 * the fields became references to `empresa` are matched to registered companies by CNPJ or
 * normalised name at the start that adds the foreign keys; what matches nothing, several
 * companies or a company of another kind is cleared and listed for an administrator, who resolves
 * it by hand or by registering the company. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { EntitySchema } from '../../schemas/kinds';
import { CODE_SCHEMAS } from '../../schemas/index';
import type { Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { ApiError, errorBody } from '../../src/server/http/errors';
import type { AppEnv } from '../../src/server/http/env';
import { defineAbilityFor } from '../../src/access/ability';
import { normalizeUser } from '../../src/access/user';
import { createRecord } from '../../src/server/crud/repository';
import { pendingCompanyRoutes } from '../../src/server/modules/empresa-routes';
import { seedDemo } from '../../src/server/seed/seed';
// The company registry's core table, migration step and hooks, as the server registers them.
import '../../src/server/modules/register';
import { ENGINE_BACKENDS } from './backends';
import { freshDatabase } from './fresh-database';

const MONTAGENS = '12345678000195';
const ANDRADE = '23456789000195';
const CLIENTE = '45678901000175';
const BETA_LTDA = '90123456000131';
const BETA_SA = '78901234000105';
const MOURA = '34567890000130';
const CLIENTE_ITAUNA = '17320508000170';

/** The schemas as they were before: the company fields were free text. */
const before: EntitySchema[] = CODE_SCHEMAS.map((s) => ({
  ...s,
  fields: s.fields.map((f) => (f.kind === 'reference' && f.ref === 'empresa' ? { name: f.name, kind: 'text' as const, label: f.label, maxLength: 150 } : f)),
}));

const admin = normalizeUser({ email: 'admin@portal.local', name: 'Administrador', roles: ['acesso_total'], obra: [], empresa: [] });
const adminActor = { email: admin.email, name: admin.name, ability: defineAbilityFor(admin) };

/** The pending routes behind a stand-in authentication, with the API's error bodies. */
function pendingApi(db: Database['db'], user = admin) {
  const app = new Hono<AppEnv>();
  app.onError((e, c) => (e instanceof ApiError ? c.json(errorBody(e.status, e.message, e.errors), e.status) : c.json({ message: String(e) }, 500)));
  app.use(async (c, next) => {
    c.set('user', user);
    c.set('ability', defineAbilityFor(user));
    await next();
  });
  app.route('/p', pendingCompanyRoutes(db));
  return async (method: string, path: string, json?: unknown) => {
    const res = await app.request(`/p${path}`.replace(/^\/p\/(?=\?|$)/, '/p'), {
      method,
      headers: { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    return {
      status: res.status,
      total: res.headers.get('x-total-count'),
      body: (() => {
        try {
          return JSON.parse(text);
        } catch {
          return text;
        }
      })(),
    };
  };
}

describe.each(ENGINE_BACKENDS)('company registry migration (%s)', (backend) => {
  let d: Awaited<ReturnType<typeof freshDatabase>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    d = await freshDatabase(backend, 'portal_emp');
    const { db } = d;
    await migrate(db, before);
    const companies: [string, string, string][] = [
      ['Montagens Ideal Ltda.', MONTAGENS, 'Fornecedor'],
      ['Andrade & Lobo Advogados', ANDRADE, 'Escritório de advocacia'],
      ['Cliente Demonstração Lda', CLIENTE, 'Cliente'],
      ['Construtora Beta Ltda.', BETA_LTDA, 'Fornecedor'],
      ['CONSTRUTORA BETA S.A.', BETA_SA, 'Fornecedor'],
    ];
    for (const [nome, cnpj, tipo] of companies) await db.insertInto('empresa').values({ nome, cnpj, tipo }).execute();
    const sgi = async (key: string, fornecedor: string | null, cliente: string | null = null) => {
      const r = await db
        .insertInto('ticketSgi')
        .values({ titulo: key, descricao: 'Registro anterior ao cadastro de empresas.', fornecedor, cliente })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = Number(r.id);
    };
    await sgi('sem-sufixo', 'Montagens Ideal');
    await sgi('maiusculas', 'MONTAGENS IDEAL LTDA');
    await sgi('exato', 'Montagens Ideal Ltda.');
    await sgi('espacos-acentos-me', '  montagens   idéal - ME ');
    await sgi('cnpj-formatado', '12.345.678/0001-95');
    await sgi('erro-de-digitacao', 'Montagem Ideal');
    await sgi('tipo-errado', 'Andrade & Lobo Advogados');
    await sgi('ambiguo', 'Construtora Beta');
    await sgi('cliente', null, 'cliente demonstracao');
    const portal = await db
      .insertInto('portalFornecedor')
      .values({ fornecedor: 'Nome fantasia qualquer', cnpj: '12.345.678/0001-95', assunto: 'Envio antigo' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.portal = Number(portal.id);
    const proc = async (key: string, escritorio: string) => {
      const r = await db.insertInto('processoJuridico').values({ numero: key, escritorio }).returning('id').executeTakeFirstOrThrow();
      ids[key] = Number(r.id);
    };
    await proc('andrade-e', 'Andrade e Lobo Advogados');
    await proc('moura', 'Moura Cível Advocacia');
    // Sites: the client by a near-duplicate name, by the site's own client CNPJ, or by nothing registered.
    const site = async (key: string, cliente: string, cnpjCliente: string | null = null) => {
      const r = await db
        .insertInto('obra')
        .values({ Id_Lista: key, nome: `Obra ${key}`, cliente, cnpjCliente })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = Number(r.id);
    };
    await site('obra-quase-igual', '  CLIENTE demonstracao ltda ');
    await site('obra-pelo-cnpj', 'Nome antigo do cliente', '45.678.901/0001-75');
    await site('obra-sem-cadastro', 'Prefeitura de Itaúna');
    // Contracts: the counterparty is a supplier or a client company.
    const contract = async (key: string, contraparte: string) => {
      const r = await db
        .insertInto('contrato')
        .values({ numero: key, contraparte, objeto: 'Contrato anterior ao cadastro de empresas.' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = Number(r.id);
    };
    await contract('ct-fornecedor', 'Montagens Ideal');
    await contract('ct-cliente', 'Cliente Demonstração');
    await contract('ct-escritorio', 'Andrade & Lobo Advogados');
    await contract('ct-sem-cadastro', 'Aços Brasil Ltda.');
    await migrate(db, [...CODE_SCHEMAS]);
  });
  afterAll(async () => {
    await d?.close();
    await d?.drop();
  });

  const value = async (table: string, field: string, id: number) =>
    (await sql<{ v: string | null }>`select ${sql.ref(field)} as v from ${sql.table(table)} where id = ${id}`.execute(d.db)).rows[0].v;

  it('maps near-duplicates of a registered name, and its CNPJ, to the same company', async () => {
    for (const key of ['sem-sufixo', 'maiusculas', 'exato', 'espacos-acentos-me', 'cnpj-formatado']) {
      expect(await value('ticketSgi', 'fornecedor', ids[key]), key).toBe(MONTAGENS);
    }
    expect(await value('ticketSgi', 'cliente', ids.cliente)).toBe(CLIENTE);
    expect(await value('portalFornecedor', 'fornecedor', ids.portal)).toBe(MONTAGENS); // by the entry's own CNPJ
    expect(await value('processoJuridico', 'escritorio', ids['andrade-e'])).toBe(ANDRADE); // '&' read as 'e'
    expect(await value('obra', 'cliente', ids['obra-quase-igual'])).toBe(CLIENTE);
    expect(await value('obra', 'cliente', ids['obra-pelo-cnpj'])).toBe(CLIENTE); // by the site's own cnpjCliente
    // A contract's counterparty may be a supplier or a client.
    expect(await value('contrato', 'contraparte', ids['ct-fornecedor'])).toBe(MONTAGENS);
    expect(await value('contrato', 'contraparte', ids['ct-cliente'])).toBe(CLIENTE);
    // The change is in the record's history, by the system.
    const audit = await sql<{
      usuario: string;
      alteracoes: unknown;
    }>`select usuario, alteracoes from auditoria where recurso = 'tickets-sgi' and registro_id = ${ids['sem-sufixo']}`.execute(d.db);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].usuario).toBe('sistema');
    const changes = typeof audit.rows[0].alteracoes === 'string' ? JSON.parse(audit.rows[0].alteracoes) : audit.rows[0].alteracoes;
    expect(changes).toEqual({ fornecedor: { de: 'Montagens Ideal', para: MONTAGENS } });
  });

  it('clears what it cannot match (a typo, a company of another kind, two candidates) and lists it', async () => {
    for (const key of ['erro-de-digitacao', 'tipo-errado', 'ambiguo']) expect(await value('ticketSgi', 'fornecedor', ids[key]), key).toBeNull();
    expect(await value('processoJuridico', 'escritorio', ids.moura)).toBeNull();
    for (const key of ['ct-escritorio', 'ct-sem-cadastro']) expect(await value('contrato', 'contraparte', ids[key]), key).toBeNull();
    expect(await value('obra', 'cliente', ids['obra-sem-cadastro'])).toBeNull();
    const call = pendingApi(d.db);
    const list = await call('GET', '/');
    expect(list.status).toBe(200);
    const rows = (list.body as { tabela: string; campo: string; registro_id: number; valor: string; recurso: string; tipoExigido: string }[])
      .map((p) => `${p.tabela}.${p.campo}#${p.registro_id}=${p.valor}`)
      .sort();
    expect(rows).toEqual(
      [
        `ticketSgi.fornecedor#${ids['erro-de-digitacao']}=Montagem Ideal`,
        `ticketSgi.fornecedor#${ids['tipo-errado']}=Andrade & Lobo Advogados`,
        `ticketSgi.fornecedor#${ids.ambiguo}=Construtora Beta`,
        `processoJuridico.escritorio#${ids.moura}=Moura Cível Advocacia`,
        `obra.cliente#${ids['obra-sem-cadastro']}=Prefeitura de Itaúna`,
        `contrato.contraparte#${ids['ct-escritorio']}=Andrade & Lobo Advogados`,
        `contrato.contraparte#${ids['ct-sem-cadastro']}=Aços Brasil Ltda.`,
      ].sort(),
    );
    // Paged like every list: pages of 3 hold the same 7 values, each page with the total.
    expect(list.total).toBe('7');
    const paged: string[] = [];
    for (const start of [0, 3, 6]) {
      const page = await call('GET', `/?_start=${start}&_end=${start + 3}`);
      expect(page.total).toBe('7');
      paged.push(
        ...(page.body as { tabela: string; campo: string; registro_id: number; valor: string }[]).map(
          (p) => `${p.tabela}.${p.campo}#${p.registro_id}=${p.valor}`,
        ),
      );
    }
    expect(paged.sort()).toEqual(rows);
    expect((await call('GET', '/?_start=0&_end=500')).status).toBe(400);
    const counterparty = (list.body as { campo: string; tipoExigido: string; tiposExigidos: string[] }[]).find((p) => p.campo === 'contraparte')!;
    expect(counterparty.tiposExigidos).toEqual(['Fornecedor', 'Cliente']);
    expect(counterparty.tipoExigido).toBe('Fornecedor ou Cliente');
    // The foreign key is in place: a value that is no registered company is refused by the database.
    await expect(sql`update "ticketSgi" set fornecedor = 'Montagens Ideal' where id = ${ids.exato}`.execute(d.db)).rejects.toThrow();
  });

  it('a company registered afterwards takes the pending values that name it', async () => {
    const created = await createRecord(
      d.db,
      CODE_SCHEMAS.find((s) => s.name === 'empresa')!,
      adminActor,
      { nome: 'Moura Cível Advocacia ME', cnpj: '34.567.890/0001-30', tipo: 'Escritório de advocacia' },
    );
    expect(created.cnpj).toBe(MOURA);
    expect(await value('processoJuridico', 'escritorio', ids.moura)).toBe(MOURA);
    const left = (await pendingApi(d.db)('GET', '/')).body as { valor: string }[];
    expect(left.map((p) => p.valor)).not.toContain('Moura Cível Advocacia');
    const resolved = (await pendingApi(d.db)('GET', '/?situacao=resolvida')).body as { valor: string; empresa: string }[];
    expect(resolved).toEqual([expect.objectContaining({ valor: 'Moura Cível Advocacia', empresa: MOURA })]);
  });

  it("sites' and contracts' pending values: resolved with a company of an accepted kind, discarded, or by registering the company", async () => {
    const call = pendingApi(d.db);
    const list = (await call('GET', '/')).body as { id: number; valor: string; tabela: string }[];
    const pendingOf = (valor: string, tabela: string) => list.find((p) => p.valor === valor && p.tabela === tabela)!;
    const firm = pendingOf('Andrade & Lobo Advogados', 'contrato');
    const refused = await call('POST', `/${firm.id}/resolver`, { empresa: ANDRADE });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.empresa).toEqual(['Escolha uma empresa com Tipo "Fornecedor" ou "Cliente".']);
    expect(await value('contrato', 'contraparte', ids['ct-escritorio'])).toBeNull();
    expect((await call('POST', `/${firm.id}/resolver`, { empresa: CLIENTE })).status).toBe(200);
    expect(await value('contrato', 'contraparte', ids['ct-escritorio'])).toBe(CLIENTE);
    expect((await call('POST', `/${pendingOf('Aços Brasil Ltda.', 'contrato').id}/descartar`)).status).toBe(200);
    expect(await value('contrato', 'contraparte', ids['ct-sem-cadastro'])).toBeNull();
    // Registering the client company gives the site its client.
    await createRecord(
      d.db,
      CODE_SCHEMAS.find((s) => s.name === 'empresa')!,
      adminActor,
      { nome: 'Prefeitura de Itaúna', cnpj: CLIENTE_ITAUNA, tipo: 'Cliente' },
    );
    expect(await value('obra', 'cliente', ids['obra-sem-cadastro'])).toBe(CLIENTE_ITAUNA);
    const left = ((await call('GET', '/')).body as { tabela: string }[]).map((p) => p.tabela);
    expect(left).not.toContain('obra');
    expect(left).not.toContain('contrato');
  });

  it('an administrator resolves a pending value with a company of the right kind, or discards it', async () => {
    const call = pendingApi(d.db);
    const list = (await call('GET', '/')).body as { id: number; valor: string }[];
    const typo = list.find((p) => p.valor === 'Montagem Ideal')!;
    const wrongKind = list.find((p) => p.valor === 'Andrade & Lobo Advogados')!;
    // A law firm is no supplier: 400 on the field, nothing changed.
    const refused = await call('POST', `/${typo.id}/resolver`, { empresa: ANDRADE });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.empresa[0]).toMatch(/Fornecedor/);
    expect((await call('POST', `/${typo.id}/resolver`, { empresa: '12.345.678/0001-00' })).body.errors).toEqual({ empresa: ['CNPJ inválido.'] });
    expect(await value('ticketSgi', 'fornecedor', ids['erro-de-digitacao'])).toBeNull();
    const ok = await call('POST', `/${typo.id}/resolver`, { empresa: '12.345.678/0001-95' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await value('ticketSgi', 'fornecedor', ids['erro-de-digitacao'])).toBe(MONTAGENS);
    expect((await call('POST', `/${typo.id}/resolver`, { empresa: MONTAGENS })).status).toBe(409);
    expect((await call('POST', `/${wrongKind.id}/descartar`)).status).toBe(200);
    expect(await value('ticketSgi', 'fornecedor', ids['tipo-errado'])).toBeNull();
    const still = ((await call('GET', '/')).body as { valor: string }[]).map((p) => p.valor);
    expect(still).toEqual(['Construtora Beta']);
    // Only administrators.
    const staff = normalizeUser({ email: 'sgi@portal.local', roles: ['sgi'], obra: [], empresa: [] });
    expect((await pendingApi(d.db, staff)('GET', '/')).status).toBe(403);
  });

  it('a demo database seeded before the registry registers the demo companies and resolves what they name', async () => {
    await sql`CREATE TABLE IF NOT EXISTS _seed (nome text primary key, em timestamptz not null default now())`.execute(d.db);
    await sql`INSERT INTO _seed (nome) VALUES ('demo')`.execute(d.db);
    const ambiguous = ((await pendingApi(d.db)('GET', '/')).body as { id: number; valor: string }[]).find((p) => p.valor === 'Construtora Beta')!;
    await pendingApi(d.db)('POST', `/${ambiguous.id}/descartar`);
    const proc = await d.db.insertInto('processoJuridico').values({ numero: 'demo-antigo' }).returning('id').executeTakeFirstOrThrow();
    await sql`insert into empresa_pendente (tabela, campo, registro_id, valor) values ('processoJuridico', 'escritorio', ${proc.id}, 'Silva Ribeiro Advogados Associados')`.execute(
      d.db,
    );
    const data = {
      empresa: [
        { nome: 'Silva Ribeiro Advogados Associados', cnpj: '31.415.926/0001-71', tipo: 'Escritório de advocacia' },
        { nome: 'Montagens Ideal Ltda.', cnpj: MONTAGENS, tipo: 'Fornecedor' },
      ],
    };
    expect(await seedDemo(d.db, [...CODE_SCHEMAS], data)).toBe(false);
    expect(await value('processoJuridico', 'escritorio', Number(proc.id))).toBe('31415926000171');
    expect(Number((await sql<{ n: number }>`select count(*) as n from empresa where cnpj = ${MONTAGENS}`.execute(d.db)).rows[0].n)).toBe(1);
    expect((await pendingApi(d.db)('GET', '/')).body).toEqual([]);
    // Once: a second start registers nothing again.
    await seedDemo(d.db, [...CODE_SCHEMAS], data);
    expect(Number((await sql<{ n: number }>`select count(*) as n from empresa`.execute(d.db)).rows[0].n)).toBe(8); // 5 + Moura + Prefeitura de Itaúna + Silva Ribeiro
  });

  it('a later start changes nothing', async () => {
    const count = async () => Number((await sql<{ n: number }>`select count(*) as n from empresa_pendente`.execute(d.db)).rows[0].n);
    const n = await count();
    const again = await migrate(d.db, [...CODE_SCHEMAS]);
    expect(again.applied).toBe(0);
    expect(await count()).toBe(n);
    expect(await value('ticketSgi', 'fornecedor', ids.exato)).toBe(MONTAGENS);
  });
});
