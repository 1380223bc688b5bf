/**
 * The punch-list report of a site (issue 42): the PDF (headers, text read back with pdf.js, one crop
 * of the sheet with a red pin per located item), its filters, what a supplier gets (its company's
 * items, no staff e-mail), bad filters and an unknown site; and the e-mail of a company's open items
 * (one message with the PDF attached, 403 for a supplier, 400 and nothing queued otherwise).
 */
import { sql } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { CNPJ } from '../../src/server/seed/demo-empresas';
import { todayIso } from '../../src/server/time';

const SM = 'sm@portal.local';
const SUPPLIER = 'fornecedor@portal.local';
const R = 'itens-verificacao';
const OPEN = ['Aberto', 'Em correção', 'Reaberto'];
const REF = 'obras/101/itens-verificacao';

type Item = { id: number; numero: number; descricao: string; status: string; folha: number | null; empresaResponsavel: string };

/** The text of every page of a PDF, read with pdf.js. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** The JPEG images of a PDF (DCTDecode streams) that show a red pin, as their sizes. */
async function pinnedJpegs(bytes: Uint8Array): Promise<{ width: number; height: number }[]> {
  const buf = Buffer.from(bytes);
  const out: { width: number; height: number }[] = [];
  let at = 0;
  for (;;) {
    const filter = buf.indexOf('/DCTDecode', at);
    if (filter < 0) break;
    const start = buf.indexOf('stream', filter) + 'stream'.length;
    const body = start + (buf[start] === 0x0d ? 2 : 1);
    const end = buf.indexOf('endstream', body);
    at = end;
    const { data, info } = await sharp(buf.subarray(body, end)).raw().toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i] > 180 && data[i + 1] < 90 && data[i + 2] < 90) red++;
    if (red > 20) out.push({ width: info.width, height: info.height });
  }
  return out;
}

describe.each(BACKENDS)('punch-list report (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const report = async (query = '', as = SM, obra = '101') => {
    const res = await t.api.request(`/api/v1/obras/${obra}/${R}/relatorio.pdf${query}`, { as });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  const items = async (query: string, as = SM): Promise<Item[]> => {
    const r = await c.get(`/api/v1/${R}?obra=101&_sort=numero&_order=asc${query}`, as);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const numbersIn = (text: string) => [...text.matchAll(/Item nº (\d+) —/g)].map((m) => Number(m[1]));
  const queued = async () =>
    (
      await sql<{ para: string[]; assunto: string; texto: string; anexos: { nome: string; tipo: string; conteudoBase64: string }[] | null }>`
      select para, assunto, texto, anexos from mensagem where referencia = ${REF} order by id`.execute(t.api.db)
    ).rows;

  it('answers the PDF of the items the caller reads, each with its number, description and a crop of its sheet with the pin', async () => {
    const created = await c.post(
      `/api/v1/${R}`,
      {
        obra: '101',
        descricao: 'Rodapé descolado na sala técnica',
        disciplina: 'Civil',
        empresaResponsavel: CNPJ.montagensIdeal,
        responsavel: person(SUPPLIER),
        verificador: person(SM),
        folha: 2,
        x: 0.95,
        y: 0.05,
        local: 'Sala técnica',
        observacaoInterna: 'Nota que só a equipe lê.',
      },
      SM,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await c.step(R, created.body.id, 'iniciar-correcao', SUPPLIER)).status).toBe(200);
    const { res, bytes } = await report();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="itens-verificacao-obra-101-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.headers.get('content-disposition')).toContain(todayIso());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    const all = await items('');
    expect(all.length).toBeGreaterThan(1);
    expect(numbersIn(text)).toEqual(all.map((i) => i.numero));
    for (const i of all) expect(text).toContain(`Item nº ${i.numero} — ${i.descricao}`);
    expect(text).toContain('Relatório de itens de verificação');
    expect(text).toContain('Sala técnica');
    // Its history: created by the site manager, the correction started by the supplier.
    const own = text.slice(text.indexOf('Rodapé descolado na sala técnica'));
    expect(own).toContain('Criou o item');
    expect(own).toContain('Iniciar correção (Em correção)');
    expect(text).not.toContain('Nota que só a equipe lê.');
    // One crop per item placed on a sheet, each with the red pin (720 px: 30% of the 2,400 px render).
    const crops = (await pinnedJpegs(bytes)).filter((j) => j.width === 720);
    expect(crops.length).toBe(all.filter((i) => i.folha).length);
    expect(text).not.toContain('Planta indisponível');
  });

  it('narrows the items by state, discipline and company; no item still gives a PDF saying so', async () => {
    const check = async (query: string, listQuery: string) => {
      const { res, bytes } = await report(query);
      expect(res.status).toBe(200);
      const expected = (await items(listQuery)).map((i) => i.numero);
      expect(numbersIn(await pdfText(bytes))).toEqual(expected);
      return expected;
    };
    const open = await check('?status=Aberto,Reaberto', '&status=Aberto&status=Reaberto');
    expect(open.length).toBeGreaterThan(0);
    expect(await check('?status=Aberto&status=Reaberto', '&status=Aberto&status=Reaberto')).toEqual(open);
    const all = await items('');
    expect(open.length).toBeLessThan(all.length);
    expect((await check('?disciplina=Elétrica', '&disciplina=Elétrica')).length).toBeGreaterThan(0);
    // The company by its CNPJ, as typed (punctuation allowed) or as stored.
    const id = '90.123.456/0001-31';
    expect(id.replace(/\D/g, '')).toBe(CNPJ.concreta);
    const byCompany = await check(`?empresa=${encodeURIComponent(id)}`, `&empresaResponsavel=${CNPJ.concreta}`);
    expect(byCompany.length).toBeGreaterThan(0);
    expect(byCompany.length).toBeLessThan(all.length);
    const none = await report(`?empresa=${CNPJ.concreta}&status=Fechado&disciplina=Automação`);
    expect(none.res.status, Buffer.from(none.bytes).toString()).toBe(200);
    const text = await pdfText(none.bytes);
    expect(text).toContain('Nenhum item de verificação com esses filtros.');
    expect(numbersIn(text)).toEqual([]);
  });

  it("gives a supplier its company's items only, never a staff e-mail", async () => {
    const { res, bytes } = await report('', SUPPLIER);
    expect(res.status).toBe(200);
    const text = await pdfText(bytes);
    const own = await items('', SUPPLIER);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((i) => i.empresaResponsavel === CNPJ.montagensIdeal)).toBe(true);
    expect(numbersIn(text)).toEqual(own.map((i) => i.numero));
    const others = (await items('')).filter((i) => i.empresaResponsavel !== CNPJ.montagensIdeal);
    expect(others.length).toBeGreaterThan(0);
    for (const i of others) expect(text).not.toContain(i.descricao);
    expect(text).not.toContain(SM);
    expect(text).not.toMatch(/[\w.-]+@portal\.local/);
    expect(text).not.toContain('Nota que só a equipe lê.');
  });

  it('refuses bad filters (400 per field) and an unknown site (404)', async () => {
    const bad = async (query: string, field: string) => {
      const r = await c.get(`/api/v1/obras/101/${R}/relatorio.pdf${query}`, SM);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors[field][0]).toMatch(/inválid|informe|não encontrada/i);
    };
    await bad('?status=Pendente', 'status');
    await bad('?status=Aberto,Qualquer', 'status');
    await bad('?disciplina=Astrologia', 'disciplina');
    await bad('?empresa=abc', 'empresa');
    await bad('?empresa=999999999', 'empresa');
    await bad('?empresa=55666777000190', 'empresa');
    expect((await report('', SM, '999999')).res.status).toBe(404);
    expect((await report('', SUPPLIER, '999999')).res.status).toBe(404);
  });

  it('e-mails a company the PDF of its open items as it sees them; refuses a supplier, a company without open items and bad addresses', async () => {
    const before = (await queued()).length;
    const id = CNPJ.montagensIdeal;
    const open = (await items(`&empresaResponsavel=${CNPJ.montagensIdeal}`)).filter((i) => OPEN.includes(i.status));
    expect(open.length).toBeGreaterThan(0);
    const path = `/api/v1/obras/101/${R}/relatorio/enviar`;
    const sent = await c.post(path, { empresa: id, mensagem: 'Favor corrigir até sexta.' }, SM);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toEqual({ para: ['qualidade@montagensideal.local'], itens: open.length });
    const mails = await queued();
    expect(mails.length).toBe(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail.para).toEqual(['qualidade@montagensideal.local']);
    expect(mail.assunto).toBe(`[Portal] Obra 101: ${open.length} ${open.length === 1 ? 'item' : 'itens'} de verificação em aberto — Montagens Ideal Ltda.`);
    expect(mail.texto).toContain('Favor corrigir até sexta.');
    expect(mail.texto).toMatch(/\/obras\/101\/itens-verificacao/);
    expect(mail.anexos).toHaveLength(1);
    expect(mail.anexos![0]).toMatchObject({ tipo: 'application/pdf', nome: expect.stringMatching(/^itens-verificacao-obra-101-.*\.pdf$/) });
    const text = await pdfText(Buffer.from(mail.anexos![0].conteudoBase64, 'base64'));
    expect(numbersIn(text)).toEqual(open.map((i) => i.numero));
    expect(text).not.toContain(SM);
    expect(text).not.toContain('Nota que só a equipe lê.');

    // To the addresses given.
    const to = await c.post(path, { empresa: id, para: ['obra@montagensideal.local', 'Chefe@MontagensIdeal.local'] }, SM);
    expect(to.status, JSON.stringify(to.body)).toBe(202);
    expect(to.body.para).toEqual(['obra@montagensideal.local', 'chefe@montagensideal.local']);
    const count = (await queued()).length;
    expect(count).toBe(before + 2);

    // Refusals: nothing queued.
    expect((await c.post(path, { empresa: id }, SUPPLIER)).status).toBe(403);
    const noItems = await sql<{ cnpj: string }>`select cnpj from empresa where cnpj not in (select "empresaResponsavel" from "itemVerificacao"
      where obra = '101' and status in ('Aberto', 'Em correção', 'Reaberto') and "empresaResponsavel" is not null) order by id limit 1`.execute(t.api.db);
    const refused = async (body: unknown, field: string, message: RegExp) => {
      const r = await c.post(path, body, SM);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors[field][0]).toMatch(message);
    };
    await refused({ empresa: String(noItems.rows[0].cnpj), para: ['alguem@empresa.local'] }, 'empresa', /não tem itens em aberto nesta obra/);
    await refused({ empresa: id, para: ['não é e-mail'] }, 'para', /inválido/);
    await refused({ empresa: id, para: Array.from({ length: 21 }, (_, i) => `p${i}@empresa.local`) }, 'para', /No máximo 20/);
    await refused({ empresa: id, mensagem: 'x'.repeat(2001) }, 'mensagem', /2\.000/);
    await refused({ para: ['a@b.local'] }, 'empresa', /Informe a empresa/);
    await refused({ empresa: '55666777000190' }, 'empresa', /não encontrada/);
    await refused({ empresa: 42 }, 'empresa', /CNPJ/);
    await refused({ empresa: CNPJ.eletricaForte }, 'para', /não tem e-mail cadastrado/);
    expect((await queued()).length).toBe(count);
    expect((await c.post(`/api/v1/obras/999999/${R}/relatorio/enviar`, { empresa: id }, SM)).status).toBe(404);
  });
  it('shows "Planta indisponível" when a sheet\'s file is missing from the store, never a 500', async () => {
    const all = await items('');
    const onSheet = (id: number) => all.filter((i) => i.folha === id).length;
    expect(onSheet(3)).toBeGreaterThan(0);
    await sql`update "folhaPlanta" set arquivo = cast(${JSON.stringify([{ key: 'demo/nao-existe.pdf', name: 'x.pdf', size: 10, type: 'application/pdf' }])} as jsonb) where id = 3`.execute(
      t.api.db,
    );
    const { res, bytes } = await report();
    expect(res.status).toBe(200);
    const text = await pdfText(bytes);
    expect(text).toContain('Planta indisponível');
    expect((await pinnedJpegs(bytes)).filter((j) => j.width === 720).length).toBe(all.filter((i) => i.folha).length - onSheet(3));
  });
});
