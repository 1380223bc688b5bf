/**
 * A site's plans (issue 42) on both databases: a PDF becomes sheets, a new revision replaces them and
 * flags the pins until someone confirms them, a CRE document marked as a plan, pins of other records,
 * and the bad input of the issue (not a PDF, encrypted, 200 MB, a 20,000 pt page, a pin outside the
 * sheet): 400 in pt-BR and nothing stored.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { pdfBytes } from '../../src/server/rdo/pdf';
import { demoPng } from '../../src/server/seed/demo-files';
import { demoPlanPdf } from '../../src/server/seed/demo-plan-pdf';
import { CNPJ } from '../../src/server/seed/demo-empresas';

const SM = 'sm@portal.local';
const SUPPLIER = 'fornecedor@portal.local';
const A3 = { largura: 1191, altura: 842 };
const pages = (n: number) => Array.from({ length: n }, (_, i) => ({ ...A3, titulo: `Folha ${i + 1}` }));

type Sheet = { id: number; codigo: string; revisao: string; ativa: boolean; largura: number; itens: { total: number; porSituacao: Record<string, number> } };

describe.each(BACKENDS)('plans and pins (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  afterEach(() => {
    delete process.env.PLANTA_MAX_MB;
  });
  const send = async (pdf: Uint8Array, fields: Record<string, string>, as = SM, obra = '101', headers?: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'planta.pdf');
    const res = await t.api.request(`/api/v1/obras/${obra}/plantas`, { method: 'POST', body: form, as, headers });
    return { status: res.status, body: await res.json() };
  };
  const sheets = async (as = SM): Promise<Sheet[]> => (await c.get('/api/v1/obras/101/plantas', as)).body;
  const stored = async () => {
    const r = await sql<{ a: string; f: string }>`select (select count(*) from arquivo) as a, (select count(*) from "folhaPlanta") as f`.execute(t.api.db);
    return r.rows[0];
  };
  const first = async (path: string) => (await c.get(path)).body[0] as Record<string, unknown> & { id: number };

  it('turns a PDF into sheets, replaces them with a new revision and flags their pins until confirmed', async () => {
    const sent = await send(demoPlanPdf(pages(2)), { codigo: 'EST-101', titulo: 'Estrutura', disciplina: 'Civil', revisao: '0' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.folhas.map((f: { codigo: string; situacao: string }) => [f.codigo, f.situacao])).toEqual([
      ['EST-101-01', 'nova'],
      ['EST-101-02', 'nova'],
    ]);
    const [s1, s2] = sent.body.folhas.map((f: { id: number }) => f.id);
    const listed = (await sheets()).find((s) => s.id === s1)!;
    expect(listed).toMatchObject({ codigo: 'EST-101-01', revisao: '0', ativa: true, largura: 1191 });
    const url = (listed as unknown as { arquivo: { url: string } }).arquivo.url;
    expect((await t.api.request(url, { as: SM })).headers.get('content-type')).toMatch(/pdf/);
    expect((await t.api.request(url, { as: SUPPLIER })).status).toBe(403);

    // A punch item and an SGI record pinned on the sheets.
    const item = await c.post(
      '/api/v1/itens-verificacao',
      { obra: '101', descricao: 'Chumbador faltando na base', empresaResponsavel: CNPJ.montagensIdeal, verificador: person(SM), folha: s1, x: 0.4, y: 0.6 },
      SM,
    );
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const sgi = await first('/api/v1/tickets-sgi?obra=101');
    const pin = await c.post(`/api/v1/plantas/${s2}/pinos`, { recurso: 'tickets-sgi', id: sgi.id, x: 0.2, y: 0.3 }, SM);
    expect(pin.status, JSON.stringify(pin.body)).toBe(201);
    expect(pin.body).toMatchObject({ chave: expect.stringMatching(/^pino-/), tipo: 'Registro SGI', estado: { valor: sgi.status } });
    const onS1 = (await c.get(`/api/v1/plantas/${s1}/pinos`, SM)).body;
    expect(onS1).toEqual([expect.objectContaining({ chave: `item-${item.body.id}`, estado: expect.objectContaining({ valor: 'Aberto' }), x: 0.4 })]);
    expect((await c.get(`/api/v1/plantas/${s2}/pinos?tipo=itens-verificacao`, SM)).body).toEqual([]);
    expect((await c.get(`/api/v1/plantas/${s1}/pinos?status=Fechado`, SM)).body).toEqual([]);
    expect((await c.get(`/api/v1/plantas/${s1}/pinos?tipo=nada`, SM)).status).toBe(400);
    expect((await sheets()).find((s) => s.id === s1)!.itens).toMatchObject({ total: 1, porSituacao: { Aberto: 1 } });

    // The same revision again: refused; a new revision with 3 pages replaces both sheets and adds one.
    expect((await send(demoPlanPdf(pages(2)), { codigo: 'EST-101', revisao: '0' })).body.errors.revisao[0]).toMatch(/já está/);
    const rev = await send(demoPlanPdf(pages(3)), { codigo: 'EST-101', titulo: 'Estrutura', revisao: 'A' });
    expect(rev.status, JSON.stringify(rev.body)).toBe(201);
    expect(rev.body.folhas.map((f: { id: number; situacao: string }) => f.situacao)).toEqual(['substituida', 'substituida', 'nova']);
    expect(rev.body.folhas.slice(0, 2).map((f: { id: number }) => f.id)).toEqual([s1, s2]);
    expect(rev.body.pinosMarcados).toBe(2);
    const flagged = (await c.get(`/api/v1/itens-verificacao/${item.body.id}`, SM)).body;
    expect(flagged).toMatchObject({ revisaoMudou: true, revisaoAnterior: '0' });
    expect((await c.get(`/api/v1/plantas/${s2}/pinos`, SM)).body[0]).toMatchObject({ revisaoMudou: true, revisaoAnterior: '0' });

    // Confirmed (the item) and moved (the SGI record's pin): the flag goes.
    expect((await c.post(`/api/v1/plantas/${s1}/pinos/item-${item.body.id}/confirmar`, {}, SUPPLIER)).status).toBe(404);
    const ok = await c.post(`/api/v1/plantas/${s1}/pinos/item-${item.body.id}/confirmar`, {}, SM);
    expect(ok.body).toMatchObject({ revisaoMudou: false, x: 0.4 });
    const moved = await c.post(`/api/v1/plantas/${s2}/pinos/${pin.body.chave}/confirmar`, { x: 0.1, y: 0.2 }, SM);
    expect(moved.body).toMatchObject({ revisaoMudou: false, x: 0.1, y: 0.2 });
    expect((await c.post(`/api/v1/plantas/${s2}/pinos/${pin.body.chave}/confirmar`, { x: 3, y: 0.2 }, SM)).status).toBe(400);

    // A revision with a single page: the other sheets stop being current.
    const last = await send(demoPlanPdf(pages(1)), { codigo: 'EST-101', titulo: 'Estrutura', revisao: 'B' });
    expect(last.status, JSON.stringify(last.body)).toBe(201);
    expect(last.body.folhas).toEqual([{ id: s1, codigo: 'EST-101', pagina: 1, situacao: 'substituida' }]);
    expect(last.body.retiradas).toEqual([s2, rev.body.folhas[2].id]);
    expect((await sheets()).find((s) => s.id === s2)).toMatchObject({ ativa: false, revisao: 'A' });
    expect((await c.del(`/api/v1/plantas/${s2}/pinos/${pin.body.chave}`, SM)).status).toBe(200);
  });

  it('marks a CRE document as a plan: its PDF pages become sheets of its site', async () => {
    const doc = await first('/api/v1/projetos?obra=101');
    const r = await c.post(`/api/v1/projetos/${doc.id}/planta`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ conjunto: `projeto:${doc.id}`, revisao: doc.revisao, folhas: [{ codigo: doc.codigo, situacao: 'nova' }] });
    const sheet = (await c.get(`/api/v1/plantas/${r.body.folhas[0].id}`)).body;
    expect(sheet).toMatchObject({ obra: '101', projeto: doc.id, titulo: doc.titulo });
    expect((await c.post(`/api/v1/projetos/${doc.id}/planta`, {})).body.errors.revisao).toBeDefined();
    expect((await c.post(`/api/v1/projetos/${doc.id}/planta`, { arquivo: 'outro.pdf' })).body.errors.arquivo).toBeDefined();
  });

  it('refuses a file that is not a PDF, an encrypted PDF, 200 MB, a 20,000 pt page: pt-BR 400 and nothing stored', async () => {
    const before = await stored();
    const refused = async (res: { status: number; body: { errors?: Record<string, string[]> } }, field: string, message: RegExp) => {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors?.[field]?.[0]).toMatch(message);
    };
    await refused(await send(demoPng(2), { codigo: 'X-1' }), 'file', /não é um PDF/);
    await refused(await send(await pdfBytes({ content: 'x', userPassword: 'a1', ownerPassword: 'b2' }), { codigo: 'X-2' }), 'file', /protegido/);
    await refused(await send(await pdfBytes({ content: 'x', ownerPassword: 'b2' }), { codigo: 'X-3' }), 'file', /protegido/);
    const huge = demoPlanPdf([
      { ...A3, titulo: 'ok' },
      { largura: 20000, altura: 20000, titulo: 'enorme' },
    ]);
    await refused(await send(huge, { codigo: 'X-4' }), 'file', /página 2 mede 20\.000 × 20\.000 pt/);
    await refused(await send(demoPlanPdf(pages(1)), {}), 'codigo', /Informe/);
    await refused(await send(demoPlanPdf(pages(1)), { codigo: 'X-5', disciplina: 'Astrologia' }), 'disciplina', /disciplina/);
    // 200 MB announced: refused before reading it; a body streaming past a lower limit: refused on the way.
    await refused(await send(demoPlanPdf(pages(1)), { codigo: 'X-6' }, SM, '101', { 'content-length': String(200 * 1024 * 1024) }), 'file', /limite de 150 MB/);
    process.env.PLANTA_MAX_MB = '0.05';
    await refused(await send(new Uint8Array(80 * 1024).fill(32), { codigo: 'X-7' }), 'file', /limite de 0,05 MB/);
    delete process.env.PLANTA_MAX_MB;
    expect((await send(demoPlanPdf(pages(1)), { codigo: 'X-8' }, SUPPLIER)).status).toBe(403);
    expect((await send(demoPlanPdf(pages(1)), { codigo: 'X-9' }, SM, '999')).status).toBe(404);
    // A sheet is never created by the generic API.
    await refused(await c.post('/api/v1/plantas', { obra: '101', codigo: 'X-10', titulo: 'Solta' }), 'arquivo', /PDF/);
    expect(await stored()).toEqual(before);
  });

  it("pins another record only if it exists on the sheet's site, at a point inside the sheet", async () => {
    const sheet = (await sheets()).find((s) => s.ativa)!;
    const sgi = await first('/api/v1/tickets-sgi?obra=101');
    const elsewhere = await first('/api/v1/tickets-sgi?obra_ne=101');
    // A checklist of the site with a non-conformity, and the item number of that answer (its own, or its position).
    type Answer = { item?: number; pergunta: string; conformidade: string };
    const checklists = (await c.get('/api/v1/checklists-field?obra=101')).body as { id: number; respostas: Answer[] }[];
    const checklist = checklists.find((x) => x.respostas?.some((a) => a.conformidade === 'Não conforme'))!;
    const ncAt = checklist.respostas.findIndex((a) => a.conformidade === 'Não conforme');
    const nc = checklist.respostas[ncAt];
    const ncItem = nc.item ?? ncAt + 1;
    const okItem = checklist.respostas.findIndex((a) => a.conformidade === 'Conforme' && !a.item) + 1;
    // The site manager reads no FIELD checklist: the administrator pins those.
    const pin = (body: Record<string, unknown>) =>
      c.post(`/api/v1/plantas/${sheet.id}/pinos`, body, body.recurso === 'checklists-field' ? 'admin@portal.local' : SM);
    const cases: [Record<string, unknown>, string][] = [
      [{ recurso: 'tickets-sgi', id: sgi.id, x: 1.2, y: 0.5 }, 'x'],
      [{ recurso: 'tickets-sgi', id: sgi.id, x: 0.5, y: -1 }, 'y'],
      [{ recurso: 'contratos', id: 1, x: 0.5, y: 0.5 }, 'recurso'],
      [{ recurso: 'tickets-sgi', id: 99999999, x: 0.5, y: 0.5 }, 'id'],
      [{ recurso: 'tickets-sgi', id: elsewhere.id, x: 0.5, y: 0.5 }, 'id'],
      [{ recurso: 'checklists-field', id: checklist.id, item: okItem, x: 0.5, y: 0.5 }, 'item'],
    ];
    for (const [body, field] of cases) {
      const r = await pin(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors[field], JSON.stringify([body, r.body])).toBeDefined();
    }
    expect(Number((await sql<{ n: string }>`select count(*) as n from planta_pino where folha = ${sheet.id}`.execute(t.api.db)).rows[0].n)).toBe(0);
    const pinned = await pin({ recurso: 'checklists-field', id: checklist.id, item: ncItem, x: 0.5, y: 0.5 });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(201);
    expect(pinned.body).toMatchObject({ item: ncItem, titulo: `Item ${ncItem}: ${nc.pergunta}` });
    expect((await c.post(`/api/v1/plantas/${sheet.id}/pinos`, { recurso: 'tickets-sgi', id: sgi.id, x: 0.5, y: 0.5 }, SUPPLIER)).status).toBe(404);
  });
});
