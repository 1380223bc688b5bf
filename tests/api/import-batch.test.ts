/**
 * The import written in batches (issue 38's benchmark: src/server/import/batch-rows.ts and
 * src/server/crud/batch-create.ts), on each database: every row keeps the outcome it has written
 * one at a time — the API's own messages per row and field (the EAP's tree rules through their
 * batch version), a parent written by an earlier row of the same batch, the permission checked on
 * each row (the others of the batch are written), the numbers the server owns given in the file's
 * order, the initial workflow state, one history entry per record ("Importado de <arquivo>,
 * linha N") feeding the search index, a record changed or created after the dry run reported and
 * never overwritten, all-or-nothing across batches, and a second identical import that changes
 * nothing. Entities whose server rules have no batch version go one row at a time (declared).
 */
import { describe, expect, it } from 'vitest';
import { schemaByName } from '../../schemas';
import '../../src/server/modules/register';
import { batchCreateBlocker } from '../../src/server/crud/batch-create';
import { BATCH_ROWS } from '../../src/server/import/job';
import { ENGINE_BACKENDS, useApi } from './backends';
import { countOf, dryRun, importNow, rowsOf, xlsx, type Json } from './import-helpers';

const EAP = ['Área', 'Obra', 'Código', 'Descrição', 'Início previsto', 'Término previsto', 'Item pai'];
const day = (d: number, m: number) => new Date(Date.UTC(2026, m - 1, d));
const FIELD_TECH = 'tecnico.lote@portal.local';

for (const backend of ENGINE_BACKENDS) {
  describe(`import written in batches (${backend})`, { timeout: 240_000 }, () => {
    const t = useApi(backend);
    const get = async (path: string, as?: string) => (await (await t.api.request(path, { as })).json()) as Json;
    const item = async (codigo: string, area = 'FIELD') =>
      ((await get(`/api/v1/eap-os?obra=101&area=${area}&codigo=${encodeURIComponent(codigo)}`)) as Json[])[0];
    const history = async (resource: string, id: number) => (await get(`/api/v1/${resource}/${id}/historico`)) as Json[];

    it('goes in batches for entities whose server rules have one; the others one row at a time, as declared', () => {
      expect(batchCreateBlocker(schemaByName('eapOs')!)).toBeUndefined();
      expect(batchCreateBlocker(schemaByName('rit')!)).toBeUndefined();
      expect(batchCreateBlocker(schemaByName('contrato')!)).toBe('regra beforeChange sem versão em lote');
      expect(batchCreateBlocker(schemaByName('ticketInteracao')!)).toBe('regra beforeValidate');
      expect(batchCreateBlocker(schemaByName('documento')!)).toBe('permissões do registro pai');
    });

    it("keeps each row's outcome: the API's messages, a parent from the same batch, one history entry per record, the search index; the same file again changes nothing", async () => {
      const file = await xlsx(EAP, [
        ['Campo', '101', '77', 'Raiz importada em lote', day(1, 3), day(30, 6), ''],
        ['Campo', '101', '77.1', 'Subitem do lote', day(2, 3), day(31, 3), '77'],
        ['Campo', '101', '77.2', 'Subitem fora das datas', day(1, 1), day(31, 3), '77'],
        ['Campo', '101', '78.1', 'Código fora do pai', day(2, 3), day(31, 3), '77'],
        ['Campo', '101', '2', 'Serviços de campo — elétrica', '', '', ''], // the demo's item, as stored
      ]);
      const before = await countOf(t.api, 'eap-os');
      const d = await dryRun(t.api, 'eap-os', file, 'eap-lote.xlsx');
      const rows = await rowsOf(t.api, d.id, 'simulacao');
      expect(
        rows.map((r) => [r.linha, r.acao]),
        JSON.stringify(rows),
      ).toEqual([
        [2, 'criar'],
        [3, 'criar'],
        [4, 'erro'],
        [5, 'erro'],
        [6, 'igual'],
      ]);
      expect(rows[2].erros).toEqual({ inicioPrevisto: ['Fora das datas do item pai 77 (de 01/03/2026 até 30/06/2026).'] });
      expect(rows[3].erros).toEqual({ codigo: ['O código de um subitem começa pelo código do item pai seguido de ponto (ex.: 77.1).'] });
      expect(await countOf(t.api, 'eap-os')).toBe(before);

      const done = await importNow(t.api, d.id, 'validas');
      expect(done).toMatchObject({ situacao: 'concluida', criadas: 2, iguais: 1, ignoradas: 2, erros: 0 });
      expect(await countOf(t.api, 'eap-os')).toBe(before + 2);
      const root = await item('77');
      const child = await item('77.1');
      expect(child).toMatchObject({ pai: root.id, descricao: 'Subitem do lote', inicioPrevisto: '2026-03-02', version: 1 });

      // The same messages as the API gives for the same record written on its own.
      const alone = await t.api.request('/api/v1/eap-os', {
        method: 'POST',
        json: { area: 'FIELD', obra: '101', codigo: '77.2', descricao: 'Subitem fora das datas', inicioPrevisto: '2026-01-01', pai: root.id },
      });
      expect(alone.status).toBe(400);
      expect(((await alone.json()) as Json).errors.inicioPrevisto).toEqual(rows[2].erros.inicioPrevisto);

      // One history entry per record, with its file and row, as the one-row path writes it.
      for (const [rec, linha] of [
        [root, 2],
        [child, 3],
      ] as const) {
        const h = await history('eap-os', rec.id);
        expect(h).toHaveLength(1);
        expect(h[0]).toMatchObject({ action: 'create', user: 'admin@portal.local', comment: `Importado de eap-lote.xlsx, linha ${linha}.` });
        expect(h[0].changes.descricao).toEqual({ de: null, para: rec.descricao });
      }
      // The history entries feed the search index, in the import's transaction.
      const found = await get(`/api/v1/busca?q=${encodeURIComponent('Raiz importada em lote')}`);
      expect(found.resultados.map((r: Json) => [r.recurso, r.id])).toContainEqual(['eap-os', root.id]);

      const again = await dryRun(t.api, 'eap-os', file, 'eap-lote.xlsx');
      expect(again).toMatchObject({ criadas: 0, atualizadas: 0, iguais: 3, erros: 2 });
      const nothing = await t.api.request(`/api/v1/importacoes/${again.id}/importar`, { method: 'POST', json: { modo: 'validas' } });
      expect(nothing.status).toBe(400);
      expect(((await nothing.json()) as Json).message).toBe('Nenhuma linha válida para importar: a simulação não encontrou o que criar nem alterar.');
      expect(await countOf(t.api, 'eap-os')).toBe(before + 2);
      expect((await item('77.1')).version).toBe(1);
      expect(await history('eap-os', root.id)).toHaveLength(1);
    });

    it("refuses on its own row what the person may not write; the batch's other rows are written", async () => {
      t.api.addUser({ email: FIELD_TECH, roles: ['field'], obra: ['101'] });
      const file = await xlsx(EAP, [
        ['Campo', '101', '79', 'Item de campo do técnico', '', '', ''],
        ['Automação', '101', '79', 'Item de automação do técnico', '', '', ''],
        ['Campo', '101', '79.1', 'Outro item de campo do técnico', '', '', ''],
      ]);
      const d = await dryRun(t.api, 'eap-os', file, 'eap-tecnico.xlsx', { as: FIELD_TECH });
      const rows = await rowsOf(t.api, d.id, 'simulacao', FIELD_TECH);
      expect(
        rows.map((r) => r.acao),
        JSON.stringify(rows),
      ).toEqual(['criar', 'erro', 'criar']);
      const alone = await t.api.request('/api/v1/eap-os', {
        method: 'POST',
        json: { area: 'AUTOMACAO', obra: '101', codigo: '79', descricao: 'Item de automação do técnico' },
        as: FIELD_TECH,
      });
      expect(alone.status).toBe(403);
      expect(rows[1].mensagem).toBe(((await alone.json()) as Json).message);
      expect(rows[1].mensagem).toBe('Você não tem permissão para criar este item da EAP.');
      expect(await importNow(t.api, d.id, 'validas', FIELD_TECH)).toMatchObject({ criadas: 2, ignoradas: 1 });
      expect((await item('79.1')).created_by).toBe(FIELD_TECH);
      expect(await item('79', 'AUTOMACAO')).toBeUndefined();
    });

    it('numbers the server owns are given by the server in the file order, after the stored ones; new records start in the initial state', async () => {
      const numbers = async (obra: string) =>
        ((await get(`/api/v1/rits?obra=${obra}&_start=0&_end=500`)) as Json[]).map((r) => Number(/-(\d+)$/.exec(String(r.numero))?.[1] ?? 0));
      const next101 = Math.max(0, ...(await numbers('101'))) + 1;
      const next102 = Math.max(0, ...(await numbers('102'))) + 1;
      const file = await xlsx(
        ['Nº do RIT', 'Obra', 'Data da inspeção', 'Título'],
        [
          ['', '101', day(5, 3), 'Inspeção em lote A'],
          ['', '101', day(6, 3), 'Inspeção em lote B'],
          ['', '102', day(7, 3), 'Inspeção em lote C'],
          ['RIT-101-999', '101', day(8, 3), 'Inspeção com número inventado'],
        ],
      );
      const d = await dryRun(t.api, 'rits', file, 'rits.xlsx');
      const rows = await rowsOf(t.api, d.id, 'simulacao');
      expect(rows.map((r) => r.acao)).toEqual(['criar', 'criar', 'criar', 'erro']);
      expect(rows[3].erros.numero).toEqual(['Nº do RIT RIT-101-999 não existe: deixe em branco para o portal numerar um novo registro.']);
      expect(await importNow(t.api, d.id, 'validas')).toMatchObject({ criadas: 3, ignoradas: 1 });
      const pad = (n: number) => String(n).padStart(3, '0');
      const byTitle = async (titulo: string) => ((await get(`/api/v1/rits?titulo=${encodeURIComponent(titulo)}`)) as Json[])[0];
      expect(await byTitle('Inspeção em lote A')).toMatchObject({ numero: `RIT-101-${pad(next101)}`, status: 'Rascunho' });
      expect(await byTitle('Inspeção em lote B')).toMatchObject({ numero: `RIT-101-${pad(next101 + 1)}`, status: 'Rascunho' });
      expect(await byTitle('Inspeção em lote C')).toMatchObject({ numero: `RIT-102-${pad(next102)}` });
      // The site's counter goes on from the batch's last number.
      const one = await t.api.request('/api/v1/rits', { method: 'POST', json: { obra: '101', data: '2026-03-09', titulo: 'Inspeção pelo formulário' } });
      expect(one.status, await one.clone().text()).toBe(201);
      expect(((await one.json()) as Json).numero).toBe(`RIT-101-${pad(next101 + 2)}`);
      // Rows without a key find what the same rows of the same file created.
      const again = await dryRun(t.api, 'rits', file, 'rits.xlsx');
      expect(again).toMatchObject({ criadas: 0, iguais: 3, erros: 1 });
    });

    it('a record changed after the dry run is reported, never overwritten; one created meanwhile is not written over', async () => {
      const file = await xlsx(EAP, [
        ['Campo', '101', '77', 'Raiz renomeada em lote', day(1, 3), day(30, 6), ''],
        ['Campo', '101', '77.1', 'Subitem renomeado em lote', day(2, 3), day(31, 3), '77'],
        ['Campo', '101', '77.3', 'Criado depois da simulação', day(2, 3), day(31, 3), '77'],
      ]);
      const d = await dryRun(t.api, 'eap-os', file, 'eap-versoes.xlsx');
      expect((await rowsOf(t.api, d.id, 'simulacao')).map((r) => r.acao)).toEqual(['atualizar', 'atualizar', 'criar']);
      const child = await item('77.1');
      const patched = await t.api.request(`/api/v1/eap-os/${child.id}`, {
        method: 'PATCH',
        json: { version: child.version, descricao: 'Editado por outra pessoa' },
      });
      expect(patched.status).toBe(200);
      const root = await item('77');
      const posted = await t.api.request('/api/v1/eap-os', {
        method: 'POST',
        json: { area: 'FIELD', obra: '101', codigo: '77.3', descricao: 'Criado pelo formulário', pai: root.id },
      });
      expect(posted.status, await posted.clone().text()).toBe(201);
      const done = await importNow(t.api, d.id, 'validas');
      expect(done).toMatchObject({ atualizadas: 1, erros: 2 });
      const rows = await rowsOf(t.api, d.id, 'importacao');
      expect(rows[1]).toMatchObject({ acao: 'erro', registroId: child.id });
      expect(rows[1].mensagem).toBe('Outra pessoa alterou este registro depois da simulação: nada foi sobrescrito. Simule de novo para ver os valores atuais.');
      expect(rows[2].mensagem).toBe('Outra pessoa criou ou excluiu este registro depois da simulação: nada foi gravado nesta linha. Simule de novo.');
      expect((await item('77.1')).descricao).toBe('Editado por outra pessoa');
      expect((await item('77.3')).descricao).toBe('Criado pelo formulário');
      expect((await item('77')).descricao).toBe('Raiz renomeada em lote');
    });

    it('all-or-nothing across batches: a row refused at the import and nothing stays; only the valid rows keeps the others', async () => {
      const n = 2 * BATCH_ROWS + 50;
      const file = await xlsx(
        EAP,
        Array.from({ length: n }, (_, i) => ['Campo', '101', `81.${i + 1}`, `Item em massa ${i + 1}`, '', '', '']),
      );
      const before = await countOf(t.api, 'eap-os');
      const d = await dryRun(t.api, 'eap-os', file, 'eap-massa.xlsx');
      expect(d).toMatchObject({ situacao: 'simulada', total: n, criadas: n, erros: 0 });
      // Someone writes the item of the last batch's row between the dry run and the import.
      const late = await t.api.request('/api/v1/eap-os', {
        method: 'POST',
        json: { area: 'FIELD', obra: '101', codigo: `81.${n - 10}`, descricao: `Item em massa ${n - 10}` },
      });
      expect(late.status).toBe(201);
      const failed = await importNow(t.api, d.id, 'tudo');
      expect(failed).toMatchObject({ situacao: 'falhou', processadas: n, criadas: 0, erros: 1, ignoradas: n - 1 });
      expect(await countOf(t.api, 'eap-os')).toBe(before + 1);
      const again = await dryRun(t.api, 'eap-os', file, 'eap-massa.xlsx');
      expect(again).toMatchObject({ criadas: n - 1, iguais: 1, erros: 0 });
      expect(await importNow(t.api, again.id, 'validas')).toMatchObject({ situacao: 'concluida', criadas: n - 1, iguais: 1 });
      expect(await countOf(t.api, 'eap-os')).toBe(before + n);
      const last = await item(`81.${n}`);
      expect((await history('eap-os', last.id))[0].comment).toBe(`Importado de eap-massa.xlsx, linha ${n + 1}.`);
    });
  });
}
