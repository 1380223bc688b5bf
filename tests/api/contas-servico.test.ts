/**
 * Service accounts and API keys (issue 41), on both databases: an administrator creates an account
 * with roles and sites like a person and issues keys (shown once, stored hashed); a key lists exactly
 * what a person of the same roles and sites lists, writes as the account (history, person lookup,
 * audit trail), and is refused once revoked or expired (401), on writes when read-only (403), and
 * when sent in a wrong place (400). Bad input on the admin routes is refused in pt-BR with nothing
 * stored; only administrators, with their own session, manage accounts. Each key has its own budget
 * in the rate limit.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { CNPJ } from '../../src/server/seed/demo-empresas';
import { apiKeyHash } from '../../src/server/auth/api-key';
import { accountUser } from '../../src/server/service-accounts/authenticate';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const KEY = /^ptl_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/;
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
type Row = Record<string, unknown>;

describe.each(BACKENDS)('service accounts and API keys (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  /** A request with headers of our own (a key), no test token. */
  const raw = async (path: string, headers: Record<string, string>, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.api.request(path, {
      as: null,
      method: init.method ?? 'GET',
      headers: { ...headers, ...(init.json ? { 'content-type': 'application/json' } : {}) },
      body: init.json ? JSON.stringify(init.json) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.api.db)).rows[0].n);
  const newAccount = async (nome: string, roles: string[], obra: string[] = []) => {
    const r = await c.post('/api/v1/contas-servico', { nome, roles, obra }, ADMIN);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; email: string; version: number };
  };
  const issue = async (id: number, body: Row = {}) => {
    const r = await c.post(`/api/v1/contas-servico/${id}/chaves`, { expiraEm: inDays(30), ...body }, ADMIN);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; chave: string; prefixo: string };
  };

  it('seeds "Integração ERP" with a read-only role and no key', async () => {
    const list = (await c.get('/api/v1/contas-servico', ADMIN)).body as Row[];
    expect(list.find((a) => a.nome === 'Integração ERP')).toMatchObject({ roles: ['contratos'], ativo: true, chavesAtivas: 0 });
  });

  it('a key lists exactly what a person with the same roles and sites lists, in either header', async () => {
    const acc = await newAccount('Leitor de RDO 101', ['rdo_by_obra'], ['101']);
    const issued = await issue(acc.id, { nome: 'BI', somenteLeitura: true });
    expect(issued.chave).toMatch(KEY);
    expect(issued.chave.startsWith(issued.prefixo + '_')).toBe(true);
    // Stored hashed: the key itself is nowhere in the database, nor in the account's answer.
    const stored = await sql<{ hash: string }>`select hash from chave_api where id = ${issued.id}`.execute(t.api.db);
    expect(stored.rows[0].hash).toBe(apiKeyHash(issued.chave));
    const detail = await c.get(`/api/v1/contas-servico/${acc.id}`, ADMIN);
    expect(JSON.stringify(detail.body)).not.toContain(issued.chave);
    expect(detail.body.chaves[0]).toMatchObject({ prefixo: issued.prefixo, nome: 'BI', somenteLeitura: true, situacao: 'ativa' });

    // The same user whatever acts as the account (a key, or later a webhook's payload).
    expect(await accountUser(t.api.db, acc.id)).toMatchObject({ email: acc.email, roles: ['rdo_by_obra'], obra: ['101'], tipo: 'servico' });
    t.api.addUser({ email: 'leitor.rdo@portal.local', roles: ['rdo_by_obra'], obra: ['101'] });
    const person = await c.get('/api/v1/diarios?_end=1000', 'leitor.rdo@portal.local');
    const viaBearer = await raw('/api/v1/diarios?_end=1000', { ...bearer(issued.chave), 'x-forwarded-for': '203.0.113.7' });
    const viaHeader = await raw('/api/v1/diarios?_end=1000', { 'x-api-key': issued.chave, 'x-forwarded-for': '198.51.100.20' });
    // Last use: time and address (written again at once from another address).
    const used = (await c.get(`/api/v1/contas-servico/${acc.id}`, ADMIN)).body.chaves[0];
    expect(used.ultimoUsoIp).toBe('198.51.100.20');
    expect(Date.now() - Date.parse(used.ultimoUsoEm)).toBeLessThan(60_000);
    const ids = (rows: Row[]) => rows.map((r) => r.id).sort();
    expect(person.body.length).toBeGreaterThan(0);
    expect(person.body.every((r: Row) => r.obra === '101')).toBe(true);
    expect(ids(viaBearer.body)).toEqual(ids(person.body));
    expect(ids(viaHeader.body)).toEqual(ids(person.body));
    expect((await c.get('/api/v1/diarios?_end=1000', ADMIN)).body.length).toBeGreaterThan(person.body.length);
    expect((await raw('/api/v1/contratos?_end=1', bearer(issued.chave))).status).toBe(403);
    expect((await c.get('/api/v1/contratos?_end=1', 'leitor.rdo@portal.local')).status).toBe(403);
  });

  it("a key's writes are the account's in the record's history, the people lookup and the audit trail; a read-only key writes nothing", async () => {
    const acc = await newAccount('Integração CRM', ['pos_vendas']);
    const rw = await issue(acc.id);
    const ro = await issue(acc.id, { somenteLeitura: true });
    const ticket = {
      titulo: 'Disjuntor desarmando (via CRM)',
      cliente: CNPJ.clienteDemo,
      obra: '101',
      abertura: '2026-11-24T09:00:00-03:00',
      prioridade: 'Alta',
      categoria: 'Garantia',
      descricao: 'Chamado aberto pelo CRM: disjuntor do painel 3 desarma sem carga.',
      comentario: 'Importado do CRM.',
    };
    const before = await count('posvenda');
    const refused = await raw('/api/v1/posvendas', bearer(ro.chave), { method: 'POST', json: ticket });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ codigo: 'chave-somente-leitura' });
    expect(refused.body.message).toMatch(/^Esta chave de API é somente leitura/);
    expect(await count('posvenda')).toBe(before);
    expect((await raw('/api/v1/posvendas?_end=1', bearer(ro.chave))).status).toBe(200);

    const created = await raw('/api/v1/posvendas', bearer(rw.chave), { method: 'POST', json: ticket });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ created_by: acc.email, status: 'Aberto' });
    const step = await raw(
      `/api/v1/posvendas/${created.body.id}/transitions/analisar`,
      { 'x-api-key': rw.chave },
      { method: 'POST', json: { version: created.body.version } },
    );
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    expect(step.body.status).toBe('Em análise');

    const history = (await c.get(`/api/v1/posvendas/${created.body.id}/historico`, ADMIN)).body as Row[];
    expect(history.map((h) => [h.action, h.user])).toEqual([
      ['transition', acc.email],
      ['create', acc.email],
    ]);
    const people = await c.get(`/api/v1/pessoas?q=${encodeURIComponent(acc.email)}`, SM);
    expect(people.body).toEqual([{ mail: acc.email, nome: 'Integração CRM (conta de serviço)' }]);
    expect((await c.get('/api/v1/pessoas?q=servico', SM)).body.some((p: Row) => p.mail === acc.email)).toBe(false); // never in a picker
    const trail = await c.get(`/api/v1/auditoria?pessoa=${encodeURIComponent(acc.email)}&modulo=posvendas`, ADMIN);
    expect(trail.body.length).toBe(2);
    expect(trail.body[0]).toMatchObject({ pessoa: acc.email, nome: 'Integração CRM (conta de serviço)' });
    // The account's own changes are in the trail too: created, two keys issued.
    const own = (await c.get(`/api/v1/auditoria?modulo=contas-servico&registro=${acc.id}`, ADMIN)).body as Row[];
    expect(own.map((e) => e.tipo)).toEqual(['alteracao', 'alteracao', 'criacao']);
    expect(JSON.stringify(own)).not.toContain(rw.chave.slice(21));
  });

  it('a revoked or expired key, or one of a deactivated account, gets 401 on its next request', async () => {
    const acc = await newAccount('Integração BI', ['mkt_read']);
    const a = await issue(acc.id);
    const b = await issue(acc.id);
    expect((await raw('/api/v1/obras?_end=1', bearer(a.chave))).status).toBe(200);
    const revoked = await c.del(`/api/v1/contas-servico/${acc.id}/chaves/${a.id}`, ADMIN);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ situacao: 'revogada', revogadaPor: ADMIN });
    const after = await raw('/api/v1/obras?_end=1', bearer(a.chave));
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ codigo: 'chave-revogada', statusCode: 401 });
    expect(after.body.message).toMatch(/^Esta chave de API foi revogada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Peça uma nova chave/);
    expect((await c.del(`/api/v1/contas-servico/${acc.id}/chaves/${a.id}`, ADMIN)).status).toBe(409);

    await sql`update chave_api set expira_em = now() - interval '1 minute' where id = ${b.id}`.execute(t.api.db);
    const expired = await raw('/api/v1/obras?_end=1', { 'x-api-key': b.chave });
    expect(expired.status).toBe(401);
    expect(expired.body.codigo).toBe('chave-expirada');
    expect(expired.body.message).toMatch(/^Esta chave de API expirou em /);

    const c2 = await issue(acc.id);
    const current = (await c.get(`/api/v1/contas-servico/${acc.id}`, ADMIN)).body;
    expect((await c.patch(`/api/v1/contas-servico/${acc.id}`, { ativo: false, version: current.version }, ADMIN)).status).toBe(200);
    expect((await raw('/api/v1/obras?_end=1', bearer(c2.chave))).body.codigo).toBe('conta-servico-inativa');
    expect(await accountUser(t.api.db, acc.id)).toBeUndefined();
    const wrong = await raw('/api/v1/obras?_end=1', bearer(c2.chave.slice(0, -4) + 'AAAA'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.codigo).toBe('chave-invalida');
  });

  it('a key in a wrong place gets a pt-BR 400 saying where to send it', async () => {
    const acc = await newAccount('Integração de cabeçalhos', ['mkt_read']);
    const { chave } = await issue(acc.id);
    for (const [what, path, headers] of [
      ['ApiKey scheme', '/api/v1/obras?_end=1', { authorization: `ApiKey ${chave}` }],
      ['no scheme', '/api/v1/obras?_end=1', { authorization: chave }],
      ['query string', `/api/v1/obras?_end=1&api_key=${chave}`, {}],
      ['Bearer inside X-API-Key', '/api/v1/obras?_end=1', { 'x-api-key': `Bearer ${chave}` }],
    ] as const) {
      const r = await raw(path, headers);
      expect(r.status, what).toBe(400);
      expect(r.body.codigo, what).toBe('chave-api-cabecalho');
      expect(r.body.message, what).toMatch(/Authorization: Bearer <chave>" ou "X-API-Key: <chave>"/);
    }
    expect((await raw('/api/v1/obras?_end=1', { authorization: 'Bearer ptl_curta' })).status).toBe(401);
  });

  it('refuses bad input on the admin routes in pt-BR, storing nothing', async () => {
    const accounts = await count('conta_servico');
    const audits = await count('auditoria');
    const empty = await c.post('/api/v1/contas-servico', { nome: '  ', roles: ['nao_existe'], obra: ['999'], outro: 1 }, ADMIN);
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['nome', 'outro', 'roles']);
    expect(empty.body.errors.nome).toEqual(['Informe o nome da conta de serviço (ex.: Integração ERP).']);
    expect(empty.body.errors.roles).toEqual(['Perfil desconhecido: "nao_existe".']);
    const external = await c.post('/api/v1/contas-servico', { nome: 'Portal do cliente', roles: ['cliente'] }, ADMIN);
    expect(external.body.errors.roles[0]).toMatch(/^Contas de serviço usam perfis de colaboradores/);
    const site = await c.post('/api/v1/contas-servico', { nome: 'Obra inexistente', roles: ['obra'], obra: ['999'], empresa: ['00000000000000'] }, ADMIN);
    expect(site.status).toBe(400);
    expect(site.body.errors).toMatchObject({ obra: ['Obra não encontrada: "999".'] });
    expect(site.body.errors.empresa[0]).toMatch(/^Empresa não cadastrada: "00000000000000"/);
    expect((await c.post('/api/v1/contas-servico', { nome: 'integração erp', roles: ['obra'] }, ADMIN)).body.errors.nome).toEqual([
      'Já existe uma conta de serviço com este nome.',
    ]);
    expect(await count('conta_servico')).toBe(accounts);

    const acc = await newAccount('Integração de validade', ['mkt_read']);
    const keys = await count('chave_api');
    const past = await c.post(`/api/v1/contas-servico/${acc.id}/chaves`, { expiraEm: '2020-01-10T10:00:00-03:00' }, ADMIN);
    expect(past.status).toBe(400);
    expect(past.body.errors.expiraEm[0]).toMatch(/^A validade \(10\/01\/2020 \d{2}:00\) já passou: informe uma data futura\.$/);
    const far = await c.post(`/api/v1/contas-servico/${acc.id}/chaves`, { expiraEm: inDays(800), somenteLeitura: 'sim' }, ADMIN);
    expect(Object.keys(far.body.errors).sort()).toEqual(['expiraEm', 'somenteLeitura']);
    expect((await c.post(`/api/v1/contas-servico/${acc.id}/chaves`, {}, ADMIN)).body.errors.expiraEm).toEqual(['Informe até quando a chave vale.']);
    expect(await count('chave_api')).toBe(keys);
    expect(await count('auditoria')).toBe(audits + 1); // the one account created
    const stale = await c.patch(`/api/v1/contas-servico/${acc.id}`, { nome: 'Outro nome', version: acc.version + 5 }, ADMIN);
    expect(stale.status).toBe(409);
    expect((await c.get('/api/v1/contas-servico/999999', ADMIN)).status).toBe(404);
  });

  it('only administrators manage service accounts, with their own session (never with a key)', async () => {
    for (const [method, path] of [
      ['get', '/api/v1/contas-servico'],
      ['get', '/api/v1/contas-servico/opcoes'],
      ['post', '/api/v1/contas-servico'],
    ] as const) {
      const r = method === 'get' ? await c.get(path, SM) : await c.post(path, { nome: 'Tentativa', roles: ['acesso_total'] }, SM);
      expect(r.status, path).toBe(403);
      expect(r.body.message).toBe('Só os administradores do portal gerenciam contas de serviço.');
    }
    expect((await c.get('/api/v1/contas-servico', 'cliente@portal.local')).status).toBe(403);
    const root = await newAccount('Integração com acesso total', ['acesso_total']);
    const { chave } = await issue(root.id);
    const byKey = await raw('/api/v1/contas-servico', bearer(chave));
    expect(byKey.status).toBe(403);
    expect(byKey.body.message).toMatch(/^Uma chave de API não gerencia contas de serviço/);
    const options = await c.get('/api/v1/contas-servico/opcoes', ADMIN);
    expect(options.body.roles.map((o: Row) => o.valor)).not.toContain('cliente');
    expect(options.body.obra.map((o: Row) => o.valor)).toContain('101');
  });
});

describe('an API key has its own budget in the rate limit', () => {
  const t = useApi('pglite', () => ({ rateLimit: { store: { kind: 'memory' }, perUserPerMin: 50, anonPerMin: 50, perKeyPerMin: 2 } }));
  it('past the key limit it gets 429 while the administrator goes on', async () => {
    const c = client(t);
    const acc = (await c.post('/api/v1/contas-servico', { nome: 'Integração apressada', roles: ['mkt_read'] }, ADMIN)).body;
    const { chave } = (await c.post(`/api/v1/contas-servico/${acc.id}/chaves`, { expiraEm: inDays(1) }, ADMIN)).body;
    const call = () => t.api.request('/api/v1/obras?_end=1', { as: null, headers: { 'x-api-key': chave } });
    expect((await call()).status).toBe(200);
    const second = await call();
    expect(second.headers.get('ratelimit-limit')).toBe('2');
    const third = await call();
    expect(third.status).toBe(429);
    expect((await third.json()).message).toMatch(/^Muitas requisições em pouco tempo/);
    expect((await c.get('/api/v1/obras?_end=1', ADMIN)).status).toBe(200);
  });
});
