/**
 * Items of a materials list from a spreadsheet (issue 38, special importer): the template, the dry
 * run with the form's messages per line and field, the import appended or replacing, all-or-nothing
 * with the list's version, and the refusals (state, permission, bad files) that leave the list as it was.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { xlsx, type Json } from './import-helpers';
import { client, person } from './workflow-helpers';

const QUANT = 'materiais.quantificador@portal.local';
const VERIF = 'materiais.verificador@portal.local';
const HEADER = ['Código', 'Descrição *', 'Unidade *', 'Quantidade *', 'Observação'];
const ITEM = { codigo: 'PERF-W200', descricao: 'Perfil W200x26,6', unidade: 'kg', quantidade: 1200 };

/** Ten lines: the 4th without a description, the 8th with a quantity that is not a number. */
const tenLines = (): unknown[][] =>
  Array.from({ length: 10 }, (_, i) => [
    `CH-${i + 1}`,
    i === 2 ? '' : `Chapa ${i + 1} mm`,
    'kg',
    i === 6 ? 'muitos' : `1.2${i}0,5`,
    i === 0 ? 'Entrega parcial' : null,
  ]);

function form(bytes: Buffer | Uint8Array, name: string, fields: Record<string, string> = {}): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = `----itens${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const body = Buffer.concat([...parts, head, Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const out = new Uint8Array(body.length);
  out.set(body);
  return { body: out, type: `multipart/form-data; boundary=${boundary}` };
}

describe.each(BACKENDS)('materials list items from a spreadsheet (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const newList = async (titulo: string) => {
    const r = await c.post(
      '/api/v1/materiais',
      { titulo, obra: '101', origem: 'Obra', itens: [ITEM], Quantificou: person(QUANT), Verificador: person(VERIF) },
      QUANT,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as Json;
  };
  const send = async (
    id: number,
    step: 'simulacao' | 'importacao',
    bytes: Buffer | Uint8Array,
    name: string,
    fields: Record<string, string> = {},
    as = QUANT,
  ) => {
    const { body, type } = form(bytes, name, fields);
    const res = await t.api.request(`/api/v1/materiais/${id}/itens/${step}`, { method: 'POST', body, headers: { 'content-type': type }, as });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const stored = async (id: number) => (await c.get(`/api/v1/materiais/${id}`)).body as Json;

  it('gives a template headed by the item fields’ labels, with an example row', async () => {
    const list = await newList('Modelo de itens');
    const res = await t.api.request(`/api/v1/materiais/${list.id}/itens/modelo`, { as: QUANT });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/modelo-itens-materiais\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Itens');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(ws.getRow(2).getCell(4).value).toBe(1234.56);
    // The template itself imports back as one item.
    const back = await send(list.id, 'simulacao', Buffer.from(await wb.xlsx.writeBuffer()), 'modelo.xlsx');
    expect(back.body).toMatchObject({ linhas: 1, validas: 1, comErro: 0, itensDepois: 2 });
  });

  it('dry-runs ten lines with two wrong: the form’s messages per line and field, nothing written', async () => {
    const list = await newList('Chapas do mezanino');
    const r = await send(list.id, 'simulacao', await xlsx(HEADER, tenLines()), 'chapas.xlsx');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ arquivo: 'chapas.xlsx', modo: 'acrescentar', linhas: 10, validas: 8, comErro: 2, itensAntes: 1, itensDepois: 11 });
    expect(r.body.importado).toBe(false);
    expect(r.body.erros).toEqual([
      { linha: 4, erros: { descricao: ['Campo obrigatório.'] } },
      { linha: 8, erros: { quantidade: [expect.stringMatching(/número/i)] } },
    ]);
    const now = await stored(list.id);
    expect(now.version).toBe(list.version);
    expect(now.itens).toHaveLength(1);
    // The import of the same file is refused whole.
    const refused = await send(list.id, 'importacao', await xlsx(HEADER, tenLines()), 'chapas.xlsx', { version: String(list.version) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/2 linha\(s\) com erro.*Nada foi importado/);
    expect(refused.body.errors['linhas.4.descricao']).toEqual(['Linha 4: Campo obrigatório.']);
    expect((await stored(list.id)).itens).toHaveLength(1);
  });

  it('appends the items of a fixed file in one update, with the history naming the file', async () => {
    const list = await newList('Chapas corrigidas');
    const lines = tenLines().map((l, i) => (i === 2 ? [l[0], 'Chapa 3 mm', ...l.slice(2)] : i === 6 ? [...l.slice(0, 3), '7,25', l[4]] : l));
    const dry = await send(list.id, 'simulacao', await xlsx(HEADER, lines), 'chapas.xlsx');
    expect(dry.body).toMatchObject({ validas: 10, comErro: 0, version: list.version });
    const r = await send(list.id, 'importacao', await xlsx(HEADER, lines), 'chapas.xlsx', { version: String(dry.body.version) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ importado: true, itensDepois: 11, version: list.version + 1 });
    const now = await stored(list.id);
    expect(now.itens).toHaveLength(11);
    expect(now.itens[0]).toMatchObject(ITEM);
    expect(now.itens[1]).toMatchObject({ codigo: 'CH-1', descricao: 'Chapa 1 mm', unidade: 'kg', quantidade: 1200.5, observacao: 'Entrega parcial' });
    expect(now.itens[7].quantidade).toBe(7.25);
    const hist = await c.get(`/api/v1/materiais/${list.id}/historico`);
    expect(JSON.stringify(hist.body)).toMatch(/Importado de chapas\.xlsx: 10 item\(ns\) acrescentado\(s\)/);
  });

  it('replaces the items from a Brazilian .csv, and refuses a stale version (409)', async () => {
    const list = await newList('Cabos');
    const csv = Buffer.from('\ufeffDescrição;Unidade;Quantidade;Coluna extra\r\nCabo 2,5 mm²;m;1.500\r\n  Cabo 4 mm²  ;m;250,75;x\r\n', 'utf8');
    const dry = await send(list.id, 'simulacao', csv, 'cabos.csv', { modo: 'substituir' });
    expect(dry.body).toMatchObject({ modo: 'substituir', linhas: 2, validas: 2, itensAntes: 1, itensDepois: 2 });
    expect(dry.body.avisos.join(' ')).toMatch(/"Coluna extra"/);
    const stale = await send(list.id, 'importacao', csv, 'cabos.csv', { modo: 'substituir', version: String(list.version - 1) });
    expect(stale.status).toBe(409);
    expect((await stored(list.id)).itens).toHaveLength(1);
    const r = await send(list.id, 'importacao', csv, 'cabos.csv', { modo: 'substituir', version: String(list.version) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await stored(list.id)).itens).toEqual([
      { descricao: 'Cabo 2,5 mm²', unidade: 'm', quantidade: 1500 },
      { descricao: 'Cabo 4 mm²', unidade: 'm', quantidade: 250.75 },
    ]);
    // The same import again, with the version it had: someone (this import) changed the list meanwhile.
    expect((await send(list.id, 'importacao', csv, 'cabos.csv', { modo: 'substituir', version: String(list.version) })).status).toBe(409);
  });

  it('refuses a list out of elaboration and a person who may not edit it, changing nothing', async () => {
    const file = await xlsx(HEADER, [['X', 'Parafuso', 'un', 10]]);
    const list = await newList('Fixadores');
    // The verifier reads the list but does not draw it up.
    const verif = await send(list.id, 'simulacao', file, 'f.xlsx', {}, VERIF);
    expect(verif.status).toBe(403);
    expect(verif.body.message).toBe('Você não tem permissão para editar esta lista de materiais.');
    expect((await send(list.id, 'importacao', file, 'f.xlsx', { version: String(list.version) }, VERIF)).status).toBe(403);
    expect((await t.api.request(`/api/v1/materiais/${list.id}/itens/modelo`, { as: 'cliente@portal.local' })).status).toBeGreaterThanOrEqual(403);

    expect((await c.step('materiais', list.id, 'liberar-verificacao', QUANT)).status).toBe(200);
    const released = await stored(list.id);
    for (const as of [QUANT, 'admin@portal.local']) {
      const r = await send(list.id, 'importacao', file, 'f.xlsx', { version: String(released.version) }, as);
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/só é possível importar itens numa lista em elaboração/);
    }
    expect((await stored(list.id)).version).toBe(released.version);

    // A cancelled list is read-only to everyone: the workflow's edit rule answers (403).
    const other = await newList('Cancelada');
    expect((await c.step('materiais', other.id, 'cancelar', QUANT, { comment: 'Escopo retirado.' })).status).toBe(200);
    const cancelled = await send(other.id, 'simulacao', file, 'f.xlsx', {}, QUANT);
    expect(cancelled.status).toBe(403);
    expect(cancelled.body.message).toMatch(/está em "CANCELADO" e não pode ser alterada/);
  });

  it('refuses bad files and bad choices with a clear 400', async () => {
    const list = await newList('Arquivos ruins');
    const bad = async (bytes: Buffer, name: string, pattern: RegExp, fields: Record<string, string> = {}) => {
      const r = await send(list.id, 'simulacao', bytes, name, fields);
      expect(r.status, name).toBe(400);
      expect(r.body.message, name).toMatch(pattern);
    };
    await bad(Buffer.alloc(0), 'vazio.csv', /vazio/);
    await bad(Buffer.from('Código;Descrição;Unidade\r\n'), 'so-cabecalho.csv', /só o cabeçalho/);
    await bad(await xlsx(['Código', 'Descrição'], [['A', 'B']]), 'sem-colunas.xlsx', /Faltam colunas obrigatórias dos itens: "Unidade", "Quantidade"/);
    await bad(Buffer.from('isto não é uma planilha'), 'lixo.xlsx', /não é uma planilha \.xlsx válida/);
    await bad(await xlsx(HEADER, [['A', 'B', 'un', 1]]), 'macro.xlsm', /macros/);
    await bad(await xlsx(HEADER, [['A', 'B', 'un', 1]]), 'modo.xlsx', /Escolha como importar os itens/, { modo: 'misturar' });
    const many = await xlsx(
      HEADER,
      Array.from({ length: 500 }, (_, i) => [`P-${i}`, 'Parafuso', 'un', 1]),
    );
    await bad(many, 'muitos.xlsx', /comporta só mais 499.*500 itens por lista/);
    // Replacing, the same 500 fit.
    expect((await send(list.id, 'simulacao', many, 'muitos.xlsx', { modo: 'substituir' })).body).toMatchObject({ comErro: 0, itensDepois: 500 });
    const noVersion = await send(list.id, 'importacao', await xlsx(HEADER, [['A', 'B', 'un', 1]]), 'v.xlsx');
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors.version).toBeDefined();
    expect((await stored(list.id)).itens).toHaveLength(1);
  });
});
