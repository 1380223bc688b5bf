/**
 * The maintenance switch (issue 40), on both databases: administrators put a screen, a module or the whole
 * portal in maintenance with a message and an expected end (an end in the past is refused in pt-BR,
 * nothing changed); that module's writes answer 503 with `Retry-After` and the message, reads go on,
 * administrators pass; every change is in the audit trail. Across processes: a change written by
 * another process (another connection pool on PostgreSQL; by hand in SQL) reaches this one through
 * the database's cache notice at once, although its copy would be trusted for a minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useApi, ENGINE_BACKENDS } from './backends';
import { client } from './workflow-helpers';
import { dryRun, importNow, rowsOf, xlsx } from './import-helpers';
import { connect, type Database } from '../../src/server/db/connect';
import { startEventListener, type EventListener } from '../../src/server/events/listener';
import { setCrossProcessNotices, tableWritten } from '../../src/server/crud/write-events';
import { MAINTENANCE_SCOPES, maintenanceScreens } from '../../resources/maintenance';
import { auditModuleLabel, auditSummary } from '../../resources/audit';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe.each(ENGINE_BACKENDS)('maintenance switch (%s)', (backend) => {
  const t = useApi(backend);
  const base = client(t);
  const put = async (path: string, json: unknown, as: string) => {
    const res = await t.api.request(path, { method: 'PUT', as, json });
    return { status: res.status, body: await res.json() };
  };
  const c = { ...base, put };
  let day = 0;
  const newReport = (as: string) => c.post('/api/v1/diarios', { obra: '101', data: `2031-04-${String(++day).padStart(2, '0')}` }, as);
  const active = async () => (await t.api.request('/api/v1/manutencao', { as: null })).json();
  const countReports = async () => Number((await sql<{ n: string }>`select count(*) as n from diario`.execute(t.api.db)).rows[0].n);

  it('says what is in maintenance without a session, and every scope that can be', async () => {
    const r = await t.api.request('/api/v1/manutencao', { as: null });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ ativas: [], escopos: MAINTENANCE_SCOPES, telas: maintenanceScreens() });
  });

  it('refuses a non-administrator, an unknown module, an end in the past and an empty message, changing nothing', async () => {
    const body = { mensagem: 'Atualização do módulo.', fimPrevisto: inHours(2) };
    const sm = await c.put('/api/v1/manutencao/rdo', body, SM);
    expect(sm.status).toBe(403);
    expect(sm.body.message).toBe('Só os administradores colocam o portal em manutenção.');
    expect((await c.put('/api/v1/manutencao/nada', body, ADMIN)).status).toBe(404);

    const past = await c.put('/api/v1/manutencao/rdo', { mensagem: 'Atualização.', fimPrevisto: '2020-01-10T10:00:00-03:00' }, ADMIN);
    expect(past.status).toBe(400);
    expect(past.body.errors.fimPrevisto[0]).toMatch(/^A previsão de término \(10\/01\/2020 10:00\) já passou: informe uma data e hora futuras\.$/);
    const empty = await c.put('/api/v1/manutencao/rdo', { mensagem: '  ', fimPrevisto: 'amanhã', outro: 1 }, ADMIN);
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['fimPrevisto', 'mensagem', 'outro']);
    expect(empty.body.errors.mensagem).toEqual(['Informe a mensagem que as pessoas verão durante a manutenção.']);
    expect((await active()).ativas).toEqual([]);
    expect((await sql`select 1 from auditoria where recurso = 'manutencao'`.execute(t.api.db)).rows).toHaveLength(0);
    expect((await c.del('/api/v1/manutencao/rdo', ADMIN)).status).toBe(404);
  });

  it('a module in maintenance: its writes get 503 with Retry-After and the message, reads go on, administrators pass, other modules work', async () => {
    const fim = inHours(2);
    const put = await c.put('/api/v1/manutencao/rdo', { mensagem: 'Migração das fotos dos diários.', fimPrevisto: fim }, ADMIN);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      escopo: 'rdo',
      rotulo: 'Diários de obra',
      mensagem: 'Migração das fotos dos diários.',
      fimPrevisto: new Date(fim).toISOString(),
    });
    expect((await active()).ativas).toEqual([put.body]);

    const before = await countReports();
    const refused = await newReport(SM);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      statusCode: 503,
      codigo: 'manutencao',
      escopo: 'rdo',
      mensagem: 'Migração das fotos dos diários.',
      fimPrevisto: new Date(fim).toISOString(),
    });
    expect(refused.body.message).toMatch(
      /^Diários de obra em manutenção \(previsão de término: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)\. Migração das fotos dos diários\.$/,
    );
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(2 * 3600 - 120);
    expect(retry).toBeLessThanOrEqual(2 * 3600);
    expect(await countReports()).toBe(before);

    expect((await c.get('/api/v1/diarios?obra=101&_end=1', SM)).status).toBe(200);
    expect((await newReport(ADMIN)).status).toBe(201);
    expect((await c.post('/api/v1/posvendas', {}, SM)).status).not.toBe(503);
  });

  it('the whole portal: every write after sign-in, administrators excepted; ending it opens them again', async () => {
    const put = await c.put('/api/v1/manutencao/portal', { mensagem: 'Atualização do servidor.', fimPrevisto: inHours(1) }, ADMIN);
    expect(put.status).toBe(200);
    const other = await c.post('/api/v1/posvendas', {}, SM);
    expect(other.status).toBe(503);
    expect(other.body.message).toMatch(/^O portal está em manutenção \(previsão de término: .*\)\. Atualização do servidor\.$/);
    // Its own module's message first.
    expect((await newReport(SM)).body.escopo).toBe('rdo');
    expect((await c.get('/api/v1/me', SM)).status).toBe(200);

    expect((await c.del('/api/v1/manutencao/portal', ADMIN)).status).toBe(200);
    expect((await c.post('/api/v1/posvendas', {}, SM)).status).not.toBe(503);
    expect((await newReport(SM)).status).toBe(503);
    expect((await c.del('/api/v1/manutencao/rdo', ADMIN)).body).toEqual({ escopo: 'rdo', mensagem: 'Manutenção encerrada.' });
    expect((await newReport(SM)).status).toBe(201);
    expect((await active()).ativas).toEqual([]);
  });

  it("one screen in maintenance: its entity's writes get 503, the module's other screens and the reads go on, administrators pass", async () => {
    const POSV = 'posvendas@portal.local'; // the post-sales desk
    const { telas } = await active();
    expect(telas).toContainEqual({ escopo: 'tela:posvendas', rotulo: 'Tickets de pós-venda', modulo: 'posvenda' });
    expect(telas).toContainEqual({ escopo: 'tela:custos-posvenda', rotulo: expect.any(String), modulo: 'posvenda' });
    const unknown = await c.put('/api/v1/manutencao/tela:nao-existe', { mensagem: 'x', fimPrevisto: inHours(1) }, ADMIN);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^Escopo desconhecido: "tela:nao-existe"/);

    const put = await c.put('/api/v1/manutencao/tela:posvendas', { mensagem: 'Ajuste no formulário de chamados.', fimPrevisto: inHours(1) }, ADMIN);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ escopo: 'tela:posvendas', rotulo: 'Tickets de pós-venda' });
    const refused = await c.post('/api/v1/posvendas', {}, POSV);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ codigo: 'manutencao', escopo: 'tela:posvendas' });
    expect(refused.body.message).toMatch(/^Tickets de pós-venda em manutenção \(previsão de término: .*\)\. Ajuste no formulário de chamados\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await c.post('/api/v1/custos-posvenda', {}, POSV)).status).not.toBe(503); // same module, another screen
    expect((await newReport(SM)).status).toBe(201);
    expect((await c.get('/api/v1/posvendas?_end=1', POSV)).status).toBe(200);
    expect((await c.post('/api/v1/posvendas', {}, ADMIN)).status).not.toBe(503);
    // The module's maintenance still closes the screen, and the screen's own message comes first.
    expect((await c.put('/api/v1/manutencao/posvenda', { mensagem: 'Módulo inteiro.', fimPrevisto: inHours(1) }, ADMIN)).status).toBe(200);
    expect((await c.post('/api/v1/custos-posvenda', {}, POSV)).body.escopo).toBe('posvenda');
    expect((await c.post('/api/v1/posvendas', {}, POSV)).body.escopo).toBe('tela:posvendas');
    expect((await active()).ativas.map((a: { escopo: string }) => a.escopo)).toEqual(['posvenda', 'tela:posvendas']);
    expect((await c.del('/api/v1/manutencao/posvenda', ADMIN)).status).toBe(200);
    expect((await c.del('/api/v1/manutencao/tela:posvendas', ADMIN)).status).toBe(200);
    expect((await c.post('/api/v1/posvendas', {}, POSV)).status).not.toBe(503);
  });

  it("a module's records are closed whatever way the write takes: a spreadsheet import (the engine's write gate)", async () => {
    const file = await xlsx(['Data', 'Obra', 'Site manager'], [[new Date(Date.UTC(2031, 5, 3)), '101', SM]]);
    const upload = await dryRun(t.api, 'diarios', file, 'rdos.xlsx', { as: SM });
    expect(upload).toMatchObject({ criadas: 1, erros: 0 });

    expect((await c.put('/api/v1/manutencao/rdo', { mensagem: 'Migração das fotos dos diários.', fimPrevisto: inHours(1) }, ADMIN)).status).toBe(200);
    const before = await countReports();
    const imported = await importNow(t.api, upload.id, 'tudo', SM);
    expect(imported).toMatchObject({ criadas: 0 });
    const [line] = await rowsOf(t.api, upload.id, 'importacao', SM);
    expect(line.mensagem).toMatch(/^Diários de obra em manutenção .*Migração das fotos dos diários\.$/);
    expect(await countReports()).toBe(before);
    expect((await c.del('/api/v1/manutencao/rdo', ADMIN)).status).toBe(200);
  });

  it('every start, change and end is in the audit trail', async () => {
    await c.put('/api/v1/manutencao/sgi', { mensagem: 'Primeira.', fimPrevisto: inHours(3) }, ADMIN);
    await c.put('/api/v1/manutencao/sgi', { mensagem: 'Segunda.', fimPrevisto: inHours(3) }, ADMIN);
    await c.del('/api/v1/manutencao/sgi', ADMIN);
    const trail = await c.get('/api/v1/auditoria?modulo=manutencao', ADMIN);
    expect(trail.status).toBe(200);
    const entries = trail.body as { tipo: string; pessoa: string; detalhes: { alteracoes: Record<string, unknown> } }[];
    const sgi = entries.filter((e) => e.detalhes.alteracoes.escopo === 'sgi');
    expect(sgi.map((e) => e.tipo)).toEqual(['exclusao', 'alteracao', 'criacao']);
    expect(sgi.every((e) => e.pessoa === ADMIN)).toBe(true);
    expect(sgi[1].detalhes.alteracoes.mensagem).toEqual({ de: 'Primeira.', para: 'Segunda.' });
    // Read as people read the trail: module "Manutenção", what happened in words.
    const words = sgi.map((e) => auditSummary({ tipo: e.tipo, modulo: 'manutencao', motivo: null, detalhes: e.detalhes }));
    expect(auditModuleLabel('manutencao')).toBe('Manutenção');
    expect(words[0]).toBe('Fim da manutenção: SGI');
    expect(words[1]).toMatch(/^Manutenção alterada: SGI · até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · “Segunda\.”$/);
    expect(words[2]).toMatch(/^Início da manutenção: SGI · até .* · “Primeira\.”$/);
    // rdo and portal of the tests above: started and ended.
    expect(entries.filter((e) => e.detalhes.alteracoes.escopo === 'portal').map((e) => e.tipo)).toEqual(['exclusao', 'criacao']);
  });

  describe('across processes', () => {
    let other: Database | undefined;
    let listener: EventListener;
    const heard: string[] = [];

    beforeAll(async () => {
      // PostgreSQL: a second pool on the same database, as another server process; PGlite: the same instance.
      other = t.api.databaseUrl ? await connect({ databaseUrl: t.api.databaseUrl, poolSize: 2 }) : undefined;
      listener = startEventListener(t.api.listenVia, () => undefined, {
        log: () => undefined,
        onCacheNotice: (table) => {
          heard.push(table);
          tableWritten(table);
        },
      });
      await listener.ready;
      // This process trusts its copy for a minute now: only the notice can tell it in time.
      setCrossProcessNotices(true);
    });
    afterAll(async () => {
      setCrossProcessNotices(false);
      await listener?.stop();
      await other?.close();
    });

    it("another process's switch reaches this one's writes at once, and so does its end", async () => {
      const db = other?.db ?? t.api.db;
      expect((await newReport(SM)).status).toBe(201); // this process's copy: nothing in maintenance
      await sql`insert into manutencao (escopo, mensagem, fim_previsto, por) values ('rdo', 'Ajuste feito por outro processo.', ${inHours(1)}, ${ADMIN})`.execute(
        db,
      );
      const t0 = performance.now();
      let status = 0;
      while (performance.now() - t0 < 3000 && (status = (await newReport(SM)).status) !== 503) await new Promise((r) => setTimeout(r, 50));
      expect(status).toBe(503);
      expect(performance.now() - t0).toBeLessThan(3000);
      expect(heard).toContain('manutencao');

      await sql`delete from manutencao where escopo = 'rdo'`.execute(db);
      const t1 = performance.now();
      while (performance.now() - t1 < 3000 && (status = (await newReport(SM)).status) === 503) await new Promise((r) => setTimeout(r, 50));
      expect(status).toBe(201);
    });
  });
});
