/**
 * Immediate revocation (issue 35): the portal's own record of a person decides on every request.
 * Made inactive, their still-valid token is refused on the next request (401 with a pt-BR sentence
 * and `codigo: 'acesso-revogado'`), and their account is disabled at the identity provider with every
 * refresh token revoked; made active again, they are let back in. A change of roles or sites by an
 * administrator counts from the next request too. (Across processes: tests/cluster.)
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { memoryIdentityAdmin } from '../../mocks/identity-admin';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';

describe.each(ENGINE_BACKENDS)('immediate revocation (%s)', (backend) => {
  const pool = memoryIdentityAdmin();
  const t = useApi(backend, () => ({ identityAdmin: pool }));
  const c = client(t);

  const record = async (email: string) => {
    const r = await c.get(`/api/v1/usuarios?email=${encodeURIComponent(email)}`, ADMIN);
    expect(r.status).toBe(200);
    const row = (r.body as { id: number; email: string; version: number }[]).find((u) => u.email === email);
    expect(row, `no usuario record for ${email}`).toBeTruthy();
    return row!;
  };

  it('refuses an inactive person on their next request, signs them out of the provider, and lets them back in', async () => {
    expect((await c.get('/api/v1/diarios', SM)).status).toBe(200);
    const row = await record(SM);
    const off = await c.patch(`/api/v1/usuarios/${row.id}`, { version: row.version, ativo: false }, ADMIN);
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    for (const path of ['/api/v1/diarios', '/api/v1/me', '/api/v1/pendencias/contagem']) {
      const refused = await c.get(path, SM);
      expect(refused.status, path).toBe(401);
      expect(refused.body).toMatchObject({ statusCode: 401, codigo: 'acesso-revogado' });
      expect(refused.body.message).toMatch(/^Seu acesso ao portal foi desativado/);
    }
    const writes = await c.post('/api/v1/diarios', { obra: '101', data: '2026-10-01' }, SM);
    expect(writes.status).toBe(401);
    // At the provider: disabled, refresh tokens revoked.
    const account = pool.users.get(SM)!;
    expect(account.enabled).toBe(false);
    expect(account.signedOutAt).toBeGreaterThan(0);
    // Nobody else is touched.
    expect((await c.get('/api/v1/diarios', ADMIN)).status).toBe(200);
    expect(pool.users.get(ADMIN)!.enabled).toBe(true);

    const now = await record(SM);
    expect((await c.patch(`/api/v1/usuarios/${now.id}`, { version: now.version, ativo: true }, ADMIN)).status).toBe(200);
    expect((await c.get('/api/v1/diarios', SM)).status).toBe(200);
    expect(pool.users.get(SM)!.enabled).toBe(true);
  });

  it('applies an administrator’s change of roles from the next request', async () => {
    const me = await c.get('/api/v1/me', SM);
    expect(me.body.user.roles).toContain('site_manager');
    const row = await record(SM);
    const full = await c.get(`/api/v1/usuarios/${row.id}`, ADMIN);
    const roles = (full.body.roles as string[]).filter((r) => r !== 'site_manager');
    const changed = await c.patch(`/api/v1/usuarios/${row.id}`, { version: full.body.version, roles }, ADMIN);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.acessoDefinidoEm).toEqual(expect.any(String));
    const after = await c.get('/api/v1/me', SM);
    expect(after.status).toBe(200);
    expect(after.body.user.roles).not.toContain('site_manager');
    expect((await c.post('/api/v1/diarios', { obra: '101', data: '2026-10-02', ocorrencias: 'x' }, SM)).status).toBe(403);
  });

  it('lets only whoever may edit people make someone inactive', async () => {
    const row = await record(ADMIN);
    const r = await c.patch(`/api/v1/usuarios/${row.id}`, { version: row.version, ativo: false }, SM);
    expect(r.status).toBe(403);
    expect((await c.get('/api/v1/diarios', ADMIN)).status).toBe(200);
  });
});
