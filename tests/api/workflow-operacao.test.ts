import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { CNPJ } from '../../src/server/seed/demo-empresas';

const SGI = 'sgi@portal.local';
const LEITURA = 'leitura@portal.local';
const ETICA = 'etica@portal.local';
const POS = 'posvendas@portal.local';
const SM = 'sm@portal.local';
const ADMIN = 'admin@portal.local';

describe.each(BACKENDS)('SGI, ethics, post-sales, work order and RDO workflows (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const newSgi = async (as: string, area = 'Qualidade', titulo = 'Concreto fora de especificação') => {
    const r = await c.post(
      '/api/v1/tickets-sgi',
      {
        titulo,
        area,
        tipo: 'RNC',
        severidade: 'Alta',
        dataOcorrencia: '2026-11-10',
        descricao: 'Slump acima do especificado no lote 12.',
        status: 'FINALIZADO',
      },
      as,
    );
    expect(r.status).toBe(201);
    return r.body as { id: number; status: string; relator: { mail: string } };
  };

  it('SGI: any staff member opens and submits their own record; sgi accepts it with a code; concluding the last plan finalises it', async () => {
    const rec = await newSgi(LEITURA);
    expect(rec).toMatchObject({ status: 'RASCUNHO', relator: { mail: LEITURA } });
    expect((await c.step('tickets-sgi', rec.id, 'enviar-triagem', POS)).status).toBe(403);
    expect((await c.step('tickets-sgi', rec.id, 'enviar-triagem', LEITURA)).body.status).toBe('TRIAGEM');
    expect((await c.mails(SGI, `tickets-sgi/${rec.id}`)).length).toBe(1);
    expect((await c.step('tickets-sgi', rec.id, 'aceitar', LEITURA)).status).toBe(403);
    // Accepting asks who holds the treatment (issue 25: tests/api/ownership.test.ts).
    const accepted = await c.step('tickets-sgi', rec.id, 'aceitar', SGI, { values: { responsavel: person(SGI) } });
    expect(accepted.body.status).toBe('EM ANDAMENTO');
    expect(accepted.body.codigo).toMatch(new RegExp(`^QUA-${new Date().getFullYear()}-\\d{4}$`));

    const plano = await c.post(
      '/api/v1/planos-acao',
      { ticket: rec.id, titulo: 'Trocar fornecedor de concreto', responsavel: person(SGI), status: 'Concluído' },
      SGI,
    );
    expect(plano.status).toBe(201);
    expect(plano.body.status).toBe('Aberto');
    expect((await c.post('/api/v1/planos-acao', { ticket: rec.id, titulo: 'Plano de leitura' }, LEITURA)).status).toBe(403);
    expect((await c.step('tickets-sgi', rec.id, 'finalizar', SGI)).status).toBe(400);
    await c.step('planos-acao', plano.body.id, 'iniciar', SGI);
    expect((await c.step('planos-acao', plano.body.id, 'concluir', SGI)).status).toBe(400);
    const done = await c.step('planos-acao', plano.body.id, 'concluir', SGI, { comment: 'Eficácia verificada em 3 concretagens.' });
    expect(done.body.status).toBe('Concluído');
    const after = (await c.get(`/api/v1/tickets-sgi/${rec.id}`)).body;
    expect(after.status).toBe('FINALIZADO');
    expect(after.dataFinalizacao).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const hist = await c.get(`/api/v1/tickets-sgi/${rec.id}/historico`);
    expect(hist.body[0].transition).toMatchObject({ name: 'finalizacao-automatica', to: 'FINALIZADO' });
  });

  it('SGI: 20 concurrent acceptances get gap-free codes', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await newSgi(SGI, 'Segurança', `Ato inseguro ${i}`);
      await c.step('tickets-sgi', r.id, 'enviar-triagem', SGI);
      ids.push(r.id);
    }
    const results = await Promise.all(ids.map((id) => c.step('tickets-sgi', id, 'aceitar', SGI, { values: { responsavel: person(SGI) } })));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    const numbers = results.map((r) => Number(String(r.body.codigo).split('-')[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19] - numbers[0]).toBe(19);
  });

  it('ethics: a reporter sees only their own reports; the handlers never see who filed an anonymous one', async () => {
    const r = await c.post(
      '/api/v1/relatos-etica',
      {
        assunto: 'Pressão para aprovar medição',
        categoria: 'Fraude',
        descricao: 'Fui pressionado a aprovar medição sem conferência.',
        anonimo: true,
        emailRelator: 'outro@portal.local',
        nomeRelator: 'Fulano',
      },
      LEITURA,
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'Aberto', emailRelator: LEITURA, nomeRelator: null });
    expect(r.body.protocolo).toMatch(/^ET-\d{4}-\d{5}$/);
    const mine = await c.get('/api/v1/relatos-etica?_end=500', LEITURA);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((x: { emailRelator: string }) => x.emailRelator === LEITURA)).toBe(true);
    expect([403, 404]).toContain((await c.get(`/api/v1/relatos-etica/${r.body.id}`, POS)).status);
    const seen = await c.get(`/api/v1/relatos-etica/${r.body.id}`, ETICA);
    expect(seen.status).toBe(200);
    expect(seen.body).not.toHaveProperty('emailRelator');
    expect(seen.body).not.toHaveProperty('created_by');
    const hist = await c.get(`/api/v1/relatos-etica/${r.body.id}/historico`, ETICA);
    expect(JSON.stringify(hist.body)).not.toContain(LEITURA);
    expect(
      (await c.get('/api/v1/pendencias?_end=200', ETICA)).body.some(
        (p: { id: number; resource: string }) => p.resource === 'relatos-etica' && p.id === r.body.id,
      ),
    ).toBe(true);
    const started = await c.step('relatos-etica', r.body.id, 'iniciar-apuracao', ETICA);
    expect(started.body).toMatchObject({ status: 'Em andamento', responsavel: { mail: ETICA } });
    expect((await c.step('relatos-etica', r.body.id, 'finalizar', ETICA)).status).toBe(400);
    const done = await c.step('relatos-etica', r.body.id, 'finalizar', ETICA, { comment: 'Apurado; medição refeita e gestor orientado.' });
    expect(done.body.status).toBe('Finalizada');
    expect(done.body.parecer).toMatch(/medição refeita/);
    expect((await c.mails(LEITURA, `relatos-etica/${r.body.id}`)).length).toBe(1);
  });

  it('post-sales: concluding needs the solution, stamps the date and tells the client; a concluded ticket reopens with a comment', async () => {
    const r = await c.post(
      '/api/v1/posvendas',
      {
        titulo: 'Infiltração na cobertura',
        cliente: CNPJ.clienteDemo,
        obra: '101',
        emailContato: 'contato@cliente.com.br',
        abertura: '2026-11-20T10:00:00-03:00',
        descricao: 'Goteiras no galpão 2.',
        comentario: 'Cliente ligou.',
        responsavel: person(POS),
      },
      ADMIN,
    );
    expect(r.status).toBe(201);
    const id = r.body.id;
    expect((await c.step('posvendas', id, 'analisar', LEITURA)).status).toBe(403);
    await c.step('posvendas', id, 'analisar', POS);
    await c.step('posvendas', id, 'atender', POS);
    expect((await c.step('posvendas', id, 'concluir', POS)).status).toBe(400);
    const done = await c.step('posvendas', id, 'concluir', POS, { comment: 'Rufos refeitos e vedação trocada.' });
    expect(done.body).toMatchObject({ status: 'Concluído', solucao: 'Rufos refeitos e vedação trocada.' });
    expect(done.body.conclusao).toBeTruthy();
    expect((await c.mails('contato@cliente.com.br', `posvendas/${id}`)).at(-1)?.assunto).toMatch(/Concluído/);
    expect((await c.patch(`/api/v1/posvendas/${id}`, { version: done.body.version, titulo: 'Outro' }, POS)).status).toBe(403);
    const reopened = await c.step('posvendas', id, 'reabrir', POS, { comment: 'Voltou a gotejar.' });
    expect(reopened.body).toMatchObject({ status: 'Em atendimento', conclusao: null });
  });

  it('work order: concluded only when every checklist filled for it is concluded', async () => {
    const os = await c.post('/api/v1/os-field', {
      numero: `OS-WF-${backend}`,
      obra: '101',
      titulo: 'Comissionamento do CCM',
      dataAbertura: '2026-11-20',
      responsavel: person('gustavo.alves@portal.local'),
    });
    expect(os.status).toBe(201);
    const id = os.body.id;
    expect((await c.step('os-field', id, 'iniciar', ADMIN)).body.status).toBe('Em execução');
    const templates = await c.get('/api/v1/checklist-templates-field?_end=1');
    const ck = await c.post('/api/v1/checklists-field', {
      template: templates.body[0].id,
      obra: '101',
      os: id,
      data: '2026-11-21',
      executante: person('gustavo.alves@portal.local'),
    });
    expect(ck.status).toBe(201);
    const refused = await c.step('os-field', id, 'concluir', ADMIN);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/checklists/);
    // Concluding a checklist answers its template's required items (tests/api/checklist.test.ts).
    const respostas = (templates.body[0].itens as { ordem: number; pergunta: string }[]).map((i) => ({
      item: i.ordem,
      pergunta: i.pergunta,
      conformidade: 'Conforme',
      resposta: 'Sim',
    }));
    expect((await c.patch(`/api/v1/checklists-field/${ck.body.id}`, { version: ck.body.version, status: 'Concluído', respostas })).status).toBe(200);
    const done = await c.step('os-field', id, 'concluir', ADMIN);
    expect(done.body.status).toBe('Concluída');
    expect(done.body.dataConclusao).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("work order: realised hours are the sum of its daily reports' hours", async () => {
    const os = await c.post('/api/v1/os-field', { numero: `OS-HR-${backend}`, obra: '101', titulo: 'Montagem de eletrocalhas', dataAbertura: '2026-11-20' });
    const report = (horas: number[]) => ({
      area: 'FIELD',
      obra: '101',
      data: '2026-11-21',
      osField: os.body.id,
      executante: person(ADMIN),
      equipe: horas.map((h, i) => ({ nome: `Técnico ${i}`, horas: h })),
    });
    expect((await c.post('/api/v1/diarios-os', report([8, 7.5]))).status).toBe(201);
    expect((await c.post('/api/v1/diarios-os', report([4]))).status).toBe(201);
    expect((await c.get(`/api/v1/os-field/${os.body.id}`)).body.horasRealizadas).toBe(19.5);
  });

  it('RDO: the site manager sends; a sent report is read-only to them; admin_rdo returns it with a comment or approves it', async () => {
    const r = await c.post('/api/v1/diarios', { obra: '101', data: '2026-11-02', ocorrencias: 'Montagem das terças.' }, SM);
    expect(r.status).toBe(201);
    const id = r.body.id;
    expect(r.body.status).toBe('Rascunho');
    const sent = await c.step('diarios', id, 'enviar', SM);
    expect(sent.body.status).toBe('Em revisão');
    expect((await c.patch(`/api/v1/diarios/${id}`, { version: sent.body.version, ocorrencias: 'Mudança' }, SM)).status).toBe(403);
    expect((await c.step('diarios', id, 'aprovar', SM)).status).toBe(403);
    expect((await c.step('diarios', id, 'devolver', ADMIN)).status).toBe(400);
    const back = await c.step('diarios', id, 'devolver', ADMIN, { comment: 'Faltou o efetivo da tarde.' });
    expect(back.body.status).toBe('Reprovado');
    expect((await c.mails(SM, `diarios/${id}`)).at(-1)?.texto).toMatch(/Faltou o efetivo/);
    expect((await c.patch(`/api/v1/diarios/${id}`, { version: back.body.version, ocorrencias: 'Efetivo completo.' }, SM)).status).toBe(200);
    await c.step('diarios', id, 'enviar', SM);
    expect((await c.step('diarios', id, 'aprovar', ADMIN)).body.status).toBe('Aprovado');
  });
});
