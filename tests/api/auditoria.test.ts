/**
 * The audit trail (issue 35): GET /api/v1/auditoria merges the record history and the access
 * events — sign-ins (a session's first request), failed sign-ins with their reason (the local
 * stack's throttle and the app's report), changes of a person's access, record creation, change,
 * transition, deletion and restore, settings changes, exports and file downloads — with who, when,
 * the address and the device; filters by person, module, record, kind and period; exports to
 * .xlsx/.csv; is read by administrators and the controllership only; every error answer carries its
 * request id; the daily purge keeps what the retention setting says.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { createSignInThrottle } from '../../src/server/identity/throttle';
import { signInFailureRecorder } from '../../src/server/audit/sign-in-failures';
import { purgeAuditTrail } from '../../src/server/audit/purge';
import { writeAudit } from '../../src/server/crud/audit';
import { schemaByName } from '../../schemas';
import type { EntitySchema } from '../../schemas/kinds';
import { todayIso } from '../../src/server/time';
import type { AuditEntry } from '../../resources/audit';

const ADMIN = 'admin@portal.local';
const CONTROL = 'controladoria@portal.local';
const SM = 'sm@portal.local';
const CLIENTE = 'cliente@portal.local';
const MKT = 'mkt.auditoria@portal.local';
const UA = 'Mozilla/5.0 (Linux; Android 14) TesteAuditoria/1.0';

/** An entry as the API answers it (the screen's own type). */
type Entry = AuditEntry;

describe.each(ENGINE_BACKENDS)('audit trail (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  /** A request from a known address and device. */
  const from = (path: string, as: string | null, init: RequestInit & { json?: unknown } = {}) =>
    t.api.request(path, { ...init, as, headers: { 'x-forwarded-for': '203.0.113.7', 'user-agent': UA, ...(init.headers ?? {}) } });
  const audit = async (q: string, as = ADMIN) => {
    const r = await t.api.request(`/api/v1/auditoria${q}`, { as });
    expect(r.status, await r.clone().text()).toBe(200);
    return { rows: (await r.json()) as Entry[], total: Number(r.headers.get('x-total-count')) };
  };

  it('records a sign-in once per session, with the address and the device', async () => {
    expect((await from('/api/v1/me', SM)).status).toBe(200);
    expect((await from('/api/v1/me', SM)).status).toBe(200);
    const { rows, total } = await audit(`?tipo=entrada&pessoa=${SM}`);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ tipo: 'entrada', pessoa: SM, nome: expect.any(String), ip: '203.0.113.7', dispositivo: UA });
    expect(rows[0].requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('records failed sign-ins with their reason: the local stack and the app (real Cognito)', async () => {
    const throttle = createSignInThrottle({ maxPerAccount: 1, onFailure: signInFailureRecorder(t.api.db) });
    await throttle.fail('Errado@Portal.local', '198.51.100.9', 'senha_incorreta');
    expect(await throttle.retryAfter('errado@portal.local', '198.51.100.9')).toBeGreaterThan(0); // throttled: reported too
    throttle.refused('inativo@portal.local', '198.51.100.9', 'conta_inativa');
    const report = await from('/api/v1/auditoria/falhas-entrada', null, {
      method: 'POST',
      json: { email: 'Cognito@Portal.local', codigo: 'NotAuthorizedException', mensagem: 'User is disabled.' },
    });
    expect(report.status).toBe(204);
    const bad = await from('/api/v1/auditoria/falhas-entrada', null, { method: 'POST', json: { email: 'x' } });
    expect(bad.status).toBe(400);
    await expect.poll(async () => (await audit('?tipo=falha_entrada')).total).toBe(4);
    const { rows } = await audit('?tipo=falha_entrada');
    const by = (p: string) => rows.filter((r) => r.pessoa === p).map((r) => [r.motivo, r.ip]);
    expect(by('errado@portal.local').sort()).toEqual([
      ['bloqueado', '198.51.100.9'],
      ['senha_incorreta', '198.51.100.9'],
    ]);
    expect(by('inativo@portal.local')).toEqual([['conta_inativa', '198.51.100.9']]);
    const app = rows.find((r) => r.pessoa === 'cognito@portal.local')!;
    expect(app).toMatchObject({ motivo: 'conta_inativa', ip: '203.0.113.7', dispositivo: UA, detalhes: { origem: 'app', codigo: 'NotAuthorizedException' } });
  });

  it('records record creation, change, transition, deletion and restore, with the address', async () => {
    const created = await from('/api/v1/feriados', ADMIN, {
      method: 'POST',
      json: { data: '2031-04-18', nome: 'Feriado da auditoria', abrangencia: 'Empresa' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const f = (await created.json()) as { id: number; version: number };
    const changed = await from(`/api/v1/feriados/${f.id}`, ADMIN, { method: 'PATCH', json: { version: f.version, nome: 'Feriado alterado' } });
    expect(changed.status).toBe(200);
    expect((await from(`/api/v1/feriados/${f.id}`, ADMIN, { method: 'DELETE' })).status).toBeLessThan(300);
    // The trash's restore writes its entry through writeAudit as every write does (src/server/trash).
    await writeAudit(t.api.db, schemaByName('feriado') as EntitySchema, f.id, 'restore', ADMIN, {});
    const { rows } = await audit(`?modulo=feriados&registro=${f.id}`);
    expect(rows.map((r) => r.tipo)).toEqual(['restauracao', 'exclusao', 'alteracao', 'criacao']);
    expect(rows[2]).toMatchObject({
      pessoa: ADMIN,
      ip: '203.0.113.7',
      dispositivo: UA,
      detalhes: { alteracoes: { nome: { de: 'Feriado da auditoria', para: 'Feriado alterado' } } },
    });
    for (const [tipo, n] of [
      ['criacao', 1],
      ['alteracao', 1],
      ['exclusao', 1],
      ['restauracao', 1],
    ] as const) {
      expect((await audit(`?modulo=feriados&registro=${f.id}&tipo=${tipo}`)).total, tipo).toBe(n);
    }

    const diario = await c.post('/api/v1/diarios', { obra: '101', data: '2031-03-03' }, SM);
    expect(diario.status, JSON.stringify(diario.body)).toBe(201);
    expect((await c.step('diarios', diario.body.id, 'enviar', SM)).status).toBe(200);
    const steps = await audit(`?modulo=diarios&registro=${diario.body.id}&tipo=transicao`);
    expect(steps.rows).toHaveLength(1);
    expect(steps.rows[0]).toMatchObject({ pessoa: SM, detalhes: { transicao: { name: 'enviar' } } });
  });

  it('records changes of a person’s roles, sites or companies as access changes, and settings changes', async () => {
    const people = (await c.get('/api/v1/usuarios?_end=1000')).body as { id: number; email: string; version: number; roles: string[] }[];
    const who = people.find((p) => p.email === SM)!;
    const r = await c.patch(`/api/v1/usuarios/${who.id}`, { version: who.version, roles: [...who.roles, 'planejamento'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { rows } = await audit(`?tipo=alteracao_acesso&modulo=usuarios&registro=${who.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pessoa: ADMIN, detalhes: { alteracoes: { roles: { para: expect.arrayContaining(['planejamento']) } } } });
    expect((await audit(`?tipo=alteracao&modulo=usuarios&registro=${who.id}`)).total).toBe(0);

    expect((await c.get('/api/v1/configuracoes')).status).toBe(200);
    const put = await t.api.request('/api/v1/configuracoes', { method: 'PUT', as: ADMIN, json: { auditoriaAnos: 6 } });
    expect(put.status, await put.clone().text()).toBe(200);
    const settings = await audit('?modulo=configuracoes');
    expect(settings.rows[0]).toMatchObject({ tipo: 'alteracao', detalhes: { alteracoes: { auditoriaAnos: { de: 5, para: 6 } } } });
  });

  it('records a list export (the app’s header) and file downloads, not thumbnails', async () => {
    const list = await from('/api/v1/feriados?_start=0&_end=1000&abrangencia=Empresa', ADMIN, { headers: { 'x-portal-exportacao': 'xlsx' } });
    expect(list.status).toBe(200);
    expect((await from('/api/v1/feriados?_start=1000&_end=2000', ADMIN, { headers: { 'x-portal-exportacao': 'xlsx' } })).status).toBe(200);
    expect((await from('/api/v1/feriados?_start=0&_end=10', ADMIN)).status).toBe(200); // a plain list: nothing
    const exports = await audit('?tipo=exportacao&modulo=feriados');
    expect(exports.total).toBe(1);
    expect(exports.rows[0]).toMatchObject({
      pessoa: ADMIN,
      ip: '203.0.113.7',
      detalhes: { formato: 'xlsx', filtros: { abrangencia: 'Empresa' }, total: Number(list.headers.get('x-total-count')) },
    });

    const file = (await sql<{ key: string; nome: string }>`select key, nome from arquivo order by key limit 1`.execute(t.api.db)).rows[0];
    expect(file, 'the demo data has files').toBeTruthy();
    const path = `/api/v1/arquivos/${file.key.split('/').map(encodeURIComponent).join('/')}`;
    const got = await from(path, ADMIN);
    expect(got.status).toBe(200);
    await got.arrayBuffer();
    await (await from(path, ADMIN)).arrayBuffer(); // again within a minute: one download
    await (await from(`${path}/thumb`, ADMIN)).arrayBuffer(); // a thumbnail is not a download
    const downloads = await audit(`?tipo=download&pessoa=${ADMIN}`);
    expect(downloads.total).toBe(1);
    const link = (
      await sql<{
        recurso: string;
        registro_id: string;
      }>`select recurso, registro_id from arquivo_vinculo where key = ${file.key} order by criado_em limit 1`.execute(t.api.db)
    ).rows[0];
    expect(downloads.rows[0]).toMatchObject({
      modulo: link?.recurso ?? null,
      registro: link ? String(link.registro_id) : null,
      detalhes: { arquivo: file.nome },
    });
  });

  it('filters by person, module, record, kind and period, pages with x-total-count, and exports', async () => {
    const all = await audit('?_start=0&_end=5');
    expect(all.rows).toHaveLength(5);
    expect(all.total).toBeGreaterThan(5);
    const next = await audit('?_start=5&_end=10');
    expect(next.rows.map((r) => r.id)).not.toContain(all.rows[0].id);
    const sorted = [...all.rows, ...next.rows].map((r) => r.em);
    expect(sorted).toEqual([...sorted].sort().reverse());
    const today = todayIso();
    expect((await audit(`?de=${today}&ate=${today}&pessoa=${SM}`)).total).toBeGreaterThan(0);
    expect((await audit(`?de=2020-01-01&ate=2020-12-31`)).total).toBe(0);
    expect((await audit(`?pessoa=${SM.toUpperCase()}`)).rows.every((r) => r.pessoa === SM)).toBe(true);
    expect((await audit('?tipo=entrada,download')).rows.every((r) => r.tipo === 'entrada' || r.tipo === 'download')).toBe(true);

    const wrong = await t.api.request('/api/v1/auditoria?tipo=nada&de=2026-02-31', { as: ADMIN });
    expect(wrong.status).toBe(400);
    const body = await wrong.json();
    expect(Object.keys(body.errors).sort()).toEqual(['de', 'tipo']);

    const xlsx = await t.api.request(`/api/v1/auditoria?formato=xlsx&pessoa=${SM}`, { as: ADMIN });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toMatch(/auditoria-\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    const ws = wb.getWorksheet('Auditoria')!;
    expect(ws.getRow(1).values).toEqual(expect.arrayContaining(['Data e hora', 'Tipo', 'Pessoa', 'E-mail', 'Módulo', 'Detalhes', 'IP', 'Dispositivo']));
    const kinds = new Set<string>();
    ws.eachRow((row, n) => n > 1 && kinds.add(String(row.getCell(2).value)));
    expect(kinds).toContain('Entrada no portal');
    expect(kinds).toContain('Transição');
    const csv = await t.api.request(`/api/v1/auditoria?formato=csv&tipo=falha_entrada`, { as: ADMIN });
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM: Excel reads the accents
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('Data e hora;Tipo;Pessoa;')).toBe(true);
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};Falha de entrada;/);
    expect(text).toContain('Conta desativada (informado pelo aplicativo)');
    // The export is itself an entry.
    expect((await audit('?tipo=exportacao&modulo=auditoria')).total).toBe(2);
  });

  it('is read by administrators and the controllership only; the ethics channel stays out for the controllership', async () => {
    t.api.addUser({ email: MKT, name: 'Marcos Marketing', roles: ['mkt_read'], tipo: 'colaborador' });
    expect((await t.api.request('/api/v1/auditoria', { as: CONTROL })).status).toBe(200);
    for (const who of [MKT, SM, CLIENTE]) {
      const r = await t.api.request('/api/v1/auditoria', { as: who });
      expect(r.status, who).toBe(403);
      expect((await r.json()).message).toBe('A auditoria é só para os administradores e a controladoria.');
      expect((await t.api.request('/api/v1/auditoria?formato=csv', { as: who })).status, who).toBe(403);
    }
    expect((await t.api.request('/api/v1/auditoria', { as: null })).status).toBe(401);
    const report = await c.post(
      '/api/v1/relatos-etica',
      { anonimo: true, categoria: 'Fraude', assunto: 'Relato para a auditoria', descricao: 'Um relato anônimo que a auditoria não mostra.' },
      SM,
    );
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    expect((await audit('?modulo=relatos-etica', CONTROL)).total).toBe(0);
    expect((await audit('?modulo=relatos-etica', ADMIN)).total).toBe(0); // anonymous reporters: never through the trail
    expect((await audit('?modulo=feriados', CONTROL)).total).toBeGreaterThan(0);
  });

  it('puts the request id on every answer and in every error body; a valid incoming one is reused', async () => {
    const ok = await t.api.request('/api/v1/me', { as: ADMIN });
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await t.api.request('/api/v1/feriados/999999', { as: ADMIN, headers: { 'x-request-id': 'suporte-1234.abc' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('suporte-1234.abc');
    expect(await missing.json()).toMatchObject({ statusCode: 404, requestId: 'suporte-1234.abc' });
    const forged = await t.api.request('/api/v1/nada', { as: ADMIN, headers: { 'x-request-id': 'bad id"with quotes' } });
    const id = forged.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await forged.json()).requestId).toBe(id);
    const anonymous = await t.api.request('/api/v1/feriados', { as: null });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).requestId).toBe(anonymous.headers.get('x-request-id'));
  });

  it('purges what is past the retention setting, daily', async () => {
    await sql`insert into auditoria (recurso, registro_id, acao, usuario, em) values ('feriados', 1, 'update', 'antigo@portal.local', now() - interval '7 years')`.execute(
      t.api.db,
    );
    await sql`insert into evento_acesso (tipo, usuario, em) values ('entrada', 'antigo@portal.local', now() - interval '7 years')`.execute(t.api.db);
    await sql`insert into evento_acesso (tipo, usuario, em) values ('entrada', 'antigo@portal.local', now() - interval '5 years' - interval '1 day')`.execute(
      t.api.db,
    );
    expect((await audit('?pessoa=antigo@portal.local')).total).toBe(3);
    const put = await t.api.request('/api/v1/configuracoes', { method: 'PUT', as: ADMIN, json: { auditoriaAnos: 10 } });
    expect(put.status).toBe(200);
    expect(await purgeAuditTrail(t.api.db)).toEqual({ anos: 10, historico: 0, acessos: 0 });
    await t.api.request('/api/v1/configuracoes', { method: 'PUT', as: ADMIN, json: { auditoriaAnos: 5 } });
    expect(await purgeAuditTrail(t.api.db)).toEqual({ anos: 5, historico: 1, acessos: 2 });
    expect((await audit('?pessoa=antigo@portal.local')).total).toBe(0);
    expect((await audit(`?pessoa=${SM}`)).total).toBeGreaterThan(0);
  });
});
