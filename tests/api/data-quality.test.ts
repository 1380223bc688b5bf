/**
 * Forms never accept what the workflow will refuse later, and the loop is closed (issue 23):
 * EAP codes of daily-report activities exist in the site's EAP, for every writer; an EAP item's
 * dates lie inside its parent's; wrong-typed person fields are a 400 (the matrix fills only what is
 * absent); a materials list with an item at quantity zero is not released; a contract past its end
 * date is approved only with a reason; refusals name the action in plain Portuguese; a
 * non-conforming checklist item of an SGI category opens an SGI record, linked both ways.
 */
import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../schemas';
import { forbiddenMessage } from '../../src/server/crud/messages';
import { BACKENDS, useApi } from './backends';
import { client, pdf, person } from './workflow-helpers';
import { CNPJ } from '../../src/server/seed/demo-empresas';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const FIELD = 'field@portal.local';
const AUTOMACAO = 'automacao@portal.local';
const QUANT = 'materiais.quantificador@portal.local';
const VERIF = 'materiais.verificador@portal.local';
const RESP = 'contratos.responsavel@portal.local';
const GESTOR = 'contratos.gestor@portal.local';
const VALID = 'contratos.validador@portal.local';

describe.each(BACKENDS)('data quality (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  let day = 0;
  /** A distinct past date per RDO (one report per site and date today is a rule of its own). */
  const nextDate = () => `2032-01-${String(++day).padStart(2, '0')}`;

  describe('EAP codes of activities come from the site EAP', () => {
    it('an RDO activity naming a code outside the site EAP is refused on its row, for the site manager and for an administrator', async () => {
      for (const as of [SM, ADMIN]) {
        const bad = await c.post(
          '/api/v1/diarios',
          {
            obra: '101',
            data: nextDate(),
            siteManager: person(SM),
            atividades: [
              { eapItem: '1.2.1', descricao: 'Concretagem' },
              { eapItem: '9.9.9', descricao: 'Item inventado' },
            ],
          },
          as,
        );
        expect(bad.status, as).toBe(400);
        expect(bad.body.errors).toEqual({ 'atividades.1.eapItem': ['O item "9.9.9" não existe na EAP desta obra: escolha um item da EAP.'] });
      }
      const ok = await c.post(
        '/api/v1/diarios',
        { obra: '101', data: nextDate(), siteManager: person(SM), atividades: [{ eapItem: '1.2.1', descricao: 'Concretagem', avancoPercent: 10 }] },
        SM,
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      // Site 102 has no item 1.2.1 in its EAP: the same code is refused there.
      const other = await c.post(
        '/api/v1/diarios',
        { obra: '102', data: nextDate(), siteManager: person(SM), atividades: [{ eapItem: '1.2.1', descricao: 'Concretagem' }] },
        SM,
      );
      expect(other.status).toBe(400);
      expect(Object.keys(other.body.errors)).toEqual(['atividades.0.eapItem']);
      // Editing: a new unknown code is refused, nothing is stored.
      const patched = await c.patch(`/api/v1/diarios/${ok.body.id}`, { version: ok.body.version, atividades: [{ eapItem: '7.7', descricao: 'Outro' }] }, SM);
      expect(patched.status).toBe(400);
      expect(patched.body.errors['atividades.0.eapItem'][0]).toMatch(/não existe na EAP desta obra/);
      expect((await c.get(`/api/v1/diarios/${ok.body.id}`, ADMIN)).body.atividades[0].eapItem).toBe('1.2.1');
    });

    it('an OS daily-report activity names a code of the EAP of its site and area', async () => {
      const wrongArea = await c.post(
        '/api/v1/diarios-os',
        { area: 'FIELD', obra: '103', data: '2032-02-01', executante: person(FIELD), atividades: [{ eapCodigo: '3.1', descricao: 'IEDs' }] },
        ADMIN,
      );
      expect(wrongArea.status).toBe(400);
      expect(wrongArea.body.errors).toEqual({ 'atividades.0.eapCodigo': ['O item "3.1" não existe na EAP desta obra e área: escolha um item da EAP.'] });
      const unknown = await c.post(
        '/api/v1/diarios-os',
        { area: 'AUTOMACAO', obra: '103', data: '2032-02-01', executante: person(AUTOMACAO), atividades: [{ eapCodigo: '9.9.9', descricao: 'Inventado' }] },
        AUTOMACAO,
      );
      expect(unknown.status).toBe(400);
      expect(Object.keys(unknown.body.errors)).toEqual(['atividades.0.eapCodigo']);
      const ok = await c.post(
        '/api/v1/diarios-os',
        { area: 'AUTOMACAO', obra: '103', data: '2032-02-01', executante: person(AUTOMACAO), atividades: [{ eapCodigo: '3.1', descricao: 'IEDs' }] },
        AUTOMACAO,
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    });
  });

  it("an EAP item's dates lie inside its parent's, and a parent's new dates keep its sub-items inside", async () => {
    const list = await c.get('/api/v1/eap-os?obra=103&area=AUTOMACAO&codigo=3.1', ADMIN);
    const parent = (list.body as { id: number; version: number; codigo: string }[]).find((i) => i.codigo === '3.1')!;
    const base = { area: 'AUTOMACAO', obra: '103', pai: parent.id, descricao: 'Bay de teste' };
    // 3.1 is planned from 2025-05-05 to 2025-07-18.
    const early = await c.post('/api/v1/eap-os', { ...base, codigo: '3.1.90', inicioPrevisto: '2025-04-01', terminoPrevisto: '2025-06-01' }, ADMIN);
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ inicioPrevisto: ['Fora das datas do item pai 3.1 (de 05/05/2025 até 18/07/2025).'] });
    const late = await c.post('/api/v1/eap-os', { ...base, codigo: '3.1.90', inicioPrevisto: '2025-06-01', terminoPrevisto: '2025-08-01' }, ADMIN);
    expect(late.status).toBe(400);
    expect(Object.keys(late.body.errors)).toEqual(['terminoPrevisto']);
    const inside = await c.post('/api/v1/eap-os', { ...base, codigo: '3.1.90', inicioPrevisto: '2025-06-01', terminoPrevisto: '2025-06-30' }, ADMIN);
    expect(inside.status, JSON.stringify(inside.body)).toBe(201);
    const now = await c.get(`/api/v1/eap-os/${parent.id}`, ADMIN);
    const shrink = await c.patch(`/api/v1/eap-os/${parent.id}`, { version: now.body.version, terminoPrevisto: '2025-06-15' }, ADMIN);
    expect(shrink.status).toBe(400);
    expect(shrink.body.errors.terminoPrevisto[0]).toMatch(/itens abaixo deste com datas depois deste término: 3\.1\.90/);
    expect((await c.get(`/api/v1/eap-os/${parent.id}`, ADMIN)).body.terminoPrevisto).toBe('2025-07-18');
  });

  it('a wrong-typed person field is a 400 on the field; the matrix fills only what is absent', async () => {
    const base = { titulo: 'Lista de cabos', obra: '101', origem: 'Obra' };
    for (const bad of [123, 'nao-e-email', { nome: 'Sem e-mail' }, true, ['a@b.c']]) {
      const r = await c.post('/api/v1/materiais', { ...base, Quantificou: bad }, QUANT);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(
        Object.keys(r.body.errors).every((k) => k === 'Quantificou' || k === 'Quantificou.mail'),
        JSON.stringify(r.body.errors),
      ).toBe(true);
      expect(Object.values(r.body.errors).flat().join(' ')).toMatch(/inválid|obrigatório|objeto|Informe/i);
    }
    const rdo = await c.post('/api/v1/diarios', { obra: '101', data: nextDate(), siteManager: 123 }, SM);
    expect(rdo.status).toBe(400);
    expect(Object.keys(rdo.body.errors)).toEqual(['siteManager']);
    // Absent (or null): the site's matrix ("Geral" row of site 101) gives the people.
    const filled = await c.post('/api/v1/materiais', { ...base, Verificador: null }, QUANT);
    expect(filled.status, JSON.stringify(filled.body)).toBe(201);
    expect(filled.body.Quantificou.mail).toBe(QUANT);
    expect(filled.body.Verificador.mail).toBe(VERIF);
  });

  describe('materials', () => {
    it('a list with an item at quantity zero is not released; the items are named', async () => {
      const created = await c.post(
        '/api/v1/materiais',
        {
          titulo: 'Lista com quantidades zeradas',
          obra: '101',
          origem: 'Obra',
          itens: [
            { descricao: 'Cabo 4 mm²', unidade: 'm', quantidade: 120 },
            { descricao: 'Eletroduto 1"', unidade: 'm', quantidade: 0 },
            { descricao: 'Caixa de passagem', unidade: 'un', quantidade: 0 },
          ],
        },
        QUANT,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as number;
      const refused = await c.step('materiais', id, 'liberar-verificacao', QUANT);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        'Informe a quantidade dos itens antes de liberar a lista: os itens 2. Eletroduto 1"; 3. Caixa de passagem estão com quantidade zero.',
      );
      expect(Object.keys(refused.body.errors)).toEqual(['itens.1.quantidade', 'itens.2.quantidade']);
      expect((await c.get(`/api/v1/materiais/${id}`, ADMIN)).body.Status).toBe('EM ELABORAÇÃO');
      const now = await c.get(`/api/v1/materiais/${id}`, ADMIN);
      const itens = (now.body.itens as { quantidade: number }[]).map((i) => ({ ...i, quantidade: Number(i.quantidade) || 5 }));
      expect((await c.patch(`/api/v1/materiais/${id}`, { version: now.body.version, itens }, QUANT)).status).toBe(200);
      const released = await c.step('materiais', id, 'liberar-verificacao', QUANT);
      expect(released.status, JSON.stringify(released.body)).toBe(200);
      expect(released.body.Status).toBe('LIBERADO PARA VERIFICAÇÃO');
    });

    it('refusals name the action in plain Portuguese, never its code', () => {
      const material = schemaByName('material')!;
      expect(forbiddenMessage(material, 'editarpcp')).toBe('Você não tem permissão para planejar (quantidades e datas) esta lista de materiais.');
      expect(forbiddenMessage(material, 'release')).toBe('Você não tem permissão para liberar esta lista de materiais.');
      // An action without a verb takes its workflow label, else a plain sentence.
      expect(forbiddenMessage(schemaByName('ticketSgi')!, 'algoNovo')).toBe('Você não tem permissão para realizar esta ação neste registro SGI.');
      // The plural's own gender ("esta apólice", "os seguros"); an acronym keeps its capitals.
      expect(forbiddenMessage(schemaByName('seguro')!, 'read', true)).toBe('Você não tem permissão para ver os seguros de risco de engenharia.');
      expect(forbiddenMessage(schemaByName('seguro')!, 'update')).toBe('Você não tem permissão para editar esta apólice de risco de engenharia.');
      expect(forbiddenMessage(material, 'toString')).not.toMatch(/function|toString/);
    });
  });

  it('a contract past its end date is approved only with a reason, which the history keeps', async () => {
    const walk = async (numero: string, vigenciaFim: string) => {
      const r = await c.post(
        '/api/v1/contratos',
        {
          numero,
          tipo: 'Fornecimento',
          contraparte: CNPJ.trafoSul,
          objeto: 'Fornecimento de perfis metálicos',
          obra: '101',
          vigenciaFim,
          responsavel: person(RESP),
          gestor: person(GESTOR),
          validador: person(VALID),
          arquivos: pdf(),
        },
        RESP,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect((await c.step('contratos', r.body.id, 'emitir-juridico', RESP)).status).toBe(200);
      expect((await c.step('contratos', r.body.id, 'emitir-verificador', GESTOR)).status).toBe(200);
      expect((await c.step('contratos', r.body.id, 'finalizar', VALID)).status).toBe(200);
      return r.body.id as number;
    };
    const past = await walk('DQ-VIG-1', '2020-03-31');
    const offered = await c.get(`/api/v1/contratos/${past}/transitions`, VALID);
    const aprovar = (offered.body as { name: string; comment: string; notice?: string }[]).find((x) => x.name === 'aprovar')!;
    expect(aprovar).toMatchObject({
      comment: 'required',
      notice: 'A vigência deste contrato terminou em 31/03/2020. Para aprovar mesmo assim, informe o motivo.',
    });
    const noReason = await c.step('contratos', past, 'aprovar', VALID);
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ comment: ['A vigência deste contrato terminou em 31/03/2020. Para aprovar mesmo assim, informe o motivo.'] });
    expect((await c.get(`/api/v1/contratos/${past}`, ADMIN)).body.status).toBe('Em finalização');
    const withReason = await c.step('contratos', past, 'aprovar', VALID, { comment: 'Aditivo de prazo em assinatura.' });
    expect(withReason.status).toBe(200);
    expect(withReason.body.status).toBe('Aprovado');
    const hist = await c.get(`/api/v1/contratos/${past}/historico`);
    expect(hist.body.find((h: { transition?: { name: string } }) => h.transition?.name === 'aprovar').comment).toBe('Aditivo de prazo em assinatura.');
    // Within its term (or without an end date) it is approved as before, without a comment.
    const current = await walk('DQ-VIG-2', '2099-12-31');
    const plain = (await c.get(`/api/v1/contratos/${current}/transitions`, VALID)).body.find((x: { name: string }) => x.name === 'aprovar');
    expect(plain.comment).toBe('none');
    expect(plain).not.toHaveProperty('notice');
    expect((await c.step('contratos', current, 'aprovar', VALID)).status).toBe(200);
  });

  it('a non-conforming checklist item of an SGI category opens an SGI record of its area, linked both ways, once', async () => {
    const template = await c.post(
      '/api/v1/checklist-templates-field',
      {
        nome: 'Inspeção de frente de serviço',
        tipoServico: 'Instalação',
        itens: [
          { ordem: 1, pergunta: 'Guarda-corpo instalado', tipoResposta: 'Conforme / Não conforme', categoria: 'Segurança' },
          { ordem: 2, pergunta: 'Resíduos segregados', tipoResposta: 'Conforme / Não conforme', categoria: 'Meio Ambiente' },
          { ordem: 3, pergunta: 'Torque conferido', tipoResposta: 'Conforme / Não conforme', categoria: 'Qualidade' },
          { ordem: 4, pergunta: 'Área limpa', tipoResposta: 'Conforme / Não conforme', categoria: 'Nenhuma' },
        ],
      },
      ADMIN,
    );
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const respostas = [
      { item: 1, pergunta: 'Guarda-corpo instalado', conformidade: 'Não conforme', observacao: 'Guarda-corpo ausente no mezanino.' },
      { item: 2, pergunta: 'Resíduos segregados', conformidade: 'Conforme' },
      { item: 3, pergunta: 'Torque conferido', conformidade: 'Conforme' },
      { item: 4, pergunta: 'Área limpa', conformidade: 'Não conforme', observacao: 'Sobras de cabo.' },
    ];
    // A link sent by the client is not taken.
    const fill = await c.post(
      '/api/v1/checklists-field',
      {
        template: template.body.id,
        obra: '101',
        data: '2032-03-01',
        executante: person(FIELD),
        status: 'Em preenchimento',
        respostas: respostas.map((r, i) => (i === 3 ? { ...r, registroSgi: 1 } : r)),
      },
      FIELD,
    );
    expect(fill.status, JSON.stringify(fill.body)).toBe(201);
    const sgiId = fill.body.respostas[0].registroSgi as number;
    expect(sgiId).toEqual(expect.any(Number));
    expect(fill.body.respostas[3]).not.toHaveProperty('registroSgi');
    const sgi = await c.get(`/api/v1/tickets-sgi/${sgiId}`, ADMIN);
    expect(sgi.body).toMatchObject({
      area: 'Segurança',
      status: 'TRIAGEM',
      obra: '101',
      dataOcorrencia: '2032-03-01',
      checklistField: fill.body.id,
      checklistItem: 1,
    });
    expect(sgi.body.descricao).toMatch(/Guarda-corpo ausente no mezanino/);
    expect((await c.mails('sgi@portal.local', `tickets-sgi/${sgiId}`)).length).toBe(1);
    const stored = await c.get(`/api/v1/checklists-field/${fill.body.id}`, ADMIN);
    expect(stored.body.respostas[0].registroSgi).toBe(sgiId);

    // Saving again (the form sends the answers without the link) opens nothing new and keeps the link;
    // a new quality non-conformity opens a Qualidade record.
    const again = respostas.map((r) => (r.item === 3 ? { ...r, conformidade: 'Não conforme', observacao: 'Dois bornes frouxos.' } : r));
    const patched = await c.patch(`/api/v1/checklists-field/${fill.body.id}`, { version: stored.body.version, respostas: again }, FIELD);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.respostas[0].registroSgi).toBe(sgiId);
    const quality = patched.body.respostas[2].registroSgi as number;
    expect(quality).toEqual(expect.any(Number));
    expect(quality).not.toBe(sgiId);
    expect((await c.get(`/api/v1/tickets-sgi/${quality}`, ADMIN)).body).toMatchObject({ area: 'Qualidade', checklistField: fill.body.id, checklistItem: 3 });
    const linked = await c.get(`/api/v1/tickets-sgi?checklistField=${fill.body.id}`, ADMIN);
    expect((linked.body as { id: number }[]).map((x) => x.id).sort((a, b) => a - b)).toEqual([sgiId, quality].sort((a, b) => a - b));
  });
});
