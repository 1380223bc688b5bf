import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, pdf, person } from './workflow-helpers';

const QUANT = 'materiais.quantificador@portal.local';
const VERIF = 'materiais.verificador@portal.local';
const COORD = 'materiais.coordenador@portal.local';
const PCP = 'materiais.pcp@portal.local';
const SM = 'sm@portal.local';
const PROJ = 'projetista@portal.local';
const CLIENTE = 'cliente@portal.local';
const CLIENTE_102 = 'cliente.novo@portal.local';

const ITENS = [{ codigo: 'PERF-W200', descricao: 'Perfil W200x26,6', unidade: 'kg', quantidade: 1200 }];

describe.each(BACKENDS)('materials workflow (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const newList = async (titulo: string, origem = 'Obra', as = QUANT) =>
    c.post(
      '/api/v1/materiais',
      {
        titulo,
        obra: '101',
        origem,
        Status: 'LIBERADO PARA PLANEJAMENTO',
        itens: ITENS,
        Quantificou: person(QUANT),
        Verificador: person(VERIF),
        Site_manager: person(SM),
        Coordenador: person(COORD),
      },
      as,
    );

  it('releases a list stage by stage, each by the person of the stage, up to planning', async () => {
    const created = await newList('Estrutura do pórtico');
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body.Status).toBe('EM ELABORAÇÃO');
    expect((await c.step('materiais', id, 'liberar-site-manager', VERIF)).status).toBe(400);
    expect((await c.step('materiais', id, 'liberar-verificacao', VERIF)).status).toBe(403);
    expect((await c.step('materiais', id, 'liberar-verificacao', QUANT)).body.Status).toBe('LIBERADO PARA VERIFICAÇÃO');
    expect((await c.step('materiais', id, 'liberar-site-manager', QUANT)).status).toBe(403);
    expect((await c.step('materiais', id, 'liberar-site-manager', VERIF)).body.Status).toBe('LIBERADO PARA SITE MANAGER');
    expect((await c.step('materiais', id, 'liberar-coordenador', SM)).body.Status).toBe('LIBERADO PARA COORDENADOR');
    expect((await c.step('materiais', id, 'liberar-planejamento', COORD)).body.Status).toBe('LIBERADO PARA PLANEJAMENTO');

    // pcp edits the planning fields only (editarpcp), not the rest.
    const now = (await c.get(`/api/v1/materiais/${id}`)).body;
    const qty = await c.patch(`/api/v1/materiais/${id}`, { version: now.version, itens: [{ ...ITENS[0], quantidade: 1300 }] }, PCP);
    expect(qty.status).toBe(200);
    const title = await c.patch(`/api/v1/materiais/${id}`, { version: qty.body.version, titulo: 'Outro título' }, PCP);
    expect(title.status).toBe(403);
    expect(title.body.errors.titulo).toBeDefined();
    expect((await c.patch(`/api/v1/materiais/${id}`, { version: qty.body.version, observacoes: 'x' }, QUANT)).status).toBe(403);

    const back = await c.step('materiais', id, 'enviar-revisao', PCP, { comment: 'Faltam os chumbadores.' });
    expect(back.body.Status).toBe('EM REVISÃO');
    expect((await c.step('materiais', id, 'iniciar-revisao', QUANT)).body.Status).toBe('REVISAR');
    const del = await c.del(`/api/v1/materiais/${id}`, 'admin@portal.local');
    expect(del.status).toBe(400);
    expect(del.body.message).toMatch(/EM ELABORAÇÃO/);
  });

  it('returns to REVISAR with a comment by the holder of the stage, and cancels with a comment', async () => {
    const id = (await newList('Elétrica da subestação')).body.id;
    await c.step('materiais', id, 'liberar-verificacao', QUANT);
    expect((await c.step('materiais', id, 'devolver', VERIF)).status).toBe(400);
    expect((await c.step('materiais', id, 'devolver', VERIF, { comment: 'Revisar bitolas.' })).body.Status).toBe('REVISAR');
    expect((await c.mails(QUANT, `materiais/${id}`)).length).toBeGreaterThan(0);
    expect((await c.step('materiais', id, 'cancelar', VERIF, { comment: 'x' })).status).toBe(403);
    expect((await c.step('materiais', id, 'cancelar', QUANT, { comment: 'Escopo retirado do contrato.' })).body.Status).toBe('CANCELADO');
  });

  it('lets create_obra / create_projeto decide the origin a user may create', async () => {
    const projeto = await newList('Lista de projeto', 'Projeto');
    expect(projeto.status).toBe(403);
    expect(projeto.body.errors.origem[0]).toMatch(/Projeto/);
  });

  it('deletes a list only in EM ELABORAÇÃO', async () => {
    const id = (await newList('Lista descartável')).body.id;
    expect((await c.del(`/api/v1/materiais/${id}`, QUANT)).status).toBe(200);
  });
});

describe.each(BACKENDS)('engineering document (CRE) workflow (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  let seq = 0;
  const newDoc = async (obra = '101') => {
    const r = await c.post(
      '/api/v1/projetos',
      {
        codigo: `CRE-WF-${backend}-${++seq}`,
        titulo: 'Planta de fundações',
        obra,
        categoria: 'Executivo',
        revisao: '0',
        projetista: person(PROJ),
        arquivos: pdf('fundacoes.pdf'),
        comentarioInterno: 'Margem de custo apertada.',
      },
      PROJ,
    );
    expect(r.status).toBe(201);
    return r.body as { id: number; Situacao: string };
  };

  it('sends for approval, the client approves with comments, engineering issues a new revision', async () => {
    const doc = await newDoc();
    expect(doc.Situacao).toBe('EL');
    const sent = await c.step('projetos', doc.id, 'enviar-cliente', PROJ);
    expect(sent.body.Situacao).toBe('PAP');
    expect(sent.body.dataEmissao).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent.body.prazoAprovacao > sent.body.dataEmissao).toBe(true);
    expect((await c.mails(CLIENTE, `projetos/${doc.id}`)).length).toBe(1);

    expect((await c.names('projetos', doc.id, CLIENTE)).sort()).toEqual(['aprovar', 'aprovar-com-comentarios', 'comentar', 'reprovar']);
    expect(await c.names('projetos', doc.id, PROJ)).not.toContain('aprovar');
    expect((await c.step('projetos', doc.id, 'aprovar', PROJ)).status).toBe(403);

    const seen = await c.get(`/api/v1/projetos/${doc.id}`, CLIENTE);
    expect(seen.status).toBe(200);
    expect(seen.body).not.toHaveProperty('comentarioInterno');
    const listed = await c.get('/api/v1/projetos?_end=1000', CLIENTE);
    expect(listed.body.some((r: Record<string, unknown>) => 'comentarioInterno' in r)).toBe(false);
    const hist = await c.get(`/api/v1/projetos/${doc.id}/historico`, CLIENTE);
    expect(JSON.stringify(hist.body)).not.toMatch(/Margem de custo/);

    const edit = await c.patch(`/api/v1/projetos/${doc.id}`, { version: seen.body.version, titulo: 'Outro' }, CLIENTE);
    expect(edit.status).toBe(403);
    const noComment = await c.step('projetos', doc.id, 'aprovar-com-comentarios', CLIENTE);
    expect(noComment.status).toBe(400);
    const apc = await c.step('projetos', doc.id, 'aprovar-com-comentarios', CLIENTE, { comment: 'Incluir cota da viga V3.' });
    expect(apc.status).toBe(200);
    expect(apc.body.Situacao).toBe('APC');
    expect(apc.body.decisaoPor.mail).toBe(CLIENTE);
    expect(apc.body.comentariosCliente).toMatch(/Incluir cota da viga V3/);
    expect(apc.body).not.toHaveProperty('comentarioInterno');
    expect((await c.mails(PROJ, `projetos/${doc.id}`)).at(-1)?.texto).toMatch(/Incluir cota/);

    const rev = await c.step('projetos', doc.id, 'nova-revisao', PROJ, { comment: 'Cota incluída.' });
    expect(rev.body).toMatchObject({ Situacao: 'PAP', revisao: '1', decisaoPor: null });
    const pend = await c.get('/api/v1/pendencias?_end=200', CLIENTE);
    expect(pend.body.find((p: { resource: string; id: number }) => p.resource === 'projetos' && p.id === doc.id)?.transitions).toEqual(
      expect.arrayContaining(['Aprovar', 'Reprovar']),
    );
    expect((await c.step('projetos', doc.id, 'reprovar', CLIENTE, { comment: 'Detalhe incompatível.' })).body.Situacao).toBe('PR');
  });

  it("keeps other clients' sites out of reach (decision 25)", async () => {
    const doc = await newDoc('101');
    await c.step('projetos', doc.id, 'enviar-cliente', PROJ);
    expect([403, 404]).toContain((await c.get(`/api/v1/projetos/${doc.id}`, CLIENTE_102)).status);
    expect((await c.get('/api/v1/projetos?_end=1000', CLIENTE_102)).body.every((r: { obra: string }) => r.obra === '102')).toBe(true);
    const other = await newDoc('103');
    await c.step('projetos', other.id, 'enviar-cliente', PROJ);
    expect((await c.step('projetos', other.id, 'aprovar', CLIENTE)).status).toBe(403);
    const pend = await c.get('/api/v1/pendencias?_end=200', CLIENTE);
    expect(pend.body.some((p: { obra: string; resource: string }) => p.resource === 'projetos' && p.obra !== '101')).toBe(false);
  });

  it('lets a client comment without deciding', async () => {
    const doc = await newDoc();
    await c.step('projetos', doc.id, 'enviar-cliente', PROJ);
    const r = await c.step('projetos', doc.id, 'comentar', CLIENTE, { comment: 'Podemos falar amanhã?' });
    expect(r.body.Situacao).toBe('PAP');
    expect(r.body.comentariosCliente).toMatch(/Podemos falar amanhã/);
  });
});
