/**
 * Filled checklists (write rule `checklistAnswers`, schemas/shared/checklist-answers.ts): a "Não
 * conforme" answer is described; concluding answers every required item of the template (with the
 * answer its type asks for) and does not approve a non-conformity. Field team: field@portal.local
 * (create and read on FIELD); automation team: automacao@portal.local.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';

const FIELD = 'field@portal.local';
const AUTOMACAO = 'automacao@portal.local';
const ADMIN = 'admin@portal.local';
const photo = (name: string) => ({ key: `demo/testes/${name}`, name, size: 1000, type: 'image/png' });
interface Answer {
  item?: number;
  secao?: string;
  pergunta: string;
  conformidade: string;
  resposta?: string;
  observacao?: string;
  fotos?: ReturnType<typeof photo>[];
}

describe.each(BACKENDS)('filled checklists (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  /** The demo template "Instalação de painel elétrico" (every site): 1 Sim / Não, 2–3 conformity, 4 number (optional), 5 photo. */
  async function painel(): Promise<number> {
    const r = await c.get('/api/v1/checklist-templates-field?_end=100', FIELD);
    expect(r.status).toBe(200);
    return (r.body as { id: number; nome: string }[]).find((x) => x.nome === 'Instalação de painel elétrico')!.id;
  }
  async function osOf(resource: string, numero: string): Promise<number> {
    const r = await c.get(`/api/v1/${resource}?_end=500`, ADMIN);
    return (r.body as { id: number; numero: string }[]).find((x) => x.numero === numero)!.id;
  }
  const complete = (): Answer[] => [
    { item: 1, secao: 'Segurança', pergunta: 'Permissão de trabalho emitida e assinada', conformidade: 'Conforme', resposta: 'Sim' },
    { item: 2, secao: 'Segurança', pergunta: 'Bloqueio e etiquetagem (LOTO) aplicados', conformidade: 'Conforme' },
    { item: 3, secao: 'Execução', pergunta: 'Torque dos bornes conferido', conformidade: 'Conforme' },
    { item: 5, secao: 'Encerramento', pergunta: 'Registro fotográfico do painel fechado', conformidade: 'Conforme', fotos: [photo('painel.png')] },
  ];
  const body = async (extra: Record<string, unknown>) => ({
    template: await painel(),
    obra: '101',
    os: await osOf('os-field', 'OSF-101-0002'),
    data: '2026-11-21',
    executante: person(FIELD, 'Fábio Field'),
    ...extra,
  });

  it('a non-conforming answer without an observation is refused on its row, in a draft too', async () => {
    const respostas = complete();
    respostas[2] = { ...respostas[2], conformidade: 'Não conforme' };
    const r = await c.post('/api/v1/checklists-field', await body({ status: 'Em preenchimento', respostas }), FIELD);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ 'respostas.2.observacao': ['Descreva a não conformidade.'] });
    // Blank text is no description.
    respostas[2] = { ...respostas[2], observacao: '   ' };
    const blank = await c.post('/api/v1/checklists-field', await body({ status: 'Em preenchimento', respostas }), FIELD);
    expect(blank.body.errors).toEqual({ 'respostas.2.observacao': ['Descreva a não conformidade.'] });
    respostas[2] = { ...respostas[2], observacao: 'Dois bornes frouxos, reapertados.' };
    const ok = await c.post('/api/v1/checklists-field', await body({ status: 'Em preenchimento', respostas }), FIELD);
    expect(ok.status).toBe(201);
    expect(ok.body.respostas[2]).toMatchObject({ item: 3, secao: 'Execução', conformidade: 'Não conforme', observacao: 'Dois bornes frouxos, reapertados.' });
    expect(ok.body.respostas[3].fotos).toEqual([photo('painel.png')]);
  });

  it('a draft may leave required items open; concluding needs every required item answered as its type asks', async () => {
    const draft = await c.post('/api/v1/checklists-field', await body({ respostas: complete().slice(0, 1) }), FIELD);
    expect(draft.status).toBe(201);
    expect(draft.body.status).toBe('Em preenchimento');

    const missing = await c.post('/api/v1/checklists-field', await body({ status: 'Concluído', respostas: complete().slice(0, 2) }), FIELD);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      respostas: ['Responda os itens obrigatórios antes de concluir: 3. Torque dos bornes conferido; 5. Registro fotográfico do painel fechado.'],
    });

    // Answered, but without the written answer (Sim / Não) and the photo their types ask for.
    const respostas = complete();
    delete respostas[0].resposta;
    delete respostas[3].fotos;
    const empty = await c.post('/api/v1/checklists-field', await body({ status: 'Concluído', respostas }), FIELD);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      'respostas.0.resposta': ['Informe a resposta deste item obrigatório.'],
      'respostas.3.fotos': ['Anexe ao menos uma foto deste item obrigatório.'],
    });

    // "Não se aplica" answers an item without more; the optional item 4 may stay open.
    respostas[0] = { ...respostas[0], conformidade: 'Não se aplica' };
    respostas[3] = { ...respostas[3], conformidade: 'Não se aplica' };
    const done = await c.post('/api/v1/checklists-field', await body({ status: 'Concluído', respostas }), FIELD);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ status: 'Concluído', resultado: 'Aprovado' });
  });

  it('answers saved before item numbers are matched by their question', async () => {
    const respostas = complete().map(({ item: _item, secao: _secao, ...rest }) => rest);
    const r = await c.post('/api/v1/checklists-field', await body({ status: 'Concluído', respostas }), FIELD);
    expect(r.status).toBe(201);
  });

  it('a concluded checklist with a non-conformity is approved with reservations or failed, never "Aprovado"', async () => {
    const respostas = complete();
    respostas[1] = { ...respostas[1], conformidade: 'Não conforme', observacao: 'Etiqueta ausente no disjuntor geral.' };
    const approved = await c.post('/api/v1/checklists-field', await body({ status: 'Concluído', respostas, resultado: 'Aprovado' }), FIELD);
    expect(approved.status).toBe(400);
    expect(approved.body.errors).toEqual({ resultado: ['Há itens não conformes: o resultado é "Aprovado com ressalvas" ou "Reprovado".'] });
    // A draft keeps whatever result it has until it is concluded.
    expect((await c.post('/api/v1/checklists-field', await body({ status: 'Em preenchimento', respostas, resultado: 'Aprovado' }), FIELD)).status).toBe(201);
    const ok = await c.post('/api/v1/checklists-field', await body({ status: 'Concluído', respostas, resultado: 'Aprovado com ressalvas' }), FIELD);
    expect(ok.status).toBe(201);
  });

  it('an answer takes at most three photos', async () => {
    const respostas = complete();
    respostas[3] = { ...respostas[3], fotos: ['a.png', 'b.png', 'c.png', 'd.png'].map(photo) };
    const r = await c.post('/api/v1/checklists-field', await body({ respostas }), FIELD);
    expect(r.status).toBe(400);
    expect(r.body.errors['respostas.3.fotos']).toEqual(['No máximo 3 arquivo(s).']);
  });

  it('updates: concluding a draft is checked; a stored record is edited as it is when its answers do not change', async () => {
    const draft = await c.post('/api/v1/checklists-field', await body({ respostas: complete().slice(0, 2) }), FIELD);
    const refused = await c.patch(`/api/v1/checklists-field/${draft.body.id}`, { version: draft.body.version, status: 'Concluído' }, ADMIN);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['respostas']);
    const done = await c.patch(`/api/v1/checklists-field/${draft.body.id}`, { version: draft.body.version, status: 'Concluído', respostas: complete() }, ADMIN);
    expect(done.status).toBe(200);

    // A record stored before the rules (a non-conformity without a description, concluded as "Aprovado").
    const legacy = [{ pergunta: 'Torque dos bornes conferido', conformidade: 'Não conforme' }];
    await sql`update "checklistPreenchidoField" set respostas = ${JSON.stringify(legacy)}::jsonb, resultado = 'Aprovado' where id = ${done.body.id}`.execute(
      t.api.db,
    );
    const now = await c.get(`/api/v1/checklists-field/${done.body.id}`, ADMIN);
    // The edit form sends every field back: unchanged answers (empty sub-fields as null) are not re-checked.
    const sameAnswers = legacy.map((r) => ({ item: null, secao: null, ...r, resposta: null, observacao: null, fotos: null }));
    const edited = await c.patch(
      `/api/v1/checklists-field/${done.body.id}`,
      { version: now.body.version, observacoes: 'Revisado.', respostas: sameAnswers },
      ADMIN,
    );
    expect(edited.status).toBe(200);
    const changed = await c.patch(
      `/api/v1/checklists-field/${done.body.id}`,
      { version: edited.body.version, respostas: [{ ...legacy[0], resposta: '12 N·m' }] },
      ADMIN,
    );
    expect(changed.status).toBe(400);
    expect(changed.body.errors['respostas.0.observacao']).toEqual(['Descreva a não conformidade.']);
  });

  it("the fill screen's list of active templates: a boolean filter (PGlite refused the text 'true')", async () => {
    const off = await c.post('/api/v1/checklist-templates-field', { nome: 'Modelo desativado', tipoServico: 'Inspeção', ativo: false, itens: [] }, ADMIN);
    expect(off.status).toBe(201);
    const on = await c.get('/api/v1/checklist-templates-field?ativo=true&_end=100', FIELD);
    expect(on.status).toBe(200);
    const names = (on.body as { nome: string; ativo: boolean }[]).map((x) => x.nome);
    expect(names).toContain('Instalação de painel elétrico');
    expect(names).not.toContain('Modelo desativado');
    expect((await c.get('/api/v1/checklist-templates-field?ativo=false&_end=100', FIELD)).body.map((x: { nome: string }) => x.nome)).toEqual([
      'Modelo desativado',
    ]);
    expect((await c.get('/api/v1/checklist-templates-field?ativo_ne=true&ativo=false&_end=100', FIELD)).status).toBe(200);
    expect((await c.get('/api/v1/checklist-templates-field?ativo=talvez', FIELD)).status).toBe(400);
  });

  it('the automation area follows the same rules against its own templates', async () => {
    const tpl = (await c.get('/api/v1/checklist-templates-automacao?_end=100', AUTOMACAO)).body.find((x: { nome: string }) => x.nome === 'Start-up de CLP');
    const base = {
      template: tpl.id,
      obra: '103',
      os: await osOf('os-automacao', 'OSA-103-0001'),
      data: '2026-11-21',
      executante: person(AUTOMACAO),
      status: 'Concluído',
    };
    const respostas: Answer[] = [
      { item: 1, pergunta: 'Alimentação 24 Vcc dentro da tolerância', conformidade: 'Não conforme' },
      { item: 2, pergunta: 'Versão do programa registrada', conformidade: 'Conforme', resposta: 'SE138_v1.5.0' },
    ];
    const r = await c.post('/api/v1/checklists-automacao', { ...base, respostas, resultado: 'Reprovado' }, AUTOMACAO);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({
      'respostas.0.observacao': ['Descreva a não conformidade.'],
      respostas: ['Responda os itens obrigatórios antes de concluir: 3. Comunicação com o supervisório testada.'],
    });
    respostas[0] = { ...respostas[0], observacao: 'Fonte entregando 22,1 Vcc.' };
    respostas.push({ item: 3, pergunta: 'Comunicação com o supervisório testada', conformidade: 'Conforme', resposta: 'Sim' });
    const ok = await c.post('/api/v1/checklists-automacao', { ...base, respostas, resultado: 'Reprovado' }, AUTOMACAO);
    expect(ok.status).toBe(201);
  });

  it('an answer type an administrator adds to the templates is accepted on items, asks for a written answer, and stays while used', async () => {
    const path = '/api/v1/schemas/checklist-templates-field/fields/itens.tipoResposta';
    expect((await c.patch(path, { addOptions: ['Medição (MΩ)'] }, FIELD)).status).toBe(403);
    const added = await c.patch(path, { addOptions: ['Medição (MΩ)'] }, ADMIN);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const tipo = added.body.schema.fields.find((f: { name: string }) => f.name === 'itens').fields.find((f: { name: string }) => f.name === 'tipoResposta');
    expect(tipo.options).toContain('Medição (MΩ)');
    // A code type is never removed; other properties of a sub-field do not change.
    expect((await c.patch(path, { removeOptions: ['Foto'] }, ADMIN)).body.errors.removeOptions).toEqual([
      'A opção "Foto" é do código do portal e não pode ser removida.',
    ]);
    expect((await c.patch(path, { required: true }, ADMIN)).status).toBe(400);
    expect((await c.patch('/api/v1/schemas/checklist-templates-field/fields/itens.naoExiste', { label: 'X' }, ADMIN)).status).toBe(404);
    expect((await c.get(`${path}/usage`, ADMIN)).body.message).toBe('Subcampos não têm dados próprios para excluir: a contagem vale só para campos.');

    const itens = [{ ordem: 1, pergunta: 'Resistência de isolamento do painel', tipoResposta: 'Medição (MΩ)', obrigatorio: true }];
    expect(
      (
        await c.post(
          '/api/v1/checklist-templates-field',
          { nome: 'Teste de isolamento', tipoServico: 'Inspeção', itens: [{ ...itens[0], tipoResposta: 'Inventado' }] },
          ADMIN,
        )
      ).status,
    ).toBe(400);
    const tpl = await c.post('/api/v1/checklist-templates-field', { nome: 'Teste de isolamento', tipoServico: 'Inspeção', ativo: true, itens }, ADMIN);
    expect(tpl.status, JSON.stringify(tpl.body)).toBe(201);
    const base = { ...(await body({})), template: tpl.body.id, status: 'Concluído', resultado: 'Aprovado' };
    const respostas = [{ item: 1, pergunta: itens[0].pergunta, conformidade: 'Conforme' }];
    const unanswered = await c.post('/api/v1/checklists-field', { ...base, respostas }, FIELD);
    expect(unanswered.status).toBe(400);
    expect(unanswered.body.errors).toEqual({ 'respostas.0.resposta': ['Informe a resposta deste item obrigatório.'] });
    const filled = await c.post('/api/v1/checklists-field', { ...base, respostas: [{ ...respostas[0], resposta: '520' }] }, FIELD);
    expect(filled.status, JSON.stringify(filled.body)).toBe(201);

    // The type is used by a template: it cannot be removed (the message counts the templates).
    const used = await c.patch(path, { removeOptions: ['Medição (MΩ)'] }, ADMIN);
    expect(used.status).toBe(400);
    expect(used.body.errors.removeOptions).toEqual([
      'Não é possível remover a opção "Medição (MΩ)" (1 registro) de "Itens do checklist › Tipo de resposta": ainda em uso.',
    ]);
    expect((await c.del(`/api/v1/checklists-field/${filled.body.id}`, ADMIN)).status).toBe(200);
    expect((await c.del(`/api/v1/checklist-templates-field/${tpl.body.id}`, ADMIN)).status).toBe(200);
    expect((await c.patch(path, { removeOptions: ['Medição (MΩ)'] }, ADMIN)).status).toBe(200);
  });
});
