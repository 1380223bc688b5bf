/**
 * The works schedule from MS Project (issue 38): an MSPDI file (`.xml`) of a real-shaped schedule,
 * generated here, goes into a site's EAP through the spreadsheet import's own path, on each
 * database: the dry run writes nothing and shows each task as an EAP row (code, name, parent,
 * planned dates, weight), the import creates the tree with its history; a revised schedule (a delay
 * that moves whole phases) updates by code and reports the changed dates, duplicating nothing; the
 * same file again changes nothing. A person without the right to that site's EAP is refused, and
 * bad files (entity bomb, DOCTYPE, random bytes, empty, too large) get a pt-BR 400 with nothing kept.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS, useApi } from './backends';
import { dryRun as sheetDryRun, importNow, multipart, rowsOf, finished, xlsx, type Json } from './import-helpers';
import { mspdiXml, scheduleTasks } from './mspdi-fixture';

const ADMIN = 'admin@portal.local';
const OBRA = '105';
const EAP = `/api/v1/eap-os?obra=${OBRA}&area=FIELD&_start=0&_end=500`;

const CHANGED = { delayFrom: 'Pilares do térreo', delayDays: 14, rename: { Telhamento: 'Telhamento com telha cerâmica' } };

for (const backend of ENGINE_BACKENDS) {
  describe(`MS Project schedule import (${backend})`, () => {
    const t = useApi(backend);
    const runs = async () => Number((await sql<{ n: string }>`select count(*) as n from importacao`.execute(t.api.db)).rows[0].n);
    const eap = async () => (await (await t.api.request(EAP, { as: ADMIN })).json()) as Json[];

    const send = (bytes: Buffer, name: string, query = `obra=${OBRA}&area=FIELD`, as = ADMIN) => {
      const { body, type } = multipart(bytes, name);
      return t.api.request(`/api/v1/importacoes?recurso=eap-os&${query}`, {
        method: 'POST',
        body: new Uint8Array(body),
        headers: { 'content-type': type },
        as,
      });
    };
    const dryRun = async (xml: string, name: string): Promise<Json> => {
      const up = await send(Buffer.from(xml), name);
      expect(up.status, await up.clone().text()).toBe(201);
      const created = (await up.json()) as Json;
      expect(created.formato).toBe('mspdi');
      const mapeamento = Object.fromEntries(created.colunas.map((c: Json) => [c.coluna, c.campo]));
      const r = await t.api.request(`/api/v1/importacoes/${created.id}/simular`, { method: 'POST', json: { mapeamento }, as: ADMIN });
      expect(r.status, await r.clone().text()).toBe(202);
      return finished(t.api, created.id);
    };

    it('reads every task as an EAP row, dry-runs without writing, imports the tree with its weights and history', async () => {
      const tasks = scheduleTasks();
      expect(tasks.length).toBeGreaterThanOrEqual(40);
      const up = await send(Buffer.from(mspdiXml(tasks)), 'cronograma.xml');
      expect(up.status, await up.clone().text()).toBe(201);
      const created = (await up.json()) as Json;
      // The columns are the EAP's labels: the automatic mapping takes them all.
      expect(created.colunas.map((c: Json) => [c.coluna, c.campo])).toEqual([
        ['Código', 'codigo'],
        ['Descrição', 'descricao'],
        ['Item pai', 'pai'],
        ['Obra', 'obra'],
        ['Área', 'area'],
        ['Início previsto', 'inicioPrevisto'],
        ['Término previsto', 'terminoPrevisto'],
        ['Peso (%)', 'peso'],
      ]);
      expect(created.total).toBe(tasks.length);
      expect(created.leitura).toMatchObject({ projeto: 'Residencial Jardim das Flores', obra: OBRA, area: 'FIELD' });

      const d = await dryRun(mspdiXml(tasks), 'cronograma.xml');
      expect(d, JSON.stringify(await rowsOf(t.api, d.id, 'simulacao'))).toMatchObject({ situacao: 'simulada', criadas: tasks.length, erros: 0 });
      expect(await eap()).toEqual([]);
      // The result file: the tasks as rows of the EAP, each with what it will do.
      const result = await t.api.request(`/api/v1/importacoes/${d.id}/resultado`, { as: ADMIN });
      expect(result.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await result.arrayBuffer()) as never);
      const ws = wb.worksheets[0];
      expect(ws.getRow(1).getCell(9).value).toBe('Resultado');
      expect([ws.getRow(2).getCell(1).value, ws.getRow(2).getCell(2).value, ws.getRow(2).getCell(9).value]).toEqual([
        '1',
        'Serviços preliminares',
        'Será criado.',
      ]);
      expect(ws.rowCount).toBe(tasks.length + 1);
      const done = await importNow(t.api, d.id);
      expect(done).toMatchObject({ situacao: 'concluida', criadas: tasks.length, erros: 0 });

      const items = await eap();
      expect(items).toHaveLength(tasks.length);
      const byCode = new Map(items.map((i) => [String(i.codigo), i]));
      for (const task of tasks) {
        const item = byCode.get(task.outline)!;
        expect(item, task.outline).toMatchObject({ descricao: task.name, inicioPrevisto: task.start, terminoPrevisto: task.finish, area: 'FIELD' });
        const parent = task.outline.includes('.') ? byCode.get(task.outline.slice(0, task.outline.lastIndexOf('.')))!.id : null;
        expect(item.pai ?? null, task.outline).toBe(parent);
      }
      // Weights: each level's siblings share 100 % by work; the milestone weighs nothing.
      const siblings = new Map<string, number>();
      for (const i of items) {
        const parent = String(i.pai ?? 'raiz');
        siblings.set(parent, Math.round(((siblings.get(parent) ?? 0) + Number(i.peso)) * 100) / 100);
      }
      expect([...new Set(siblings.values())]).toEqual([100]);
      const milestone = tasks.find((x) => x.milestone)!;
      expect(Number(byCode.get(milestone.outline)!.peso)).toBe(0);
      const piles = byCode.get('2.1.1')!; // 10 days × 5 people against 3 days × 3 people
      expect(Number(piles.peso)).toBeCloseTo((400 / (400 + 72)) * 100, 1);

      // The history names the file and the task's row (its ID in MS Project).
      const history = (await (await t.api.request(`/api/v1/eap-os/${piles.id}/historico`, { as: ADMIN })).json()) as Json[];
      const id = tasks.find((x) => x.outline === '2.1.1')!.id;
      expect(history.some((h) => h.comment === `Importado de cronograma.xml, linha ${id}.`)).toBe(true);
    });

    it('a revised schedule updates by code and reports the changed dates; the same file again changes nothing', async () => {
      const before = await eap();
      const tasks = scheduleTasks(CHANGED);
      const old = new Map(scheduleTasks().map((x) => [x.outline, x]));
      const moved = tasks.filter((x) => x.start !== old.get(x.outline)!.start || x.finish !== old.get(x.outline)!.finish);
      expect(moved.length).toBeGreaterThan(15); // phases 3 to 7 move as a whole, the project's end with them

      const d = await dryRun(mspdiXml(tasks), 'cronograma-rev1.xml');
      const rows = await rowsOf(t.api, d.id, 'simulacao');
      expect(d, JSON.stringify(rows.filter((r) => r.acao === 'erro'))).toMatchObject({ situacao: 'simulada', criadas: 0, erros: 0 });
      const byLine = new Map(rows.map((r) => [r.linha, r]));
      for (const task of moved) {
        const r = byLine.get(task.id)!;
        expect(r.acao, task.outline).toBe('atualizar');
        const was = old.get(task.outline)!;
        if (was.start !== task.start) expect(r.alteracoes.inicioPrevisto, task.outline).toEqual({ de: was.start, para: task.start });
        if (was.finish !== task.finish) expect(r.alteracoes.terminoPrevisto, task.outline).toEqual({ de: was.finish, para: task.finish });
      }
      const roofing = tasks.find((x) => x.name === 'Telhamento com telha cerâmica')!;
      expect(byLine.get(roofing.id)!.alteracoes.descricao).toEqual({ de: 'Telhamento', para: 'Telhamento com telha cerâmica' });
      // The first phases did not move.
      expect(byLine.get(1)!.acao).toBe('igual');
      expect((await eap()).map((i) => [i.codigo, i.version])).toEqual(before.map((i) => [i.codigo, i.version]));

      const done = await importNow(t.api, d.id);
      expect(done).toMatchObject({ situacao: 'concluida', criadas: 0, erros: 0 });
      expect(done.atualizadas).toBeGreaterThanOrEqual(moved.length);
      const after = await eap();
      expect(after).toHaveLength(before.length);
      expect(after.map((i) => i.id).sort()).toEqual(before.map((i) => i.id).sort());
      const byCode = new Map(after.map((i) => [String(i.codigo), i]));
      for (const task of tasks) expect(byCode.get(task.outline), task.outline).toMatchObject({ inicioPrevisto: task.start, terminoPrevisto: task.finish });

      const again = await dryRun(mspdiXml(tasks), 'cronograma-rev1-copia.xml');
      expect(again).toMatchObject({ situacao: 'simulada', criadas: 0, atualizadas: 0, erros: 0, iguais: tasks.length });
      const second = await importNow(t.api, again.id);
      expect(second).toMatchObject({ situacao: 'concluida', criadas: 0, atualizadas: 0, iguais: tasks.length });
      expect((await eap()).map((i) => [i.codigo, i.version])).toEqual(after.map((i) => [i.codigo, i.version]));
    });

    it('an Excel EAP in levels: the parent given by its code is found in the same site and area', async () => {
      const d = (y: number, m: number, day: number) => new Date(Date.UTC(y, m - 1, day));
      const file = await xlsx(
        ['Código', 'Descrição', 'Item pai', 'Obra', 'Área', 'Início previsto', 'Término previsto', 'Peso (%)'],
        [
          ['1', 'Automação predial', null, OBRA, 'AUTOMACAO', d(2026, 5, 4), d(2026, 6, 30), 100],
          ['1.1', 'Cabeamento', '1', OBRA, 'AUTOMACAO', d(2026, 5, 4), d(2026, 5, 29), 60],
          ['1.1.1', 'Infraestrutura seca', '1.1', OBRA, 'AUTOMACAO', d(2026, 5, 4), d(2026, 5, 15), 50],
          ['1.1.2', 'Lançamento de cabos', '1.1', OBRA, 'AUTOMACAO', d(2026, 5, 18), d(2026, 5, 29), 50],
          ['1.2', 'Comissionamento', '1', OBRA, 'AUTOMACAO', d(2026, 6, 1), d(2026, 6, 30), 40],
          ['1.3', 'Treinamento', '9', OBRA, 'AUTOMACAO', d(2026, 6, 1), d(2026, 6, 30), 0],
        ],
      );
      const run = await sheetDryRun(t.api, 'eap-os', file, 'eap-automacao.xlsx');
      expect(run).toMatchObject({ situacao: 'simulada', criadas: 5, erros: 1 });
      const rows = await rowsOf(t.api, run.id, 'simulacao');
      expect(rows.find((r) => r.linha === 7)!.erros.pai[0]).toMatch(/^O item pai de código "9" não existe/);
      expect(await importNow(t.api, run.id, 'validas')).toMatchObject({ situacao: 'concluida', criadas: 5 });
      const items = (await (await t.api.request(`/api/v1/eap-os?obra=${OBRA}&area=AUTOMACAO&_end=50`, { as: ADMIN })).json()) as Json[];
      const byCode = new Map(items.map((i) => [String(i.codigo), i]));
      expect(byCode.get('1.1.2')!.pai).toBe(byCode.get('1.1')!.id);
      expect(byCode.get('1.2')!.pai).toBe(byCode.get('1')!.id);
      // The FIELD tree of the same site, imported above, has a "1.1" of its own: the parent is this area's.
      expect(byCode.get('1.1')!.pai).toBe(byCode.get('1')!.id);
      expect(byCode.get('1')!.area).toBe('AUTOMACAO');
    });

    it('refuses a person without the right to that EAP, another area or a site they cannot see, keeping nothing', async () => {
      const before = await runs();
      const xml = Buffer.from(mspdiXml(scheduleTasks()));
      // The site manager of 101 and 102 does not define EAPs, here or in their own site.
      for (const obra of [OBRA, '101']) {
        const r = await send(xml, 'cronograma.xml', `obra=${obra}&area=FIELD`, 'sm@portal.local');
        expect(r.status).toBe(403);
      }
      // The field configurator defines the FIELD EAP, not the automation one.
      t.api.addUser({ email: 'eap.field@portal.local', roles: ['field_config'], obra: [OBRA] });
      const other = await send(xml, 'cronograma.xml', `obra=${OBRA}&area=AUTOMACAO`, 'eap.field@portal.local');
      expect(other.status).toBe(403);
      expect(((await other.json()) as Json).message).toBe('Você não tem permissão para importar a EAP desta obra e área.');
      const noSite = await send(xml, 'cronograma.xml', '');
      expect(noSite.status).toBe(400);
      expect(((await noSite.json()) as Json).message).toBe('Escolha a obra do cronograma.');
      const unknown = await send(xml, 'cronograma.xml', 'obra=999999');
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as Json).errors.obra[0]).toMatch(/^Não encontrado em Obras/);
      const notEap = multipart(xml, 'cronograma.xml');
      const contracts = await t.api.request('/api/v1/importacoes?recurso=contratos', {
        method: 'POST',
        body: new Uint8Array(notEap.body),
        headers: { 'content-type': notEap.type },
        as: ADMIN,
      });
      expect(contracts.status).toBe(400);
      expect(((await contracts.json()) as Json).message).toMatch(/só pode ser importado na EAP/);
      expect(await runs()).toBe(before);
    });

    it('refuses entity bombs, DOCTYPEs, random bytes, empty, foreign and oversized files with a pt-BR 400 and nothing kept', async () => {
      const before = await runs();
      const count = (await eap()).length;
      const refused = async (bytes: Buffer, name: string, message: RegExp) => {
        const r = await send(bytes, name);
        const body = (await r.json()) as Json;
        expect(r.status, `${name}: ${JSON.stringify(body)}`).toBe(400);
        expect(body.message, name).toMatch(message);
      };
      const lol =
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>' +
        '<Project xmlns="http://schemas.microsoft.com/project"><Tasks><Task><ID>1</ID><Name>&lol3;</Name><OutlineLevel>1</OutlineLevel></Task></Tasks></Project>';
      await refused(Buffer.from(lol), 'bomba.xml', /DOCTYPE/);
      const external =
        '<?xml version="1.0"?><!DOCTYPE Project SYSTEM "file:///etc/passwd"><Project><Tasks><Task><ID>1</ID><Name>x</Name><OutlineLevel>1</OutlineLevel></Task></Tasks></Project>';
      await refused(Buffer.from(external), 'externo.xml', /DOCTYPE/);
      // An entity never declared is an XML error, not text.
      await refused(
        Buffer.from('<Project><Tasks><Task><ID>1</ID><Name>&xxe;</Name><OutlineLevel>1</OutlineLevel></Task></Tasks></Project>'),
        'entidade.xml',
        /MS Project/,
      );
      await refused(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), 'aleatorio.xml', /não é um cronograma XML do MS Project/);
      await refused(Buffer.alloc(0), 'vazio.xml', /vazio/);
      await refused(Buffer.from('<?xml version="1.0"?><worksheet><row/></worksheet>'), 'planilha.xml', /não é um cronograma XML do MS Project/);
      await refused(Buffer.from('<?xml version="1.0"?><Project><Tasks></Tasks></Project>'), 'sem-tarefas.xml', /não tem tarefas/);
      const xml = mspdiXml(scheduleTasks());
      // Cut anywhere before the end, the file is never read as a schedule.
      for (const at of [1, 40, 200, 0.25, 0.5, 0.75, 0.99]) {
        const cut = at < 1 ? Math.floor(xml.length * at) : at;
        await refused(Buffer.from(xml.slice(0, cut)), `cortado-${cut}.xml`, /não é um cronograma XML do MS Project/);
      }
      await refused(Buffer.from('binário'), 'cronograma.mpp', /Formato XML/);
      await refused(
        Buffer.concat([Buffer.from(xml.slice(0, -11)), Buffer.alloc(21 * 1024 * 1024, ' '), Buffer.from('</Project>')]),
        'grande.xml',
        /passa de 20 MB/,
      );
      expect(await runs()).toBe(before);
      expect((await eap()).length).toBe(count);
    });
  });
}
