/**
 * A person's active sessions (issue 35): the list shows the current session with its device and
 * place; "sair deste" ends another session, whose token is refused on its next request (401
 * 'sessao-encerrada'); "sair de todos" refuses every token of the person, the current one included,
 * tokens signed in before it that had not reached the API yet too, and signs the person out at the
 * identity provider; nobody can end someone else's session; last use is written at most once a
 * minute per session; each ending is in the audit trail (who ended whose session, which device).
 */
import { describe, expect, it } from 'vitest';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { memoryIdentityAdmin } from '../../mocks/identity-admin';
import { DEMO_USERS } from '../../mocks/test-app';
import { auditSummary, type AuditEntry } from '../../resources/audit';

const CLIENTE = 'cliente@portal.local';
const SM = 'sm@portal.local';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** An ID token as Cognito shapes it (unsigned: the tests' authentication below only decodes it). */
const idToken = (email: string, jti: string, authTime = Math.floor(Date.now() / 1000)) =>
  `${b64({ alg: 'none' })}.${b64({ sub: `sub-${email}`, email, origin_jti: jti, auth_time: authTime, token_use: 'id' })}.x`;

/** Tests' stand-in for the token verifier: a token above names a demo user. */
async function decodeTestToken(c: Context) {
  const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token || token.startsWith('test:')) return null;
  const email = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).email as string;
  return DEMO_USERS[email] ?? null;
}

type Session = { id: number; dispositivo: string; local: string; ip: string | null; iniciadaEm: string; ultimoUso: string; atual: boolean };

describe.each(BACKENDS)('sessions (%s)', (backend) => {
  const pool = memoryIdentityAdmin();
  const t = useApi(backend, () => ({ identityAdmin: pool, authenticate: decodeTestToken }));
  const call = (token: string, path: string, init: RequestInit = {}, from: { ip?: string; ua?: string } = {}) =>
    t.api.request(path, {
      ...init,
      as: null,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': from.ip ?? '203.0.113.20', 'user-agent': from.ua ?? WINDOWS_CHROME },
    });
  /** The audit trail's session endings, as an administrator reads them. */
  const endings = async () => {
    const r = await call(idToken('admin@portal.local', 'auditoria-admin'), '/api/v1/auditoria?tipo=encerramento_sessao');
    expect(r.status, await r.clone().text()).toBe(200);
    return (await r.json()) as AuditEntry[];
  };
  const list = async (token: string) => {
    const r = await call(token, '/api/v1/sessoes');
    expect(r.status, await r.clone().text()).toBe(200);
    return (await r.json()) as Session[];
  };

  it('lists the caller’s sessions, newest use first, with the device, the place and the current one marked', async () => {
    const phone = idToken(CLIENTE, 'lista-celular');
    const desk = idToken(CLIENTE, 'lista-mesa');
    expect((await call(phone, '/api/v1/me', {}, { ip: '192.168.0.14', ua: IPHONE_SAFARI })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect((await call(desk, '/api/v1/me')).status).toBe(200);
    const rows = (await list(desk)).filter((s) => s.atual || s.dispositivo === 'Safari no iPhone');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ atual: true, dispositivo: 'Chrome no Windows', local: '203.0.113.20', ip: '203.0.113.20' });
    expect(rows[1]).toMatchObject({ atual: false, dispositivo: 'Safari no iPhone', local: 'Rede local', ip: '192.168.0.14' });
    expect(Date.parse(rows[0].ultimoUso)).toBeGreaterThanOrEqual(Date.parse(rows[1].ultimoUso));
    // Someone else sees none of them.
    const others = await list(idToken(SM, 'lista-sm'));
    expect(others.map((s) => s.id)).not.toContain(rows[1].id);
  });

  it('writes last use at most once a minute per session, not per request', async () => {
    const token = idToken(CLIENTE, 'uso');
    for (let i = 0; i < 3; i++) expect((await call(token, '/api/v1/me')).status).toBe(200);
    const before = await sql<{ ultimo_uso: Date }>`select ultimo_uso from sessao_acesso where chave = 'jti:uso'`.execute(t.api.db);
    expect(before.rows).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect((await call(token, '/api/v1/me')).status).toBe(200);
    const after = await sql<{ ultimo_uso: Date }>`select ultimo_uso from sessao_acesso where chave = 'jti:uso'`.execute(t.api.db);
    expect(new Date(after.rows[0].ultimo_uso).getTime()).toBe(new Date(before.rows[0].ultimo_uso).getTime());
  });

  it('"sair deste" ends another session: its token is refused on the next request, the caller stays in', async () => {
    const mine = idToken(CLIENTE, 'fica');
    const other = idToken(CLIENTE, 'sai');
    expect((await call(other, '/api/v1/me', {}, { ua: IPHONE_SAFARI })).status).toBe(200);
    const target = (await list(mine)).find((s) => !s.atual && s.dispositivo === 'Safari no iPhone' && s.ip === '203.0.113.20');
    expect(target).toBeTruthy();
    const r = await call(mine, `/api/v1/sessoes/${target!.id}`, { method: 'DELETE' });
    expect(r.status, await r.clone().text()).toBe(200);

    for (const path of ['/api/v1/me', '/api/v1/diarios', '/api/v1/sessoes']) {
      const refused = await call(other, path);
      expect(refused.status, path).toBe(401);
      expect(await refused.json()).toMatchObject({ statusCode: 401, codigo: 'sessao-encerrada', message: expect.stringMatching(/^Esta sessão foi encerrada/) });
    }
    expect((await call(mine, '/api/v1/me')).status).toBe(200);
    expect((await list(mine)).map((s) => s.id)).not.toContain(target!.id);
    // Ended once: a second time is a 404.
    expect((await call(mine, `/api/v1/sessoes/${target!.id}`, { method: 'DELETE' })).status).toBe(404);
    const row = await sql<{ encerrada_por: string }>`select encerrada_por from sessao_acesso where id = ${target!.id}`.execute(t.api.db);
    expect(row.rows[0].encerrada_por).toBe(CLIENTE);
    // The audit trail says who ended whose session, on which device, from where.
    const entry = (await endings()).find((e) => e.detalhes.escopo === 'uma');
    expect(entry).toMatchObject({
      pessoa: CLIENTE,
      ip: '203.0.113.20',
      dispositivo: WINDOWS_CHROME,
      detalhes: { titular: CLIENTE, sessoes: 1, dispositivo: 'Safari no iPhone', ip: '203.0.113.20' },
    });
    expect(auditSummary(entry!)).toBe(`“Sair deste”: sessão de ${CLIENTE} (Safari no iPhone, 203.0.113.20) encerrada`);
  });

  it('does not let a person end someone else’s session (404)', async () => {
    const victim = idToken(SM, 'vitima');
    expect((await call(victim, '/api/v1/me')).status).toBe(200);
    const id = (await list(victim)).find((s) => s.atual)!.id;
    const r = await call(idToken(CLIENTE, 'intruso'), `/api/v1/sessoes/${id}`, { method: 'DELETE' });
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ message: 'Sessão não encontrada.' });
    expect((await call(victim, '/api/v1/me')).status).toBe(200);
    expect((await call(victim, '/api/v1/sessoes/abc', { method: 'DELETE' })).status).toBe(404);
  });

  it('"sair de todos" refuses every token of the person and signs them out at the provider', async () => {
    const email = 'fornecedor@portal.local';
    const a = idToken(email, 'todos-a');
    const b = idToken(email, 'todos-b');
    // Signed in before, never seen by the API until after.
    const unseen = idToken(email, 'todos-nunca', Math.floor(Date.now() / 1000) - 120);
    const bystander = idToken(SM, 'todos-outro');
    for (const token of [a, b, bystander]) expect((await call(token, '/api/v1/me')).status).toBe(200);
    expect(pool.users.get(email)!.signedOutAt).toBeUndefined();

    const r = await call(a, '/api/v1/sessoes/sair-de-todos', { method: 'POST' });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(await r.json()).toMatchObject({ encerradas: 2, provedor: true, mensagem: expect.any(String) });
    expect(pool.users.get(email)!.signedOutAt).toBeGreaterThan(0);
    expect(pool.users.get(email)!.enabled).toBe(true); // signed out, not disabled

    for (const token of [a, b, unseen]) {
      const refused = await call(token, '/api/v1/me');
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ codigo: 'sessao-encerrada' });
    }
    expect((await call(bystander, '/api/v1/me')).status).toBe(200);
    expect(pool.users.get(SM)!.signedOutAt).toBeUndefined();
    const entry = (await endings()).find((e) => e.pessoa === email);
    expect(entry).toMatchObject({ detalhes: { titular: email, escopo: 'todas', sessoes: 2 } });
    expect(auditSummary(entry!)).toBe(`“Sair de todos”: 2 sessões de ${email} encerradas`);
    // Signing in again afterwards opens a new session.
    await new Promise((r) => setTimeout(r, 1100));
    const again = idToken(email, 'todos-depois');
    expect((await call(again, '/api/v1/me')).status).toBe(200);
    expect((await list(again)).map((s) => s.atual)).toEqual([true]);
  });
});
