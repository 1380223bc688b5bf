// @vitest-environment jsdom
/**
 * Lists from a sheet of their own (issue 38), on each database: the template has one sheet per list,
 * headed by the parent's key then the list's sub-fields, with the same drop-down lists; an export
 * edited in Excel brings its lists back through that sheet: the list in the file replaces the
 * record's (the dry run's before/after says so), a bad sub-row is refused with a message naming its
 * sheet and line (the API's validation and an entity's rule alike), a sub-row whose parent is not in
 * the main sheet is reported, a new record gets its list, a file without the sheet leaves the lists
 * as they are, and a .csv (no sheets) says so.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

process.env.TZ = 'America/Sao_Paulo';
import type { DataProvider } from '@refinedev/core';
import { schemaByResource } from '../../schemas';
import { exportXlsx } from '../../src/app/views/export-xlsx';
import type { TestApi } from '../../mocks/test-app';
import { ENGINE_BACKENDS, useApi } from './backends';
import { dryRun, finished, importNow, rowsOf, upload, type Json } from './import-helpers';

const ADMIN = 'admin@portal.local';

function provider(api: TestApi): Pick<DataProvider, 'getList'> {
  return {
    getList: (async ({ resource, pagination, filters }: Parameters<DataProvider['getList']>[0]) => {
      const size = pagination?.pageSize ?? 10;
      const start = ((pagination?.currentPage ?? 1) - 1) * size;
      const q = new URLSearchParams({ _start: String(start), _end: String(start + size) });
      for (const f of filters ?? []) if ('field' in f) for (const v of [f.value].flat()) q.append(f.field, String(v));
      const res = await api.request(`/api/v1/${resource}?${q.toString()}`, { as: ADMIN });
      return { data: await res.json(), total: Number(res.headers.get('x-total-count')) };
    }) as DataProvider['getList'],
  };
}

/** The list exported as the app does it, opened for editing. */
async function exported(api: TestApi, resource: string): Promise<ExcelJS.Workbook> {
  const schema = schemaByResource(resource)!;
  const { bytes } = await exportXlsx({ dataProvider: provider(api), schema, fields: schema.fields.filter((f) => !f.hidden) });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  return wb;
}

const headers = (ws: ExcelJS.Worksheet): string[] => (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
const col = (ws: ExcelJS.Worksheet, header: string): number => {
  const i = headers(ws).indexOf(header);
  expect(i, `coluna "${header}" em ${ws.name}: ${headers(ws).join(', ')}`).toBeGreaterThanOrEqual(0);
  return i + 1;
};
/** The numbers of the rows of a sheet whose `header` cell is `value`. */
const rowsWith = (ws: ExcelJS.Worksheet, header: string, value: unknown): number[] => {
  const c = col(ws, header);
  const out: number[] = [];
  ws.eachRow((row, n) => {
    if (n > 1 && String(row.getCell(c).value) === String(value)) out.push(n);
  });
  return out;
};
const bytesOf = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

for (const backend of ENGINE_BACKENDS) {
  describe(`lists from their own sheet (${backend})`, { timeout: 120_000 }, () => {
    const t = useApi(backend);
    const get = async (path: string): Promise<Json> => (await (await t.api.request(`/api/v1/${path}`, { as: ADMIN })).json()) as Json;

    it('the template has a sheet per list: the key, then the sub-fields, with the same drop-down lists', async () => {
      const res = await t.api.request('/api/v1/importacoes/modelo?recurso=diarios', { as: ADMIN });
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as never);
      expect(wb.worksheets.map((w) => w.name)).toEqual([
        'Diários de obra',
        'Condições climáticas',
        'Mão de obra',
        'Equipamentos',
        'Atividades executadas',
        'Valores',
      ]);
      const [main, clima, mao] = wb.worksheets;
      expect(headers(mao)).toEqual(['Obra *', 'Nº do RDO *', 'Empresa *', 'Função *', 'Quantidade *']);
      // The example sub-row names the example record of the main sheet.
      const key = [col(main, 'Obra *'), col(main, 'Nº do RDO')].map((c) => main.getRow(2).getCell(c).value);
      expect([mao.getRow(2).getCell(1).value, mao.getRow(2).getCell(2).value]).toEqual(key);
      // An option sub-field offers its options from "Valores", as a main column does.
      const values = wb.getWorksheet('Valores')!;
      const periodo = headers(values).indexOf('Período (Condições climáticas)');
      expect(periodo).toBeGreaterThanOrEqual(0);
      const letter = String.fromCharCode(65 + periodo);
      const rule = (clima as unknown as { dataValidations: { model: Record<string, Json> } }).dataValidations.model[
        `${String.fromCharCode(64 + col(clima, 'Período *'))}2`
      ];
      expect(rule).toMatchObject({ type: 'list', formulae: [expect.stringContaining(`Valores!$${letter}$2`)] });
    });

    it('an export edited in Excel: the list in the file replaces the record’s, bad sub-rows name their sheet and line, orphans are reported', async () => {
      const processos = ((await get('processos-juridicos?_start=0&_end=100&_sort=id&_order=asc')) as unknown as Json[]).filter((p) => p.partes?.length);
      expect(processos.length).toBeGreaterThanOrEqual(3);
      const [p1, p2, p3] = processos;
      const wb = await exported(t.api, 'processos-juridicos');
      const partes = wb.getWorksheet('Partes')!;
      expect(headers(partes)).toEqual(['Nº do processo (CNJ)', 'Nome', 'Papel', 'CPF / CNPJ']);
      const KEY = 'Nº do processo (CNJ)';
      // p1: its first party renamed, one more added; p2: every party removed; p3: a role that does not exist.
      const [first] = rowsWith(partes, KEY, p1.numero);
      partes.getRow(first).getCell(col(partes, 'Nome')).value = 'Parte Renomeada Ltda';
      partes.addRow([p1.numero, 'Nova Parte S.A.', 'Terceiro interessado', '11.222.333/0001-81']);
      for (const n of rowsWith(partes, KEY, p2.numero).reverse()) partes.spliceRows(n, 1);
      const bad = rowsWith(partes, KEY, p3.numero)[0];
      partes.getRow(bad).getCell(col(partes, 'Papel')).value = 'Testemunha';
      partes.addRow(['0000000-00.0000.0.00.0000', 'Sem processo', 'Autor', '']);
      const orphan = partes.rowCount;

      const d = await dryRun(t.api, 'processos-juridicos', await bytesOf(wb), 'processos-editados.xlsx');
      expect(d.colunas.find((c: Json) => c.letra === 'Aba')).toMatchObject({ coluna: 'Aba "Partes"', campo: 'partes' });
      expect(d.leitura.abas).toEqual([{ aba: 'Partes', campo: 'partes' }]);
      expect(d.notas.join(' ')).toMatch(/Aba "Partes": \d+ registro\(s\) da aba principal não têm linhas nesta aba e ficam com a lista vazia/);
      expect(d.notas).toContain(`Aba "Partes": Nº do processo (CNJ) da linha ${orphan} não está na aba principal: a linha não é importada.`);
      const out = await rowsOf(t.api, d.id, 'simulacao');
      const byRecord = (id: number) => out.find((r) => r.registroId === id)!;
      const r1 = byRecord(p1.id);
      expect(r1.acao).toBe('atualizar');
      expect(Object.keys(r1.alteracoes)).toEqual(['partes']);
      expect(r1.alteracoes.partes.de).toEqual(p1.partes);
      expect(r1.alteracoes.partes.para.map((x: Json) => x.nome)).toEqual([
        'Parte Renomeada Ltda',
        ...p1.partes.slice(1).map((x: Json) => x.nome),
        'Nova Parte S.A.',
      ]);
      expect(byRecord(p2.id)).toMatchObject({ acao: 'atualizar', alteracoes: { partes: { de: p2.partes } } });
      const r3 = out.find((r) => r.acao === 'erro')!;
      expect(r3.erros.partes[0]).toMatch(new RegExp(`^Aba "Partes", linha ${bad}, Papel: Valor inválido\\. Opções: Autor`));
      expect(out.filter((r) => r.acao === 'erro')).toHaveLength(1);
      expect(d).toMatchObject({ atualizadas: 2, erros: 1, criadas: 0 });

      // The sheet ignored in the mapping step: the lists stay as they are.
      const up = (await (await upload(t.api, 'processos-juridicos', await bytesOf(wb), 'processos-editados.xlsx', ADMIN)).json()) as Json;
      const ignoring = Object.fromEntries(up.colunas.map((c: Json) => [c.coluna, c.letra === 'Aba' ? null : c.campo]));
      expect((await t.api.request(`/api/v1/importacoes/${up.id}/simular`, { method: 'POST', json: { mapeamento: ignoring }, as: ADMIN })).status).toBe(202);
      expect(await finished(t.api, up.id)).toMatchObject({ atualizadas: 0, erros: 0, criadas: 0 });

      const done = await importNow(t.api, d.id, 'validas');
      expect(done).toMatchObject({ situacao: 'concluida', atualizadas: 2 });
      const after = async (id: number) => (await get(`processos-juridicos/${id}`)) as Json;
      expect((await after(p1.id)).partes).toEqual(
        [
          { ...p1.partes[0], nome: 'Parte Renomeada Ltda' },
          ...p1.partes.slice(1),
          { nome: 'Nova Parte S.A.', papel: 'Terceiro interessado', documento: '11222333000181' },
        ].map((x: Json) => expect.objectContaining({ nome: x.nome, papel: x.papel })),
      );
      expect((await after(p2.id)).partes ?? []).toEqual([]);
      expect((await after(p3.id)).partes).toEqual(p3.partes);
      const history = (await get(`processos-juridicos/${p1.id}/historico`)) as unknown as Json[] | Json;
      expect(JSON.stringify(history)).toContain('Importado de processos-editados.xlsx, linha');

      // The same file without the sheet "Partes": the lists stay as they are.
      const again = await exported(t.api, 'processos-juridicos');
      again.getWorksheet('Partes')!.eachRow((row, n) => {
        if (n > 1) row.getCell(2).value = 'Qualquer nome';
      });
      again.removeWorksheet(again.getWorksheet('Partes')!.id);
      const d2 = await dryRun(t.api, 'processos-juridicos', await bytesOf(again), 'sem-partes.xlsx');
      expect(d2.colunas.some((c: Json) => c.letra === 'Aba')).toBe(false);
      expect(d2).toMatchObject({ atualizadas: 0, criadas: 0, erros: 0 });
    });

    it('a new record gets its list from the sheet; a rule of the entity names the sub-row’s sheet and line', async () => {
      const wb = await exported(t.api, 'processos-juridicos');
      const main = wb.worksheets[0];
      const source = main.getRow(2);
      const copy = main.addRow((source.values as unknown[]).slice(1));
      copy.getCell(col(main, 'ID')).value = null;
      copy.getCell(col(main, 'Nº do processo (CNJ)')).value = '5555555-55.2026.5.02.0001';
      const partes = wb.getWorksheet('Partes')!;
      partes.addRow(['5555555-55.2026.5.02.0001', 'Reclamante Novo', 'Reclamante', '']);
      partes.addRow(['5555555-55.2026.5.02.0001', 'Reclamada Nova', 'Reclamada', '']);
      const d = await dryRun(t.api, 'processos-juridicos', await bytesOf(wb), 'processo-novo.xlsx');
      expect(d).toMatchObject({ criadas: 1, erros: 0 });
      await importNow(t.api, d.id);
      const [created] = (await get('processos-juridicos?numero=5555555-55.2026.5.02.0001')) as unknown as Json[];
      expect(created.partes).toEqual([
        { nome: 'Reclamante Novo', papel: 'Reclamante' },
        { nome: 'Reclamada Nova', papel: 'Reclamada' },
      ]);

      // An RDO of a site whose RDO configuration lists its labour companies: a company off the list,
      // and a quantity left blank, each named by the sheet and line of its sub-row.
      const configs = (await get('configuracoes-rdo?_start=0&_end=50')) as unknown as Json[];
      const config = configs.find((c) => c.maoDeObra?.length)!;
      expect(config, 'uma obra com a mão de obra configurada').toBeTruthy();
      const rdos = ((await get(`diarios?obra=${config.obra}&status=Rascunho&_start=0&_end=50&_sort=id&_order=asc`)) as unknown as Json[]).filter(
        (r) => r.maoDeObra?.length,
      );
      expect(rdos.length).toBeGreaterThanOrEqual(1);
      const rdo = rdos[0];
      const diarios = await exported(t.api, 'diarios');
      const [sheet, mao] = [diarios.worksheets[0], diarios.getWorksheet('Mão de obra')!];
      const line = rowsWith(sheet, 'ID', rdo.id)[0];
      const site = sheet.getRow(line).getCell(col(sheet, 'Obra')).value;
      const lines = rowsWith(mao, 'Nº do RDO', rdo.numero).filter((n) => mao.getRow(n).getCell(col(mao, 'Obra')).value === site);
      expect(lines.length).toBe(rdo.maoDeObra.length);
      mao.getRow(lines[0]).getCell(col(mao, 'Empresa')).value = 'Empreiteira Fora da Lista';
      const dr = await dryRun(t.api, 'diarios', await bytesOf(diarios), 'diarios.xlsx');
      const row = (await rowsOf(t.api, dr.id, 'simulacao')).find((r) => r.linha === line)!;
      expect(row.acao, JSON.stringify(row)).toBe('erro');
      expect(row.erros.maoDeObra.join(' ')).toMatch(
        new RegExp(`^Aba "Mão de obra", linha ${lines[0]}: Empresa: "Empreiteira Fora da Lista" não está na lista`),
      );

      mao.getRow(lines[0]).getCell(col(mao, 'Empresa')).value = rdo.maoDeObra[0].empresa;
      mao.getRow(lines[0]).getCell(col(mao, 'Quantidade')).value = null;
      const blank = await dryRun(t.api, 'diarios', await bytesOf(diarios), 'diarios.xlsx');
      const b = (await rowsOf(t.api, blank.id, 'simulacao')).find((r) => r.linha === line)!;
      expect(b.erros.maoDeObra).toEqual([`Aba "Mão de obra", linha ${lines[0]}, Quantidade: Campo obrigatório.`]);
    });

    it('a .csv has no sheets: the lists are not read, and the person is told; no column fills a list', async () => {
      const [p] = (await get('processos-juridicos?_start=0&_end=1')) as unknown as Json[];
      // "Partes" as a column (an older export's "2 itens") goes to no field: a list comes from its sheet.
      const csv = `Nº do processo (CNJ);Observações;Partes\n${p.numero};Sem abas;2 itens\n`;
      const up = await upload(t.api, 'processos-juridicos', Buffer.from(csv, 'utf8'), 'processos.csv');
      expect(up.status).toBe(201);
      const d = (await up.json()) as Json;
      expect(d.colunas.map((c: Json) => c.campo)).toEqual(['numero', 'observacoes', null]);
      const mapped = await t.api.request(`/api/v1/importacoes/${d.id}/simular`, {
        method: 'POST',
        json: { mapeamento: { 'Nº do processo (CNJ)': 'numero', Observações: 'observacoes', Partes: 'partes' } },
        as: ADMIN,
      });
      expect(mapped.status).toBe(400);
      expect(((await mapped.json()) as Json).errors['mapeamento.Partes']).toEqual(['"Partes" vem de uma aba própria da planilha, não de uma coluna.']);
      expect(d.notas.join(' ')).toContain('Um arquivo .csv não tem abas: "Partes" não são lidos e ficam como estão nos registros.');
    });
  });
}
