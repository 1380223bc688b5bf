/**
 * Words, not codes (issue 23): a record carries the titles of the records it references
 * (`_titles`, src/server/crud/reference-titles.ts), so whoever reads the record reads the names
 * it shows, even without the right to read the referenced record; computed in the list's own
 * statement; the referenced id only when the reader may open it.
 */
import { describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { schemaByName } from '../../schemas';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { defineAbilityFor } from '../../src/access/ability';
import { DEMO_USERS } from '../../mocks/test-app';
import { listRecords } from '../../src/server/crud/repository';
import { parseListParams } from '../../src/server/crud/list-query';

type Row = Record<string, any>;
const SM = 'sm@portal.local';

describe.each(BACKENDS)('reference titles (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  /** A template and a list of the site manager's that uses it (the site manager reads the list, not the template). */
  async function smListWithTemplate(): Promise<{ template: Row; list: Row }> {
    const template = await c.post('/api/v1/templates-materiais', { nome: `Modelo padrão de elétrica ${backend}`, disciplina: 'Elétrica' });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const list = await c.post('/api/v1/materiais', {
      titulo: `Lista do galpão ${backend}`,
      obra: '101',
      origem: 'Obra',
      template: template.body.id,
      Quantificou: person('materiais.quantificador@portal.local', 'Quésia Quantificadora'),
      Site_manager: person(SM, 'Sandro Site Manager'),
    });
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    return { template: template.body, list: list.body };
  }

  it("the site manager reads the template's title on the materials list and the list's page, though the template itself is refused", async () => {
    const { template, list } = await smListWithTemplate();
    // The premise: the site manager may not read the template.
    expect((await c.get(`/api/v1/templates-materiais/${template.id}`, SM)).status).toBe(403);
    const inList = (await c.get(`/api/v1/materiais?id=${list.id}`, SM)).body as Row[];
    expect(inList).toHaveLength(1);
    expect(inList[0].template).toBe(template.id);
    // The title, and no id: the site manager could not open the template.
    expect(inList[0]._titles.template).toEqual({ title: `Modelo padrão de elétrica ${backend}` });
    const one = await c.get(`/api/v1/materiais/${list.id}`, SM);
    expect(one.status).toBe(200);
    expect(one.body._titles.template).toEqual({ title: `Modelo padrão de elétrica ${backend}` });
    // The site's name comes the same way (a reference by Id_Lista, with the id of a site the reader may open).
    expect(one.body._titles.obra.title).toBeTruthy();
    expect(one.body._titles.obra.title).not.toBe('101');
    // Whoever may read the template gets its id too (the app links to it).
    const admin = await c.get(`/api/v1/materiais/${list.id}`);
    expect(admin.body._titles.template).toEqual({ title: `Modelo padrão de elétrica ${backend}`, id: template.id });
    // An edit may send the titles back unchanged.
    const edited = await c.patch(`/api/v1/materiais/${list.id}`, { ...admin.body, titulo: `Lista do galpão ${backend} (rev.)` });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  });

  it("a fabrication carries its product's title for staff who may not read products", async () => {
    const fab = (await c.get('/api/v1/fabricacoes?codigo=FAB-2025-002')).body[0] as Row;
    const produto = (await c.get(`/api/v1/produtos/${fab.produto}`)).body as Row;
    for (const who of ['leitura@portal.local', SM, 'controladoria@portal.local']) {
      const rows = (await c.get('/api/v1/fabricacoes?codigo=FAB-2025-002', who)).body as Row[];
      expect(rows, who).toHaveLength(1);
      expect(rows[0]._titles.produto.title, who).toBe(produto.nome);
    }
    expect((await c.get(`/api/v1/produtos/${fab.produto}`, 'leitura@portal.local')).status).toBe(403);
    expect((await c.get('/api/v1/fabricacoes?codigo=FAB-2025-002', 'leitura@portal.local')).body[0]._titles.produto.id).toBeUndefined();
    expect((await c.get('/api/v1/fabricacoes?codigo=FAB-2025-002', 'controladoria@portal.local')).body[0]._titles.produto.id).toBe(produto.id);
  });

  it('a company reference (by CNPJ) carries the company name', async () => {
    const rows = (await c.get('/api/v1/tickets-sgi?_end=200', 'sgi@portal.local')).body as Row[];
    const named = rows.filter((r) => r.fornecedor);
    expect(named.length).toBeGreaterThan(0);
    const empresas = (await c.get('/api/v1/empresas?_end=1000')).body as Row[];
    for (const r of named) expect(r._titles.fornecedor.title).toBe(empresas.find((e) => e.cnpj === r.fornecedor)!.nome);
  });

  it('the history names the referenced records before and after a change', async () => {
    const { list } = await smListWithTemplate();
    const other = await c.post('/api/v1/templates-materiais', { nome: `Modelo de civil ${backend}`, disciplina: 'Civil' });
    const now = (await c.get(`/api/v1/materiais/${list.id}`)).body;
    expect((await c.patch(`/api/v1/materiais/${list.id}`, { version: now.version, template: other.body.id })).status).toBe(200);
    const history = (await c.get(`/api/v1/materiais/${list.id}/historico`, SM)).body as Row[];
    const change = history.find((e) => e.changes?.template?.de !== undefined && e.changes.template.para === other.body.id)!;
    expect(change._titles.template).toEqual({ de: { title: `Modelo padrão de elétrica ${backend}` }, para: { title: `Modelo de civil ${backend}` } });
  });

  it('an external reader gets no title of a referenced record in a draft state, staff do', async () => {
    const SUPPLIER = 'fornecedor@portal.local';
    const cnpj = DEMO_USERS[SUPPLIER].empresa[0];
    const entry = async (ticket: number) => {
      const r = await c.post('/api/v1/portal-fornecedor', {
        fornecedor: cnpj,
        email: 'contato@montagensideal.com.br',
        tipo: 'Documento',
        ticket,
        dataEnvio: '2026-11-20T10:00:00.000Z',
        assunto: `Envio ${backend} ${ticket}`,
        mensagem: 'Segue o documento.',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body as Row;
    };
    const draft = await c.post(
      '/api/v1/tickets-sgi',
      { titulo: `Desvio em rascunho ${backend}`, descricao: 'Ainda não enviado.', obra: '101', dataOcorrencia: '2026-11-20', fornecedor: cnpj },
      'sgi@portal.local',
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.status).toBe('RASCUNHO');
    const e = await entry(draft.body.id);
    const seen = (await c.get(`/api/v1/portal-fornecedor/${e.id}`, SUPPLIER)).body as Row;
    expect(seen.ticket).toBe(draft.body.id);
    expect(seen._titles?.ticket).toBeUndefined();
    expect(seen._titles?.fornecedor?.title).toBeTruthy();
    expect((await c.get(`/api/v1/portal-fornecedor/${e.id}`)).body._titles.ticket.title).toBe(`Desvio em rascunho ${backend}`);
    // Submitted, the record is named to the supplier.
    expect((await c.step('tickets-sgi', draft.body.id, 'enviar-triagem', 'sgi@portal.local')).status).toBe(200);
    expect((await c.get(`/api/v1/portal-fornecedor/${e.id}`, SUPPLIER)).body._titles.ticket.title).toBe(`Desvio em rascunho ${backend}`);
  });

  it("a list's titles come in the list's own statement: one statement names the referenced tables, whatever the page size", async () => {
    await smListWithTemplate();
    const statements: string[] = [];
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(JSON.stringify(args.node));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const logged = t.api.db.withPlugin(counter);
    const schema = schemaByName('material')!;
    const actor = { email: SM, ability: defineAbilityFor(DEMO_USERS[SM]) };
    const counts: number[] = [];
    for (const end of ['1', '50']) {
      statements.length = 0;
      const { rows } = await listRecords(logged, schema, actor, parseListParams(schema, { _start: ['0'], _end: [end] }));
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows as Row[]) expect(!!r._titles?.template).toBe(r.template !== null && r.template !== undefined);
      const naming = statements.filter((s) => s.includes('materialTemplate'));
      expect(naming, `_end=${end}`).toHaveLength(1);
      expect(naming[0]).toContain('json_agg');
      // Only the list's statement reads a referenced table (the others are the planner's size checks).
      expect(
        statements.filter((s) => s.includes('"obra"') || s.includes('materialTemplate')),
        `_end=${end}`,
      ).toHaveLength(1);
      counts.push(statements.length);
    }
    expect(counts[0]).toBe(counts[1]);
  });

  it('the OpenAPI description documents `_titles` on records that reference others', async () => {
    const doc = (await c.get('/api/v1/openapi.json', 'leitura@portal.local')).body;
    const titles = doc.components.schemas.Material.properties._titles;
    expect(titles.readOnly).toBe(true);
    expect(titles.properties.template.$ref).toBe('#/components/schemas/TituloReferencia');
    expect(doc.components.schemas.TituloReferencia.required).toEqual(['title']);
    // An entity without references has no such property.
    expect(doc.components.schemas.Produto.properties._titles).toBeUndefined();
  });
});
