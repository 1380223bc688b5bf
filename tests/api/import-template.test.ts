/**
 * The import template (issue 38), `GET /api/v1/importacoes/modelo`, read back with exceljs on each
 * database: the headers are the pt-BR labels (required ones with " *"), one example row, drop-down
 * lists on the option columns (a run-time custom field included), and the sheet "Valores" with the
 * options and the records the person may pick in each reference.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import type { Json } from './import-helpers';

const CUSTOM = { name: 'cxModalidade', kind: 'enum', label: 'Modalidade de medição', options: ['Preço global', 'Por medição', 'Administração'] };

const HEADERS = [
  'Nº do contrato *',
  'Tipo',
  'Fornecedor / cliente *',
  'Obra',
  'Objeto *',
  'Valor',
  'Data de assinatura',
  'Início da vigência',
  'Fim da vigência',
  'Responsável *',
  'Gestor *',
  'Validador *',
  'Observações',
  CUSTOM.label,
];

interface Validation {
  type: string;
  formulae: string[];
  showErrorMessage?: boolean;
}

async function workbookOf(res: Response): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as never);
  return wb;
}

/** The texts of one row, from column A. */
const texts = (ws: ExcelJS.Worksheet, n: number): unknown[] => (ws.getRow(n).values as unknown[]).slice(1);

/** The values listed under a heading of the sheet "Valores". */
function listed(values: ExcelJS.Worksheet, heading: string): string[] {
  const col = texts(values, 1).indexOf(heading) + 1;
  expect(col, `"${heading}" em Valores`).toBeGreaterThan(0);
  const out: string[] = [];
  for (let r = 2; r <= values.rowCount; r++) {
    const v = values.getCell(r, col).value;
    if (v !== null && v !== undefined) out.push(String(v));
  }
  return out;
}

/** The data validation of one cell of the template's first sheet (exceljs keeps them per cell). */
const validationOf = (ws: ExcelJS.Worksheet, address: string): Validation | undefined =>
  (ws as unknown as { dataValidations: { model: Record<string, Validation> } }).dataValidations.model[address];

const letter = (i: number) => String.fromCharCode(65 + i);

for (const backend of BACKENDS) {
  describe(`import template (${backend})`, () => {
    const t = useApi(backend);
    const titles = async (path: string, as: string, field: string) =>
      ((await (await t.api.request(`/api/v1/${path}${path.includes('?') ? '&' : '?'}_start=0&_end=500`, { as })).json()) as Json[]).map((r) =>
        String(r[field]),
      );

    it('has the labels, an example row, drop-down lists, the values the person may use and a run-time custom field', async () => {
      const added = await t.api.request('/api/v1/schemas/contratos/fields', { method: 'POST', json: CUSTOM });
      expect(added.status, await added.clone().text()).toBe(201);
      t.api.addUser({ email: 'modelo.editor@portal.local', name: 'Editora de Contratos', roles: ['editor_contratos'], obra: ['101'] });
      const as = 'modelo.editor@portal.local';

      const res = await t.api.request('/api/v1/importacoes/modelo?recurso=contratos', { as });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers.get('content-disposition')).toContain('modelo-contratos.xlsx');
      const wb = await workbookOf(res);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Contratos', 'Valores']);
      const [ws, values] = wb.worksheets;

      // Headers: the labels, " *" and a note on the required ones; no "Situação" for who is not the entity's administrator.
      expect(texts(ws, 1)).toEqual(HEADERS);
      expect(String(ws.getCell('A1').note)).toContain('Obrigatório.');
      expect(String(ws.getCell('B1').note ?? '')).not.toContain('Obrigatório.');

      // One example row, in the formats the import reads.
      expect(ws.rowCount).toBe(2);
      const example = texts(ws, 2);
      const col = (label: string) => HEADERS.indexOf(label);
      expect(example[col('Tipo')]).toBe('Fornecimento');
      expect(example[col(CUSTOM.label)]).toBe('Preço global');
      expect(example[col('Valor')]).toBe(1234.56);
      expect(example[col('Início da vigência')]).toBeInstanceOf(Date);
      expect(example[col('Responsável *')]).toBe('Editora de Contratos <modelo.editor@portal.local>');
      expect(example[col('Nº do contrato *')]).toBe('Exemplo de nº do contrato');

      // "Valores": the options, and the sites and companies (suppliers and clients only) the person may pick.
      expect(texts(values, 1)).toEqual(['Tipo', 'Fornecedor / cliente', 'Obra', CUSTOM.label]);
      expect(listed(values, 'Tipo')).toEqual(['Fornecimento', 'Prestação de serviços', 'Subempreitada', 'Locação', 'Venda']);
      expect(listed(values, CUSTOM.label)).toEqual(CUSTOM.options);
      const sites = await titles('obras', as, 'nome');
      expect(sites.length).toBeGreaterThan(1);
      expect(listed(values, 'Obra')).toEqual([...new Set(sites)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const companies = [
        ...new Set([
          ...(await titles('empresas?tipo=Fornecedor', 'admin@portal.local', 'nome')),
          ...(await titles('empresas?tipo=Cliente', 'admin@portal.local', 'nome')),
        ]),
      ];
      const all = await titles('empresas', 'admin@portal.local', 'nome');
      expect(companies.length).toBeLessThan(all.length); // some company is neither: the filter is seen
      expect(listed(values, 'Fornecedor / cliente').sort()).toEqual(companies.sort());

      // Drop-down lists on 1000 rows of the option columns, pointing at "Valores"; references warn only (a code typed is accepted).
      const valuesCol = (heading: string) => letter(texts(values, 1).indexOf(heading));
      for (const [label, heading] of [
        ['Tipo', 'Tipo'],
        [CUSTOM.label, CUSTOM.label],
      ]) {
        const c = letter(col(label));
        const v = valuesCol(heading);
        const n = listed(values, heading).length;
        for (const row of [2, 1001]) {
          expect(validationOf(ws, `${c}${row}`), `${label} ${c}${row}`).toMatchObject({
            type: 'list',
            formulae: [`Valores!$${v}$2:$${v}$${n + 1}`],
            showErrorMessage: true,
          });
        }
        expect(validationOf(ws, `${c}1`)).toBeUndefined();
      }
      const site = validationOf(ws, `${letter(col('Obra'))}2`);
      expect(site).toMatchObject({ type: 'list', formulae: [`Valores!$${valuesCol('Obra')}$2:$${valuesCol('Obra')}$${sites.length + 1}`] });
      expect(site?.showErrorMessage).toBeFalsy();
      expect(validationOf(ws, `${letter(col('Objeto *'))}2`)).toBeUndefined();
    });

    it('adds "Situação" for the entity administrator; refuses whom may not import and an unknown entity', async () => {
      const admin = await workbookOf(await t.api.request('/api/v1/importacoes/modelo?recurso=contratos'));
      expect(texts(admin.worksheets[0], 1)).toEqual([HEADERS[0], 'Situação', ...HEADERS.slice(1)]);
      expect(listed(admin.worksheets[1], 'Situação')[0]).toBe('Revisão');

      const client = await t.api.request('/api/v1/importacoes/modelo?recurso=contratos', { as: 'cliente@portal.local' });
      expect(client.status).toBe(403);
      expect(((await client.json()) as Json).message).toBe('A importação de planilhas é só para a equipe da empresa.');
      const unknown = await t.api.request('/api/v1/importacoes/modelo?recurso=naoexiste');
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as Json).message).toBe('Informe o cadastro para onde importar.');
    });
  });
}
