/**
 * Bad input to the spreadsheet import (issue 38): every file below gets a 400 with a pt-BR message
 * and nothing is written (no import run, no record); fuzzed workbooks (bytes flipped, cut short)
 * get a 400 or are read, never a 5xx. Also what is only reported: hidden rows and columns,
 * formulas (their cached value), a file without the required columns (refused at the dry run).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { dryRun, rowsOf, upload, workbookParts, xlsx, zipOf, type Json } from './import-helpers';

const sheet = (rows: string) =>
  `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEAD = `<row r="1">${inline('A1', 'Nome')}${inline('B1', 'Código da obra')}</row>`;

/** A deterministic pseudo-random sequence (the fuzz cases are the same on every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

for (const backend of BACKENDS) {
  describe(`spreadsheet import, bad files (${backend})`, () => {
    const t = useApi(backend);
    const runs = async () => Number((await sql<{ n: string }>`select count(*) as n from importacao`.execute(t.api.db)).rows[0].n);

    const refused = async (bytes: Buffer, name: string, message: RegExp) => {
      const before = await runs();
      const r = await upload(t.api, 'obras', bytes, name);
      const body = (await r.json()) as Json;
      expect(r.status, `${name}: ${JSON.stringify(body)}`).toBe(400);
      expect(body.message).toMatch(message);
      expect(await runs()).toBe(before);
    };

    it('refuses empty, foreign, truncated, macro, protected and oversized files', async () => {
      const good = await xlsx(['Código da obra', 'Nome'], [['9201', 'Obra de teste']]);
      await refused(Buffer.alloc(0), 'vazio.xlsx', /vazio/);
      await refused(Buffer.from('Nome;Código\n'), 'so-cabecalho.csv', /só o cabeçalho/);
      await refused(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), 'aleatorio.xlsx', /não é uma planilha \.xlsx válida/);
      await refused(good.subarray(0, Math.floor(good.length / 2)), 'cortado.xlsx', /não é uma planilha \.xlsx válida/);
      await refused(good, 'macros.xlsm', /macros/);
      await refused(zipOf(workbookParts(sheet(HEAD), [{ name: 'xl/vbaProject.bin', data: 'x' }])), 'disfarce.xlsx', /macros/);
      await refused(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]), 'senha.xlsx', /protegida por senha/);
      await refused(Buffer.from('%PDF-1.4'), 'documento.pdf', /\.xlsx ou um arquivo \.csv/);
      await refused(
        Buffer.concat([Buffer.from('Nome;Cidade\n'), Buffer.from('Jo\xe3o;', 'latin1'), Buffer.from('São Paulo\n')]),
        'misto.csv',
        /mistura codificações/,
      );
      await refused(Buffer.from('Nome;Cidade\nA;\u0000\u0001\n'), 'binario.csv', /não é texto/);
      const big = Buffer.alloc(21 * 1024 * 1024, 'a;b;c\n');
      await refused(big, 'grande.csv', /passa de 20 MB/);
      const rows = ['Código da obra;Nome', ...Array.from({ length: 50_001 }, (_, i) => `${i};Obra ${i}`)].join('\n');
      await refused(Buffer.from(rows), 'linhas.csv', /passa de 50\.000 linhas/);
    });

    it('refuses zip bombs, XML entity bombs, 10,000 columns, a 1 MB cell and merged header cells', async () => {
      // A part declaring 400 MB, and one whose ratio is a bomb's (30 MB of spaces in a few KB).
      await refused(
        zipOf(workbookParts(sheet(HEAD)).map((p) => (p.name.endsWith('sheet1.xml') ? { ...p, declaredSize: 400 * 1024 * 1024 } : p))),
        'bomba1.xlsx',
        /expande demais/,
      );
      await refused(zipOf(workbookParts(sheet(HEAD + ' '.repeat(30 * 1024 * 1024)))), 'bomba2.xlsx', /expande demais/);
      // A part that inflates to more than it declares.
      await refused(
        zipOf(workbookParts(sheet(HEAD)).map((p) => (p.name.endsWith('sheet1.xml') ? { ...p, declaredSize: 10 } : p))),
        'mentira.xlsx',
        /não é uma planilha/,
      );
      const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${inline('A1', '&lol2;')}</row></sheetData></worksheet>`;
      await refused(zipOf(workbookParts(lol)), 'entidades.xlsx', /DOCTYPE/);
      await refused(
        await xlsx(
          Array.from({ length: 10_000 }, (_, i) => `Coluna ${i + 1}`),
          [['x']],
        ),
        'colunas.xlsx',
        /colunas ou mais; o máximo é 500/,
      );
      await refused(await xlsx(['Nome', 'Código da obra'], [['x'.repeat(1024 * 1024), '9301']]), 'celula.xlsx', /passa de 32\.767 caracteres/);
      await refused(Buffer.from(`Nome;Código da obra\n${'y'.repeat(1024 * 1024)};9302\n`), 'celula.csv', /passa de 32\.767 caracteres/);
      await refused(
        await xlsx(['Dados da obra', '', 'Cidade'], [['9303', 'Obra', 'Recife']], (ws) => ws.mergeCells('A1:B1')),
        'mescladas.xlsx',
        /cabeçalho tem células mescladas \(A1:B1\)/,
      );
    });

    it('reports hidden rows and columns, reads formulas as their cached value, refuses a dry run without the required columns', async () => {
      const file = await xlsx(
        ['Código da obra', 'Nome', 'Cliente', 'Cidade'],
        [
          ['9401', 'Obra oculta', 'Cliente Demonstração Lda', 'Recife'],
          ['9402', 'Obra com fórmula', 'Cliente Demonstração Lda', 'Natal'],
        ],
        (ws) => {
          ws.getRow(2).hidden = true;
          ws.getColumn(4).hidden = true;
          ws.getCell('B3').value = { formula: 'CONCATENATE("Obra ","calculada")', result: 'Obra calculada' };
        },
      );
      const up = await upload(t.api, 'obras', file, 'ocultas.xlsx');
      const created = (await up.json()) as Json;
      expect(up.status).toBe(201);
      expect(created.notas.join(' ')).toMatch(/Colunas ocultas.*D/);
      expect(created.notas.join(' ')).toMatch(/Linhas ocultas.*2/);
      const d = await dryRun(t.api, 'obras', file, 'ocultas.xlsx');
      expect(d).toMatchObject({ criadas: 2, erros: 0 });
      const res = await t.api.request(`/api/v1/importacoes/${d.id}/linhas?etapa=simulacao`);
      expect(res.status).toBe(200);
      // Without "Nome" and "Cliente" (required) and without the key to update by, the dry run is refused.
      const partial = await upload(t.api, 'obras', await xlsx(['Cidade'], [['Recife']]), 'parcial.xlsx');
      const p = (await partial.json()) as Json;
      const sim = await t.api.request(`/api/v1/importacoes/${p.id}/simular`, { method: 'POST', json: { mapeamento: { Cidade: 'cidade' } } });
      expect(sim.status).toBe(400);
      expect((await sim.json()).message).toMatch(/^Faltam colunas obrigatórias: "Código da obra", "Nome", "Cliente"/);
      expect(await rowsOf(t.api, p.id, 'simulacao')).toEqual([]);
    });

    it('never answers 5xx to a fuzzed workbook', async () => {
      const good = await xlsx(['Código da obra', 'Nome', 'Cliente'], [['9501', 'Obra fuzz', 'Cliente Demonstração Lda']]);
      const next = random(38);
      const statuses = new Set<number>();
      for (let i = 0; i < 40; i++) {
        const bytes = Buffer.from(good);
        if (i % 2) {
          for (let k = 0; k < 1 + Math.floor(next() * 20); k++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
        }
        const cut = i % 2 ? bytes : bytes.subarray(0, Math.floor(next() * bytes.length));
        const r = await upload(t.api, 'obras', cut, `fuzz-${i}.xlsx`);
        statuses.add(r.status);
        expect([201, 400], `fuzz ${i}: ${await r.clone().text()}`).toContain(r.status);
      }
      expect(statuses.has(400)).toBe(true);
    });
  });
}
