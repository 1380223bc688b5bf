/**
 * The public ethics channel (issue 40): an outsider reports anonymously with a photo, without an
 * account; nothing about them is kept (the report's row, the history, the files, the whole
 * database, the log lines); the photo loses its EXIF/GPS; the protocol and password shown once open
 * the case, where the investigators' questions are read and answered; wrong passwords and unknown
 * protocols get the same refusal and are throttled; staff reports work as before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import exifr from 'exifr';
import { BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { jpegWithExif } from './jpeg-exif-fixture';
import { logger } from '../../src/server/http/logger';
import { WRONG_CREDENTIALS } from '../../src/server/ethics/public-routes';

const T = { timeout: 60_000 };
const ETICA = 'etica@portal.local';
const LEITURA = 'leitura@portal.local';
const OUTSIDER_IP = '203.0.113.77';
const OUTSIDER_UA = 'NavegadorDoRelator/7.3 (Celular-Particular)';
const STAFF_IP = '198.51.100.9';
const outsider = { 'x-forwarded-for': OUTSIDER_IP, 'user-agent': OUTSIDER_UA };

describe.each(BACKENDS)('public ethics channel (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  let logged: string[] = [];

  beforeEach(() => {
    logged = [];
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const) {
      vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void logged.push(JSON.stringify(args))) as never);
    }
  });
  afterEach(() => vi.restoreAllMocks());

  /** A request of the public page: no session, the outsider's address and browser. */
  const pub = async (path: string, json: unknown) => {
    const res = await t.api.request(`/api/v1/canal-etica${path}`, { method: 'POST', as: null, json, headers: outsider });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message?: string } };
  };
  const upload = async (bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await t.api.request('/api/v1/canal-etica/anexos', { method: 'POST', as: null, body: form, headers: outsider });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const report = (extra: Record<string, unknown> = {}) =>
    pub('/relatos', {
      categoria: 'Fraude',
      assunto: 'Medição aprovada sem conferência',
      descricao: 'O encarregado pediu para aprovar a medição do mês sem conferir as quantidades.',
      local: 'Canteiro, bloco B',
      dataFato: '2026-01-10',
      envolvidos: 'Encarregado do turno da manhã',
      ...extra,
    });
  const idOf = async (protocolo: string) =>
    Number((await sql<{ id: string }>`select id from "relatoEtica" where protocolo = ${protocolo}`.execute(t.api.db)).rows[0].id);

  it('an anonymous outsider report keeps no account, address, browser or photo metadata', T, async () => {
    const photo = await jpegWithExif();
    expect(await exifr.gps(photo)).toBeDefined();
    const sent = await upload(photo, 'IMG_joao_da_silva.jpg', 'image/jpeg');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.name).toMatch(/^evidencia-[0-9a-f]{8}\.jpg$/);

    const r = await report({ anonimo: true, nomeRelator: 'João da Silva', contatoRelator: 'joao@example.com', evidencias: [sent.body.key] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.protocolo).toMatch(/^ET-\d{4}-\d{5}$/);
    expect(r.body.senha).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const id = await idOf(String(r.body.protocolo));

    const row = (await sql<Record<string, unknown>>`select * from "relatoEtica" where id = ${id}`.execute(t.api.db)).rows[0];
    expect(row).toMatchObject({ created_by: null, updated_by: null, emailRelator: null, nomeRelator: null, contatoRelator: null, anonimo: true });
    expect(row.origem).toBe('Canal público');
    const history = await sql<{ usuario: string | null; ip: string | null; dispositivo: string | null }>`
      select usuario, ip, dispositivo from auditoria where recurso = 'relatos-etica' and registro_id = ${id}`.execute(t.api.db);
    expect(history.rows).toEqual([{ usuario: null, ip: null, dispositivo: null }]);
    const file = (await sql<{ criado_por: string | null; nome: string }>`select criado_por, nome from arquivo where key = ${sent.body.key}`.execute(t.api.db))
      .rows[0];
    expect(file).toEqual({ criado_por: null, nome: sent.body.name });
    // Where the password is: a scrypt hash, never the password.
    const access = (await sql<{ senha_hash: string }>`select senha_hash from canal_etica_acesso where relato_id = ${id}`.execute(t.api.db)).rows[0];
    expect(access.senha_hash).toMatch(/^scrypt\$/);
    expect(access.senha_hash).not.toContain(String(r.body.senha));

    // Nowhere in the database: every table's every row, as text.
    const tables = await sql<{
      t: string;
    }>`select table_name as t from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.api.db);
    for (const { t: table } of tables.rows) {
      for (const needle of [OUTSIDER_IP, 'NavegadorDoRelator', 'joao@example.com', 'João da Silva']) {
        const hit = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} x where x::text like ${`%${needle}%`}`.execute(t.api.db);
        expect(hit.rows[0].n, `${needle} em ${table}`).toBe(0);
      }
    }
    // Nor in the log lines of these requests (which were written: the spy works).
    expect(logged.some((l) => l.includes('/api/v1/canal-etica/relatos'))).toBe(true);
    expect(logged.filter((l) => l.includes(OUTSIDER_IP) || l.includes('NavegadorDoRelator'))).toEqual([]);

    // The investigators get the photo without its EXIF/GPS (and the comment naming someone).
    const seen = await c.get(`/api/v1/relatos-etica/${id}`, ETICA);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ origem: 'Canal público', anonimo: true, status: 'Aberto', categoria: 'Fraude' });
    expect(seen.body).not.toHaveProperty('emailRelator');
    const stored = Buffer.from(await (await t.api.request(`/api/v1/arquivos/${sent.body.key}`, { as: ETICA })).arrayBuffer());
    expect(stored.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(await exifr.gps(stored)).toBeUndefined();
    expect(await exifr.parse(stored)).toBeUndefined();
    expect(stored.includes(Buffer.from('Joao da Silva'))).toBe(false);

    // The contrast: a signed-in staff member's request does keep its address in the history.
    const staff = await t.api.request('/api/v1/relatos-etica', {
      method: 'POST',
      as: LEITURA,
      headers: { 'x-forwarded-for': STAFF_IP },
      json: { categoria: 'Outros', assunto: 'Relato interno', descricao: 'Relato de colaborador pelo portal.', anonimo: false },
    });
    expect(staff.status).toBe(201);
    const staffId = ((await staff.json()) as { id: number }).id;
    const staffHistory = await sql<{ ip: string }>`select ip from auditoria where recurso = 'relatos-etica' and registro_id = ${staffId}`.execute(t.api.db);
    expect(staffHistory.rows[0].ip).toBe(STAFF_IP);
  });

  it('refuses what is not an image or PDF, a file already used, and bad fields, storing nothing', T, async () => {
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'x.html', 'text/html');
    expect(html.status).toBe(400);
    expect(html.body.message).toMatch(/JPEG, PNG ou PDF/);
    const before = Number((await sql<{ n: number }>`select count(*)::int as n from "relatoEtica"`.execute(t.api.db)).rows[0].n);
    const bad = await report({ categoria: 'Inexistente', descricao: 'curta', dataFato: '2999-01-01' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['categoria', 'dataFato', 'descricao']);
    const unknownFile = await report({ evidencias: ['2026-01/nao-existe.jpg'] });
    expect(unknownFile.status).toBe(400);
    expect((unknownFile.body.errors as Record<string, string[]>).evidencias[0]).toMatch(/não foi encontrado/);
    const ok = await upload(await jpegWithExif(), 'a.jpg', 'image/jpeg');
    expect((await report({ evidencias: [ok.body.key] })).status).toBe(201);
    const reused = await report({ evidencias: [ok.body.key] });
    expect(reused.status).toBe(400);
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from "relatoEtica"`.execute(t.api.db)).rows[0].n)).toBe(before + 1);
  });

  it('the reporter follows up with protocol and password, reads the question and answers it', T, async () => {
    const r = await report({ anonimo: false, nomeRelator: 'Maria Souza', contatoRelator: '(11) 99999-0000' });
    expect(r.status).toBe(201);
    const { protocolo, senha } = r.body as { protocolo: string; senha: string };
    const id = await idOf(protocolo);
    const seen = await c.get(`/api/v1/relatos-etica/${id}`, ETICA);
    expect(seen.body).toMatchObject({ anonimo: false, nomeRelator: 'Maria Souza', contatoRelator: '(11) 99999-0000', origem: 'Canal público' });

    const first = await pub('/acompanhamento', { protocolo, senha });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ protocolo, situacao: 'Aberto', assunto: 'Medição aprovada sem conferência', aberto: true, mensagens: [] });

    // The investigator asks; a staff member without the role neither reads nor writes.
    expect((await c.get(`/api/v1/relatos-etica/${id}/mensagens`, LEITURA)).status).toBe(404);
    expect((await c.post(`/api/v1/relatos-etica/${id}/mensagens`, { texto: 'x' }, LEITURA)).status).toBe(404);
    const thread = await c.get(`/api/v1/relatos-etica/${id}/mensagens`, ETICA);
    expect(thread.body).toMatchObject({ mensagens: [], podeEnviar: true, comoAutor: 'apuracao' });
    expect((await c.post(`/api/v1/relatos-etica/${id}/mensagens`, { texto: '   ' }, ETICA)).status).toBe(400);
    const asked = await c.post(`/api/v1/relatos-etica/${id}/mensagens`, { texto: 'Em que dia e horário isso aconteceu?' }, ETICA);
    expect(asked.status).toBe(201);

    // The reporter reads it (without who asked) and answers; the password's case and hyphens do not matter.
    const loose = senha.toLowerCase().replace(/-/g, '');
    const read = await pub('/acompanhamento', { protocolo: protocolo.toLowerCase(), senha: loose });
    expect(read.status).toBe(200);
    expect(read.body.mensagens).toEqual([{ id: expect.any(Number), autor: 'apuracao', texto: 'Em que dia e horário isso aconteceu?', em: expect.any(String) }]);
    const answered = await pub('/acompanhamento/mensagens', { protocolo, senha, texto: 'Na terça-feira, por volta das 9h.' });
    expect(answered.status).toBe(201);
    expect((answered.body.mensagens as { autor: string }[]).map((m) => m.autor)).toEqual(['apuracao', 'relator']);

    const after = await c.get(`/api/v1/relatos-etica/${id}/mensagens`, ETICA);
    expect(after.body.mensagens).toMatchObject([
      { autor: 'apuracao', autorNome: 'Elisa Ética' },
      { autor: 'relator', autorNome: null, texto: 'Na terça-feira, por volta das 9h.' },
    ]);

    // Finished: the reporter sees it, and the thread takes no more messages.
    expect((await c.step('relatos-etica', id, 'iniciar-apuracao', ETICA)).status).toBe(200);
    expect((await c.step('relatos-etica', id, 'finalizar', ETICA, { comment: 'Apurado e tratado com a gestão.' })).status).toBe(200);
    const closed = await pub('/acompanhamento', { protocolo, senha });
    expect(closed.body).toMatchObject({ situacao: 'Finalizada', aberto: false });
    expect((await pub('/acompanhamento/mensagens', { protocolo, senha, texto: 'Mais uma coisa.' })).status).toBe(409);
    expect((await c.post(`/api/v1/relatos-etica/${id}/mensagens`, { texto: 'Mais uma pergunta.' }, ETICA)).status).toBe(409);
  });

  it('an unknown protocol and a wrong password get the same refusal, change nothing and are throttled', T, async () => {
    const r = await report();
    const { protocolo, senha } = r.body as { protocolo: string; senha: string };
    const id = await idOf(protocolo);
    const unknown = await pub('/acompanhamento', { protocolo: 'ET-2099-99999', senha });
    const wrong = await pub('/acompanhamento', { protocolo, senha: 'AAAA-BBBB-CCCC-DDDD' });
    expect([unknown.status, wrong.status]).toEqual([403, 403]);
    expect(unknown.body.message).toBe(WRONG_CREDENTIALS);
    expect(wrong.body.message).toBe(WRONG_CREDENTIALS);
    expect((await pub('/acompanhamento/mensagens', { protocolo, senha: 'errada', texto: 'Tentativa.' })).status).toBe(403);
    const messages = await sql<{ n: number }>`select count(*)::int as n from canal_etica_mensagem where relato_id = ${id}`.execute(t.api.db);
    expect(messages.rows[0].n).toBe(0);
    expect((await pub('/acompanhamento', { protocolo })).status).toBe(400);

    // Five wrong passwords (two above, three more): the protocol is closed for a while, even to the right one.
    for (let i = 0; i < 3; i++) expect((await pub('/acompanhamento', { protocolo, senha: `ERRADA-${i}` })).status).toBe(403);
    const blocked = await pub('/acompanhamento', { protocolo, senha });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Muitas tentativas\. Tente novamente em \d+ minutos?\./);
    // Another report is not affected.
    const other = await report();
    expect((await pub('/acompanhamento', { protocolo: other.body.protocolo, senha: other.body.senha })).status).toBe(200);
  });

  it('staff reports work as before, and their reporter takes part in the thread', T, async () => {
    const r = await c.post(
      '/api/v1/relatos-etica',
      { categoria: 'Outros', assunto: 'Relato interno', descricao: 'Relato de colaborador.', anonimo: true },
      LEITURA,
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ origem: 'Colaborador', emailRelator: LEITURA, status: 'Aberto' });
    expect((await c.post(`/api/v1/relatos-etica/${r.body.id}/mensagens`, { texto: 'Pode detalhar?' }, ETICA)).status).toBe(201);
    const mine = await c.get(`/api/v1/relatos-etica/${r.body.id}/mensagens`, LEITURA);
    expect(mine.body).toMatchObject({ comoAutor: 'relator', podeEnviar: true });
    expect((await c.post(`/api/v1/relatos-etica/${r.body.id}/mensagens`, { texto: 'Sim: foi no almoxarifado.' }, LEITURA)).status).toBe(201);
    const seen = await c.get(`/api/v1/relatos-etica/${r.body.id}/mensagens`, ETICA);
    expect(seen.body.mensagens[1]).toMatchObject({ autor: 'relator', autorNome: null });
    expect(JSON.stringify(seen.body)).not.toContain(LEITURA);
  });

  it('describes the public routes in the OpenAPI document, without authentication', T, async () => {
    const doc = (await c.get('/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { security?: unknown[]; responses: object }>> };
    for (const path of ['/canal-etica/anexos', '/canal-etica/relatos', '/canal-etica/acompanhamento', '/canal-etica/acompanhamento/mensagens']) {
      expect(doc.paths[path].post.security, path).toEqual([]);
      expect(doc.paths[path].post.responses).toHaveProperty('429');
      expect(doc.paths[path].post.responses).not.toHaveProperty('503');
    }
    expect(Object.keys(doc.paths['/canal-etica/acompanhamento'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '403']));
    expect(Object.keys(doc.paths['/relatos-etica/{id}/mensagens'])).toEqual(expect.arrayContaining(['get', 'post']));
  });
});
