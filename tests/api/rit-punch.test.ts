/**
 * A finding of a technical inspection report (RIT) opens a punch item of the report's site (issue 40,
 * issue 42's punch list): "Abrir item de verificação", by the report's inspector only, asks for the
 * finding and the company that corrects it; the item carries the finding's description, photos and
 * severity as priority, is linked back to the report (and listed by it), is in the site's punch list,
 * is read by the client's representative without internal fields, and a finding opens one item only.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client, documentOfRecord, person } from './workflow-helpers';
import { schemaByName } from '../../schemas';
import { selectOne } from '../../src/server/crud/repository';
import { contentHash } from '../../src/server/signatures/content-hash';
import { demoPng } from '../../src/server/seed/demo-files';
import { CNPJ } from '../../src/server/seed/demo-empresas';

const ADMIN = 'admin@portal.local';
const FIELD = 'field@portal.local'; // `field`, sites 101 and 103 (demo)
const SM = 'sm@portal.local'; // site manager of 101 (its responsibility matrix too)
const SUPPLIER = 'fornecedor@portal.local'; // Montagens Ideal
const CLIENTE = 'cliente@portal.local'; // representante_cliente on obra 101, which opens its punch list to the client (demo)
const R = 'itens-verificacao';
const STEP = 'abrir-item-verificacao';

type Item = Record<string, unknown> & { id: number; numero: number; status: string };

describe.each(BACKENDS)('RIT findings opening punch items (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const rit = schemaByName('rit')!;

  const create = async (over: Record<string, unknown> = {}) => {
    const r = await c.post(
      '/api/v1/rits',
      {
        obra: '101',
        data: '2026-10-20',
        titulo: 'Montagem das escadas',
        tipoInspecao: 'Montagem',
        inspetor: person(FIELD),
        equipamento: 'Escada E-2 do mezanino',
        conclusao: 'Aprovado com ressalvas',
        itens: [{ item: 'Fixação', resultado: 'Não conforme' }],
        constatacoes: [
          { descricao: 'Chumbador faltando no patamar da escada E-2.', severidade: 'Crítica' },
          { descricao: 'Pintura riscada no corrimão.', severidade: 'Baixa' },
        ],
        ...over,
      },
      FIELD,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; numero: string };
  };
  const open = (id: number, values: Record<string, unknown>, as = FIELD) => c.step('rits', id, STEP, as, { values });
  const itemsOf = async (id: number, as = ADMIN) => (await c.get(`/api/v1/${R}?rit=${id}`, as)).body as Item[];
  const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from "itemVerificacao"`.execute(t.api.db)).rows[0].n);

  it('opens a punch item of the site from a finding, linked both ways, in the punch list, once', async () => {
    // The finding's photo, sent by the inspector with the report.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(demoPng(5))], { type: 'image/png' }), 'chumbador.png');
    const up = await t.api.request('/api/v1/arquivos?recurso=rits&campo=constatacoes.foto', { method: 'POST', body: form, as: FIELD });
    const photo = await up.json();
    expect(up.status, JSON.stringify(photo)).toBe(201);
    const r = await create({
      constatacoes: [
        { descricao: 'Chumbador faltando no patamar da escada E-2.', severidade: 'Crítica', foto: [photo] },
        { descricao: 'Pintura riscada no corrimão.', severidade: 'Baixa' },
      ],
    });
    const step = (await c.get(`/api/v1/rits/${r.id}/transitions`, FIELD)).body.find((x: { name: string }) => x.name === STEP);
    expect(step).toMatchObject({ label: 'Abrir item de verificação', to: null });
    expect(step.asks.map((f: { name: string }) => f.name)).toEqual(['constatacaoItem', 'empresaItem']);

    const opened = await open(r.id, { constatacaoItem: 1, empresaItem: CNPJ.montagensIdeal });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.status).toBe('Rascunho'); // the report keeps its state
    const [item] = await itemsOf(r.id);
    expect(item).toMatchObject({
      rit: r.id,
      ritConstatacao: 1,
      obra: '101',
      status: 'Aberto',
      descricao: 'Chumbador faltando no patamar da escada E-2.',
      prioridade: 'Urgente', // Crítica
      empresaResponsavel: CNPJ.montagensIdeal,
      verificador: { mail: SM },
      local: 'Escada E-2 do mezanino',
      folha: null,
      slaSituacao: 'Em dia',
    });
    expect((item.fotos as { key: string }[]).map((f) => f.key)).toEqual([photo.key]);
    expect((item._titles as Record<string, { title: string; id?: number }>).rit).toEqual({ title: 'Montagem das escadas', id: r.id });
    // In the site's punch list, for the site manager and the company, with the photo; numbered in the site's sequence.
    const list = (await c.get(`/api/v1/${R}?obra=101&_end=500`, SM)).body as Item[];
    expect(list.map((i) => i.id)).toContain(item.id);
    expect(Math.max(...list.map((i) => i.numero))).toBe(item.numero);
    expect(((await c.get(`/api/v1/${R}`, SUPPLIER)).body as Item[]).map((i) => i.id)).toContain(item.id);
    expect((await t.api.request(photo.url, { as: SUPPLIER })).status).toBe(200);
    const history = (await c.get(`/api/v1/${R}/${item.id}/historico`, SM)).body as { action: string; comment: string | null; user: string }[];
    expect(history.find((h) => h.action === 'create')?.comment).toBe(`Aberto pela constatação 1 do ${r.numero}.`);

    // Once per finding: 409, nothing more; the SGI record of the same finding is another thing.
    const again = await open(r.id, { constatacaoItem: 1, empresaItem: CNPJ.eletricaForte });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`A constatação 1 já abriu o item de verificação nº ${item.numero} da obra 101.`);
    expect(again.body.errors.constatacaoItem).toEqual([again.body.message]);
    expect((await itemsOf(r.id)).length).toBe(1);
    expect((await c.step('rits', r.id, 'abrir-sgi', FIELD, { values: { constatacaoSgi: 1 } })).status).toBe(200);

    // Issued and signed, a finding still opens its item without touching the signed content.
    expect((await c.step('rits', r.id, 'emitir', FIELD)).status).toBe(200);
    await documentOfRecord(t, 'rits', CLIENTE).sign(r.id, FIELD);
    const hash = contentHash(rit, (await selectOne(t.api.db, rit, r.id))!);
    const second = await open(r.id, { constatacaoItem: 2, empresaItem: CNPJ.eletricaForte });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(contentHash(rit, (await selectOne(t.api.db, rit, r.id))!)).toBe(hash);
    expect((await c.get(`/api/v1/rits/${r.id}/assinaturas`, FIELD)).body.assinaturas[0].valida).toBe(true);
    const both = await itemsOf(r.id);
    expect(both.map((i) => [i.ritConstatacao, i.prioridade, i.empresaResponsavel])).toEqual(
      expect.arrayContaining([
        [1, 'Urgente', CNPJ.montagensIdeal],
        [2, 'Baixa', CNPJ.eletricaForte],
      ]),
    );

    // The client's representative reads the issued report and its items, never their internal fields.
    expect((await c.get(`/api/v1/rits/${r.id}`, CLIENTE)).status).toBe(200);
    const seen = await itemsOf(r.id, CLIENTE);
    expect(seen.map((i) => i.ritConstatacao).sort()).toEqual([1, 2]);
    for (const i of seen) {
      expect(i).not.toHaveProperty('observacaoInterna');
      expect(i).not.toHaveProperty('visivelCliente');
      expect(JSON.stringify(i)).not.toContain(SM);
    }
  });

  it('only the inspector opens it, for a finding the report has and a registered supplier: pt-BR refusals, nothing stored', async () => {
    const r = await create();
    const before = await count();
    // Another inspector of the site reads the report but does not take its steps; the site manager does not read it.
    const FIELD_2 = 'field.3@portal.local';
    t.api.addUser({ email: FIELD_2, name: 'Outra Inspetora', roles: ['field'], obra: ['101'] });
    const notMine = await open(r.id, { constatacaoItem: 1, empresaItem: CNPJ.montagensIdeal }, FIELD_2);
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe('Você não tem permissão para "Abrir item de verificação" neste relatório de inspeção técnica.');
    expect(await c.names('rits', r.id, FIELD_2)).not.toContain(STEP);
    expect(await c.names('rits', r.id, FIELD)).toContain(STEP);
    const sm = await open(r.id, { constatacaoItem: 1, empresaItem: CNPJ.montagensIdeal }, SM);
    expect(sm.status).toBe(403);
    expect(sm.body.message).toBe('Você não tem permissão para ver este relatório de inspeção técnica.');

    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ constatacaoItem: 5, empresaItem: CNPJ.montagensIdeal }, 'constatacaoItem', /^A constatação 5 não existe: este relatório tem 2 constatações\.$/],
      [{ constatacaoItem: 1 }, 'empresaItem', /obrigatório/i],
      [{ constatacaoItem: 1, empresaItem: CNPJ.clienteDemo }, 'empresaItem', /Fornecedor/],
      [{ constatacaoItem: 1, empresaItem: '11444777000161' }, 'empresaItem', /não encontrad/],
    ];
    for (const [values, field, message] of cases) {
      const res = await open(r.id, values);
      expect(res.status, `${JSON.stringify(values)} → ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors?.[field]?.[0], JSON.stringify(values)).toMatch(message);
    }
    const empty = await create({ constatacoes: [] });
    const none = await open(empty.id, { constatacaoItem: 1, empresaItem: CNPJ.montagensIdeal });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Este relatório não tem constatações: registre a constatação no relatório antes de abrir o item de verificação.');
    expect(await count()).toBe(before);
    expect((await c.get(`/api/v1/rits/${r.id}`, FIELD)).body).not.toMatchObject({ constatacaoItem: 1 });
  });
});
