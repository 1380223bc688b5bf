/**
 * The company registry (docs/access.md decision 29): `empresa` with a verified CNPJ, and the records
 * that name a company referring to a registered one of the right kind.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { CNPJ } from '../../src/server/seed/demo-empresas';

type Row = Record<string, unknown>;

describe.each(BACKENDS)('company registry (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const SGI = 'sgi@portal.local';
  const sgiRecord = (extra: Row) => ({
    titulo: `Desvio de fornecedor ${backend}`,
    descricao: 'Peças entregues fora da especificação.',
    obra: '101',
    dataOcorrencia: '2026-11-20',
    ...extra,
  });

  it('refuses an invalid CNPJ on the field and stores a valid one as digits, once', async () => {
    const before = (await c.get('/api/v1/empresas?_end=1000')).body.length;
    for (const cnpj of ['12.345.678/0001-00', '11111111111111', '123', 'abc']) {
      const r = await c.post('/api/v1/empresas', { nome: 'Empresa Teste Ltda.', cnpj, tipo: 'Fornecedor' });
      expect(r.status, cnpj).toBe(400);
      expect(r.body.errors, cnpj).toEqual({ cnpj: ['CNPJ inválido.'] });
    }
    expect((await c.get('/api/v1/empresas?_end=1000')).body.length).toBe(before);
    const ok = await c.post('/api/v1/empresas', { nome: 'Empresa Teste Ltda.', cnpj: '14.142.135/0001-04', tipo: 'Fornecedor' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.cnpj).toBe('14142135000104');
    const again = await c.post('/api/v1/empresas', { nome: 'Outra', cnpj: '14142135000104', tipo: 'Cliente' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toHaveProperty('cnpj');
    // The key records and users hold never changes.
    const moved = await c.patch(`/api/v1/empresas/${ok.body.id}`, { version: ok.body.version, cnpj: '16.180.339/0001-57' });
    expect(moved.status).toBe(400);
    expect(moved.body.errors.cnpj[0]).toMatch(/não pode ser alterado/);
    expect((await c.patch(`/api/v1/empresas/${ok.body.id}`, { version: ok.body.version, nome: 'Empresa Teste S.A.' })).status).toBe(200);
  });

  it('a record names a registered company of the kind its field accepts, else 400 on the field', async () => {
    const lawFirm = await c.post('/api/v1/tickets-sgi', sgiRecord({ fornecedor: CNPJ.andradeLobo }), SGI);
    expect(lawFirm.status).toBe(400);
    expect(lawFirm.body.errors.fornecedor[0]).toBe('Escolha uma empresa com Tipo "Fornecedor".');
    const unknown = await c.post('/api/v1/tickets-sgi', sgiRecord({ fornecedor: '14142135000185' }), SGI);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('fornecedor');
    const freeText = await c.post('/api/v1/tickets-sgi', sgiRecord({ fornecedor: 'Montagens Ideal' }), SGI);
    expect(freeText.status).toBe(400);
    expect(freeText.body.errors).toHaveProperty('fornecedor');
    const asClient = await c.post('/api/v1/tickets-sgi', sgiRecord({ cliente: CNPJ.montagensIdeal }), SGI);
    expect(asClient.status).toBe(400);
    expect(asClient.body.errors.cliente[0]).toMatch(/Cliente/);
    const ok = await c.post('/api/v1/tickets-sgi', sgiRecord({ fornecedor: CNPJ.montagensIdeal, cliente: CNPJ.clienteDemo }), SGI);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // A change to a company of another kind is refused as well.
    const changed = await c.patch(`/api/v1/tickets-sgi/${ok.body.id}`, { version: ok.body.version, fornecedor: CNPJ.clienteNovo });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toHaveProperty('fornecedor');
    const processo = (await c.get('/api/v1/processos-juridicos?_end=1')).body[0];
    const supplierAsFirm = await c.patch(`/api/v1/processos-juridicos/${processo.id}`, { version: processo.version, escritorio: CNPJ.montagensIdeal });
    expect(supplierAsFirm.status).toBe(400);
    expect(supplierAsFirm.body.errors.escritorio[0]).toMatch(/Escritório de advocacia/);
  });

  it('sites, contracts, policies, tickets and factory records name registered companies of the kinds their fields accept', async () => {
    const count = async (resource: string) => Number((await c.get(`/api/v1/${resource}?_end=1`)).headers.get('x-total-count'));
    const site = (extra: Row) => ({ Id_Lista: `E${backend.slice(0, 2)}1`, nome: 'Obra de teste do cadastro', status: 'Planejamento', ...extra });
    const obras = await count('obras');
    // A free text, an unknown CNPJ or a company of another kind: 400 on the field, in pt-BR, nothing stored.
    for (const [cliente, msg] of [
      ['Cliente Demonstração Lda', 'Selecione um registro válido.'], // longer than any CNPJ
      ['14142135000185', 'Empresa não encontrada.'],
      [CNPJ.montagensIdeal, 'Escolha uma empresa com Tipo "Cliente".'],
    ]) {
      const r = await c.post('/api/v1/obras', site({ cliente }));
      expect(r.status, cliente).toBe(400);
      expect(r.body.errors, cliente).toEqual({ cliente: [msg] });
    }
    expect(await count('obras')).toBe(obras);
    // An old client still sending the site's client CNPJ is not refused: the value follows the company.
    const ok = await c.post('/api/v1/obras', site({ cliente: CNPJ.atlantico, cnpjCliente: '11.111.111/1111-11' }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ cliente: CNPJ.atlantico, cnpjCliente: '67.890.123/0001-16' });
    expect((await c.get(`/api/v1/obras/${ok.body.id}`)).body._titles.cliente.title).toBe('Atlântico Participações Ltda.'); // the name readers see
    const moved = await c.patch(`/api/v1/obras/${ok.body.id}`, { version: ok.body.version, cliente: CNPJ.clienteNovo, cnpjCliente: 'x' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.cnpjCliente).toBe('56.789.012/0001-00');

    // A contract's counterparty is a supplier or a client, nothing else.
    const contract = (numero: string, contraparte: string) => ({
      numero: `${numero}-${backend}`,
      tipo: 'Fornecimento',
      contraparte,
      objeto: 'Contrato de teste do cadastro de empresas.',
      obra: '101',
      responsavel: { mail: 'contratos.responsavel@portal.local' },
      gestor: { mail: 'contratos.gestor@portal.local' },
      validador: { mail: 'contratos.validador@portal.local' },
    });
    const contratos = await count('contratos');
    const firm = await c.post('/api/v1/contratos', contract('CT-E1', CNPJ.andradeLobo));
    expect(firm.status).toBe(400);
    expect(firm.body.errors).toEqual({ contraparte: ['Escolha uma empresa com Tipo "Fornecedor" ou "Cliente".'] });
    expect((await c.post('/api/v1/contratos', contract('CT-E2', 'Aços Brasil'))).body.errors).toEqual({ contraparte: ['Empresa não encontrada.'] });
    expect(await count('contratos')).toBe(contratos);
    const supplier = await c.post('/api/v1/contratos', contract('CT-E3', CNPJ.trafoSul));
    expect(supplier.status, JSON.stringify(supplier.body)).toBe(201);
    expect(supplier.body.cnpj).toBe('78.901.234/0001-05');
    expect((await c.post('/api/v1/contratos', contract('CT-E4', CNPJ.clienteDemo))).status).toBe(201);

    // Policies: the insurer is a Seguradora, the broker a Corretora.
    const policy = (extra: Row) => ({
      numeroApolice: `AP-E-${backend}-${Object.keys(extra).join('')}`,
      obra: '101',
      status: 'Em cotação',
      inicioVigencia: '2026-01-01',
      fimVigencia: '2026-12-31',
      importanciaSegurada: 1000,
      ...extra,
    });
    const seguros = await count('seguros');
    const broker = await c.post('/api/v1/seguros', policy({ seguradora: CNPJ.primeCorretora }));
    expect(broker.status).toBe(400);
    expect(broker.body.errors).toEqual({ seguradora: ['Escolha uma empresa com Tipo "Seguradora".'] });
    const insurerAsBroker = await c.post('/api/v1/seguros', policy({ seguradora: CNPJ.valeSeguros, corretora: CNPJ.valeSeguros }));
    expect(insurerAsBroker.body.errors).toEqual({ corretora: ['Escolha uma empresa com Tipo "Corretora".'] });
    expect(await count('seguros')).toBe(seguros);
    expect((await c.post('/api/v1/seguros', policy({ seguradora: CNPJ.valeSeguros, corretora: CNPJ.primeCorretora }))).status).toBe(201);

    // Post-sales tickets, manufacturing orders, TAFs and work orders: the client is a Cliente company.
    const ticket = await c.post('/api/v1/posvendas', {
      titulo: 'Teste do cadastro',
      cliente: CNPJ.trafoSul,
      obra: '101',
      abertura: '2026-11-20T10:00:00-03:00',
      categoria: 'Garantia',
      prioridade: 'Média',
      descricao: 'Teste.',
      comentario: 'Teste.',
    });
    expect(ticket.status).toBe(400);
    expect(ticket.body.errors).toEqual({ cliente: ['Escolha uma empresa com Tipo "Cliente".'] });
    const fab = await c.post('/api/v1/fabricacoes', {
      codigo: `FAB-E-${backend}`,
      descricao: 'Fabricação de teste',
      cliente: 'Energética Santa Clara',
      quantidade: 1,
    });
    expect(fab.status).toBe(400);
    expect(fab.body.errors).toEqual({ cliente: ['Selecione um registro válido.'] });
    const fabOk = await c.post('/api/v1/fabricacoes', {
      codigo: `FAB-E-${backend}`,
      descricao: 'Fabricação de teste',
      cliente: CNPJ.santaClara,
      quantidade: 1,
    });
    expect(fabOk.status, JSON.stringify(fabOk.body)).toBe(201);
    expect((await c.get(`/api/v1/fabricacoes/${fabOk.body.id}`)).body._titles.cliente.title).toBe('Energética Santa Clara S.A.');
  });

  it('the supplier sees the records naming its registered company, including a new one', async () => {
    const ok = await c.post('/api/v1/tickets-sgi', sgiRecord({ titulo: `Registro novo do fornecedor ${backend}`, fornecedor: CNPJ.montagensIdeal }), SGI);
    expect(ok.status).toBe(201);
    const all = (await c.get('/api/v1/tickets-sgi?_end=1000')).body as Row[];
    const theirs = all
      .filter((r) => r.fornecedor === CNPJ.montagensIdeal && r.status !== 'RASCUNHO')
      .map((r) => r.id)
      .sort();
    const seen = (await c.get('/api/v1/tickets-sgi?_end=1000', 'fornecedor@portal.local')).body as Row[];
    expect(seen.map((r) => r.id).sort()).toEqual(theirs);
    expect(seen.every((r) => r.fornecedor === CNPJ.montagensIdeal)).toBe(true);
  });

  it("a supplier's or law firm's user lists registered companies, stored by CNPJ", async () => {
    const user = (empresa: unknown[]) => ({
      email: `parceiro.${backend}@exemplo.com`,
      nome: 'Parceiro Novo',
      tipo: 'fornecedor',
      roles: ['fornecedor'],
      empresa,
    });
    const free = await c.post('/api/v1/usuarios', user(['Montagens Ideal']));
    expect(free.status).toBe(400);
    expect(free.body.errors.empresa[0]).toMatch(/não cadastrada: "Montagens Ideal"/);
    expect((await c.post('/api/v1/usuarios', user([]))).status).toBe(400);
    const ok = await c.post('/api/v1/usuarios', user(['12.345.678/0001-95']));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.empresa).toEqual([CNPJ.montagensIdeal]);
  });

  it('staff pick companies by name or CNPJ and kind; an external user reads only its own company', async () => {
    const byName = (await c.get('/api/v1/empresas?q=montagens&_end=20', SGI)).body as Row[];
    expect(byName.map((r) => r.cnpj)).toEqual([CNPJ.montagensIdeal]);
    const byCnpj = (await c.get(`/api/v1/empresas?q=${CNPJ.andradeLobo.slice(0, 8)}&_end=20`, SGI)).body as Row[];
    expect(byCnpj.map((r) => r.nome)).toEqual(['Andrade & Lobo Advogados']);
    const suppliers = (await c.get('/api/v1/empresas?tipo=Fornecedor&_end=100', SGI)).body as Row[];
    expect(suppliers.length).toBeGreaterThan(1);
    expect(suppliers.every((r) => r.tipo === 'Fornecedor')).toBe(true);
    expect((await c.post('/api/v1/empresas', { nome: 'Nova', cnpj: '16.180.339/0001-57', tipo: 'Cliente' }, SGI)).status).toBe(403);
    const own = (await c.get('/api/v1/empresas?_end=100', 'fornecedor@portal.local')).body as Row[];
    expect(own.map((r) => r.cnpj)).toEqual([CNPJ.montagensIdeal]);
    const firm = (await c.get('/api/v1/empresas?_end=100', 'escritorio@portal.local')).body as Row[];
    expect(firm.map((r) => r.cnpj)).toEqual([CNPJ.andradeLobo]);
    expect((await c.get('/api/v1/empresas-pendentes', SGI)).status).toBe(403);
    expect((await c.get('/api/v1/empresas-pendentes')).status).toBe(200);
  });
});
