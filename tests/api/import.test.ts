/**
 * Spreadsheet import (issue 38), on each database: the dry run reports per row and field with the
 * API's messages and writes nothing; all-or-nothing and only-valid-rows; update by natural key with
 * a before/after, a stale version reported and never overwritten; per-row permissions; the same
 * file twice changes nothing; a custom field; a Brazilian CSV; a workflow state set only by an
 * entity administrator.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS, useApi } from './backends';
import { countOf, dryRun, importNow, rowsOf, upload, xlsx, type Json } from './import-helpers';

const HEADER = ['Nº do contrato', 'Tipo', 'Fornecedor / cliente', 'Obra', 'Objeto', 'Valor', 'Início da vigência', 'Responsável', 'Gestor', 'Validador'];
const row = (numero: string, over: Record<number, unknown> = {}) => {
  const r: unknown[] = [
    numero,
    'Locação',
    'Concreta Pré-Moldados',
    '101',
    'Locação de equipamentos de obra',
    '1.234,56',
    new Date(Date.UTC(2026, 1, 1)),
    'Administrador <admin@portal.local>',
    'sm@portal.local',
    'admin@portal.local',
  ];
  for (const [i, v] of Object.entries(over)) r[Number(i)] = v;
  return r;
};

for (const backend of ENGINE_BACKENDS) {
  describe(`spreadsheet import (${backend})`, () => {
    const t = useApi(backend);
    const contractByNumber = async (numero: string) =>
      ((await (await t.api.request(`/api/v1/contratos?numero=${encodeURIComponent(numero)}`)).json()) as Json[])[0];

    it('dry run: per row and field, the API messages, nothing written; then only the valid rows, with their history', async () => {
      const before = await countOf(t.api, 'contratos');
      const file = await xlsx(HEADER, [
        row('IMP-001'),
        row('IMP-002', { 1: 'Vendas', 4: 'abc' }), // an option that does not exist, an object too short
        row('IMP-003', { 2: 'Concreta Pre Moldadas' }), // a company not found: the closest one suggested
        row('IMP-001'), // the same number again in the file
        row('IMP-004', { 5: 'muito', 6: '31/02/2026' }),
      ]);
      const d = await dryRun(t.api, 'contratos', file, 'contratos.xlsx');
      expect(d).toMatchObject({ situacao: 'simulada', total: 5, processadas: 5, criadas: 1, erros: 4 });
      const rows = await rowsOf(t.api, d.id, 'simulacao');
      expect(rows.map((r) => [r.linha, r.acao])).toEqual([
        [2, 'criar'],
        [3, 'erro'],
        [4, 'erro'],
        [5, 'erro'],
        [6, 'erro'],
      ]);
      expect(rows[1].erros.tipo[0]).toMatch(/^Valor inválido\. Opções: Fornecimento/);
      expect(rows[1].erros.tipo[0]).toContain('Você quis dizer');
      expect(rows[2].erros.contraparte[0]).toBe('Não encontrado em Empresas: "Concreta Pre Moldadas". Você quis dizer "Concreta Pré-Moldados"?');
      expect(rows[3].erros.numero[0]).toMatch(/Repetido no arquivo: a linha 2/);
      expect(rows[4].erros.valor).toEqual(['Informe um número.']);
      expect(rows[4].erros.vigenciaInicio).toEqual(['Data inválida (use dd/mm/aaaa).']);
      expect(await countOf(t.api, 'contratos')).toBe(before);

      // All-or-nothing is refused while rows have errors; only the valid rows import.
      const refused = await t.api.request(`/api/v1/importacoes/${d.id}/importar`, { method: 'POST', json: { modo: 'tudo' } });
      expect(refused.status).toBe(400);
      const done = await importNow(t.api, d.id, 'validas');
      expect(done).toMatchObject({ situacao: 'concluida', criadas: 1, erros: 0, ignoradas: 4 });
      expect(await countOf(t.api, 'contratos')).toBe(before + 1);
      const created = await contractByNumber('IMP-001');
      expect(created).toMatchObject({ status: 'Revisão', valor: 1234.56, vigenciaInicio: '2026-02-01', obra: '101', contraparte: '90123456000131' });
      expect(created.responsavel).toEqual({ mail: 'admin@portal.local', nome: 'Administrador' });
      const history = (await (await t.api.request(`/api/v1/contratos/${created.id}/historico`)).json()) as Json[];
      expect(history.some((h) => h.comment === 'Importado de contratos.xlsx, linha 2.')).toBe(true);

      // The result file: the same sheet with a "Resultado" column.
      const res = await t.api.request(`/api/v1/importacoes/${d.id}/resultado`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
    });

    it('all-or-nothing imports the fixed file in one go; the same file again changes nothing', async () => {
      const file = await xlsx(HEADER, [
        row('IMP-010'),
        row('IMP-011', { 1: 'Venda', 3: 'Centro de Distribuição Vale Verde' }),
        row('IMP-012', { 5: 'R$ 2.500,00' }),
      ]);
      const d = await dryRun(t.api, 'contratos', file, 'corrigida.xlsx');
      expect(d, JSON.stringify(await rowsOf(t.api, d.id, 'simulacao'))).toMatchObject({ criadas: 3, erros: 0 });
      const done = await importNow(t.api, d.id, 'tudo');
      expect(done).toMatchObject({ situacao: 'concluida', criadas: 3 });
      const c11 = await contractByNumber('IMP-011');
      expect(c11.valor).toBe(1234.56);
      expect((await contractByNumber('IMP-012')).valor).toBe(2500);
      const again = await dryRun(t.api, 'contratos', file, 'corrigida.xlsx');
      expect(again).toMatchObject({ criadas: 0, atualizadas: 0, iguais: 3, erros: 0 });
      const second = await importNow(t.api, again.id, 'tudo');
      expect(second).toMatchObject({ situacao: 'concluida', criadas: 0, atualizadas: 0, iguais: 3 });
      expect((await contractByNumber('IMP-011')).version).toBe(c11.version);
    });

    it('updates by the natural key with a before/after; a record changed after the dry run is reported, never overwritten', async () => {
      const file = await xlsx(HEADER, [row('IMP-010', { 4: 'Locação de andaimes e escoras' }), row('IMP-011', { 5: '9.999,99' })]);
      const d = await dryRun(t.api, 'contratos', file, 'alteracoes.xlsx');
      expect(d).toMatchObject({ atualizadas: 2, erros: 0 });
      const rows = await rowsOf(t.api, d.id, 'simulacao');
      expect(rows[0].alteracoes.objeto).toEqual({ de: 'Locação de equipamentos de obra', para: 'Locação de andaimes e escoras' });
      expect(rows[1].alteracoes.valor).toEqual({ de: 1234.56, para: 9999.99 });
      // Someone edits IMP-011 between the dry run and the import.
      const c11 = await contractByNumber('IMP-011');
      const patched = await t.api.request(`/api/v1/contratos/${c11.id}`, {
        method: 'PATCH',
        json: { version: c11.version, observacoes: 'Editado por outra pessoa.' },
      });
      expect(patched.status).toBe(200);
      const done = await importNow(t.api, d.id, 'validas');
      expect(done).toMatchObject({ atualizadas: 1, erros: 1 });
      const after = await rowsOf(t.api, d.id, 'importacao');
      expect(after[1]).toMatchObject({ acao: 'erro' });
      expect(after[1].mensagem).toMatch(/alterou este registro depois da simulação: nada foi sobrescrito/);
      expect((await contractByNumber('IMP-011')).valor).toBe(1234.56);
      expect((await contractByNumber('IMP-010')).objeto).toBe('Locação de andaimes e escoras');
    });

    it('refuses per row what the person may not do: a site manager importing reports of a site not theirs; a client imports nothing', async () => {
      // The rules let a site manager write the reports they manage: a report of another site names its own site manager.
      const file = await xlsx(
        ['Data', 'Obra', 'Site manager'],
        [
          [new Date(Date.UTC(2026, 2, 10)), '101', 'sm@portal.local'],
          [new Date(Date.UTC(2026, 2, 10)), '105', 'admin@portal.local'],
        ],
      );
      const d = await dryRun(t.api, 'diarios', file, 'rdos.xlsx', { as: 'sm@portal.local' });
      const rows = await rowsOf(t.api, d.id, 'simulacao', 'sm@portal.local');
      expect(rows[0].acao).toBe('criar');
      expect(rows[1].acao).toBe('erro');
      expect(rows[1].mensagem).toMatch(/permissão/);
      const client = await upload(t.api, 'contratos', await xlsx(HEADER, [row('IMP-900')]), 'x.xlsx', 'cliente@portal.local');
      expect(client.status).toBe(403);
      expect((await client.json()).message).toBe('A importação de planilhas é só para a equipe da empresa.');
      // Nor may another person see someone else's import.
      expect((await t.api.request(`/api/v1/importacoes/${d.id}`, { as: 'posvendas@portal.local' })).status).toBe(404);
    });

    it('sets the workflow state only for an entity administrator, recorded as an import', async () => {
      const file = await xlsx([...HEADER, 'Situação'], [[...row('IMP-020'), 'Aprovado']]);
      const d = await dryRun(t.api, 'contratos', file, 'estado.xlsx');
      expect(d).toMatchObject({ criadas: 1, erros: 0 });
      await importNow(t.api, d.id);
      const c = await contractByNumber('IMP-020');
      expect(c.status).toBe('Aprovado');
      const history = (await (await t.api.request(`/api/v1/contratos/${c.id}/historico`)).json()) as Json[];
      expect(history.some((h) => h.transition?.name === 'importacao' && h.transition?.to === 'Aprovado')).toBe(true);
      // Moving an existing record's state is a workflow step, refused to who is not its administrator.
      t.api.addUser({ email: 'contratos.editor@portal.local', roles: ['editor_contratos'], obra: ['101'] });
      const other = await dryRun(t.api, 'contratos', await xlsx([...HEADER, 'Situação'], [[...row('IMP-021'), 'Aprovado']]), 'estado2.xlsx', {
        as: 'contratos.editor@portal.local',
      });
      const rows = await rowsOf(t.api, other.id, 'simulacao', 'contratos.editor@portal.local');
      expect(rows[0].acao).toBe('erro');
      expect(JSON.stringify(rows[0])).toMatch(/não pode ser definida na importação|permissão/);
    });

    it('imports a custom field, and a Brazilian CSV (";", Windows-1252, thousands separators and decimal comma, dd/mm/aaaa)', async () => {
      const added = await t.api.request('/api/v1/schemas/obras/fields', {
        method: 'POST',
        json: { name: 'cxCentroCusto', kind: 'text', label: 'Centro de custo', maxLength: 20 },
      });
      expect(added.status, await added.clone().text()).toBe(201);
      const csv = Buffer.from(
        'Código da obra;Nome;Cliente;Centro de custo;Cidade;Data de início;Valor do contrato\r\n' +
          '9101;Obra Importada Ação;Cliente Demonstração Lda;CC-42;São Paulo;05/03/2026;"R$ 1.234.567,89"\r\n',
        'latin1',
      );
      const d = await dryRun(t.api, 'obras', csv, 'obras.csv');
      const rows = await rowsOf(t.api, d.id, 'simulacao');
      expect(rows[0], JSON.stringify(rows[0])).toMatchObject({ acao: 'criar' });
      await importNow(t.api, d.id);
      const obra = ((await (await t.api.request('/api/v1/obras?Id_Lista=9101')).json()) as Json[])[0];
      expect(obra).toMatchObject({ nome: 'Obra Importada Ação', cxCentroCusto: 'CC-42', dataInicio: '2026-03-05', valorContrato: 1234567.89 });
    });
  });
}
