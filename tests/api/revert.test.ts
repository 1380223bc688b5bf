/**
 * "Restaurar esta versão" (issue 35): an earlier version's fields come back as a new version, the
 * history says which version was restored; refused where the workflow locks the fields (a concluded
 * daily report), for a reader who may not change the record or see the record, and for an entry of
 * another record.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';

type Row = Record<string, any>;
const ADMIN = 'admin@portal.local';
const CLI = 'cliente@portal.local';

describe.each(BACKENDS)('revert to a version from the history (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const history = async (resource: string, id: number) => (await c.get(`/api/v1/${resource}/${id}/historico`)).body as Row[];

  it('writes an earlier version back as a new version, and the history shows the restore', async () => {
    const obra = ((await c.get('/api/v1/obras?Id_Lista=101')).body as Row[])[0];
    const edit = async (nome: string) => {
      const now = (await c.get(`/api/v1/obras/${obra.id}`)).body as Row;
      const r = await c.patch(`/api/v1/obras/${obra.id}`, { version: now.version, nome: nome });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const original = obra.nome;
    await edit('Galpão Norte (revisado)');
    const kept = (await history('obras', obra.id))[0];
    await edit('Galpão Norte (errado)');
    const back = await c.post(`/api/v1/obras/${obra.id}/historico/${kept.id}/restaurar`, {});
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.nome).toBe('Galpão Norte (revisado)');
    const h = await history('obras', obra.id);
    expect(h[0]).toMatchObject({ action: 'revert', user: ADMIN, changes: { nome: { de: 'Galpão Norte (errado)', para: 'Galpão Norte (revisado)' } } });
    expect(h[0].comment).toMatch(/^Restaurada a versão de \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\.$/);
    // The same version again: nothing to restore.
    const same = await c.post(`/api/v1/obras/${obra.id}/historico/${kept.id}/restaurar`, {});
    expect(same.status).toBe(400);
    expect(same.body.message).toMatch(/iguais aos atuais/);
    // The version before the first edit brings the original name back.
    const before = h.find((x) => x.changes?.nome?.para === 'Galpão Norte (revisado)' && x.action === 'update')!;
    const first = h[h.indexOf(before) + 1];
    if (first) {
      const r = await c.post(`/api/v1/obras/${obra.id}/historico/${first.id}/restaurar`, {});
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.nome).toBe(original);
    }
  });

  it('refuses where the workflow locks the fields, and for who may not change or see the record', async () => {
    const d = await c.post('/api/v1/diarios', { obra: '101', data: '2026-08-03', siteManager: person('sm@portal.local', 'SM'), horarioInicio: '07:00' });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const v1 = (await history('diarios', d.body.id))[0];
    expect((await c.patch(`/api/v1/diarios/${d.body.id}`, { version: d.body.version, horarioInicio: '08:00' })).status).toBe(200);
    await sql`update diario set status = 'Em revisão' where id = ${d.body.id}`.execute(t.api.db);
    const locked = await c.post(`/api/v1/diarios/${d.body.id}/historico/${v1.id}/restaurar`, {});
    expect(locked.status).toBe(403);
    expect(locked.body.message).toMatch(/não pode ser alterado/);
    expect(((await c.get(`/api/v1/diarios/${d.body.id}`)).body as Row).horarioInicio).toBe('08:00');

    // A client reads the tickets of their site but changes none; another record's entry is not this record's.
    /** A ticket `as` reads that an administrator may still edit, edited once so it has a history entry. */
    const editedTicket = async (query: string, as: string) => {
      for (const x of (await c.get(`/api/v1/posvendas?${query}&_end=50`, as)).body as Row[]) {
        const full = (await c.get(`/api/v1/posvendas/${x.id}`)).body as Row;
        const r = await c.patch(`/api/v1/posvendas/${x.id}`, { version: full.version, titulo: `${String(full.titulo)} (revisado)` });
        if (r.status !== 200) continue;
        const again = await c.patch(`/api/v1/posvendas/${x.id}`, { version: r.body.version, titulo: `${String(full.titulo)} (de novo)` });
        expect(again.status).toBe(200);
        return full;
      }
      throw new Error(`no editable ticket for ${query}`);
    };
    const tk = await editedTicket('obra=101', CLI);
    const tkHist = await history('posvendas', tk.id);
    expect((await c.post(`/api/v1/posvendas/${tk.id}/historico/${tkHist[1].id}/restaurar`, {}, CLI)).status).toBe(403);
    expect((await c.post(`/api/v1/posvendas/${tk.id}/historico/${v1.id}/restaurar`, {})).status).toBe(404);
    expect((await c.post(`/api/v1/posvendas/${tk.id}/historico/abc/restaurar`, {})).status).toBe(404);
    const other = await editedTicket('obra=102', ADMIN);
    const oh = await history('posvendas', other.id);
    expect((await c.post(`/api/v1/posvendas/${other.id}/historico/${oh[1].id}/restaurar`, {}, CLI)).status).toBe(403);
  });
});
