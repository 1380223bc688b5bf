/**
 * The trash (issue 35): deleting moves a record, with what goes with it and its files, to the trash;
 * whoever could delete it restores it with its number, history and files; what depends on a record
 * refuses its deletion and says what; the period is the administrators' setting; the purge runs
 * once even when two processes run it together; external users never see the trash.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { newTicket } from './ticket-helpers';
import { purgeExpired } from '../../src/server/trash/purge';

type Row = Record<string, any>;
const ADMIN = 'admin@portal.local';
const POS = 'posvendas@portal.local';
const CLI = 'cliente@portal.local';
const READER = 'leitura@portal.local';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

describe.each(BACKENDS)('trash and restore (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const count = async (table: string, where = sql`true`) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.api.db)).rows[0].n);

  const upload = async (as: string, query: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'laudo.pdf');
    const res = await t.api.request(`/api/v1/arquivos?${query}`, { method: 'POST', body: form, as });
    expect(res.status).toBe(201);
    return (await res.json()) as Row;
  };

  /** A ticket with two interactions, one holding a file. */
  const ticket = async (titulo: string) => {
    const file = await upload(POS, 'recurso=ticket-interacoes&campo=anexos');
    const { ticket: tk, interactions } = await newTicket(c, titulo, {
      interactions: [
        { tipo: 'Atualização interna', texto: 'Laudo anexo.', anexos: [file] },
        ([a]) => ({ tipo: 'Atualização interna', texto: 'Resposta.', respostaA: a.id }),
      ],
    });
    return { id: tk.id as number, numero: tk.numero, file: file.key as string, interactions: interactions.map((i) => i.id as number) };
  };

  const trash = async (as = ADMIN, query = '') => c.get(`/api/v1/lixeira?_end=100${query}`, as);

  it('moves a ticket with its interactions and files to the trash, and restores all of it', async () => {
    const tk = await ticket('Goteira no galpão (lixeira)');
    const del = await c.del(`/api/v1/posvendas/${tk.id}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await c.get(`/api/v1/posvendas/${tk.id}`)).status).toBe(404);
    for (const i of tk.interactions) expect((await c.get(`/api/v1/ticket-interacoes/${i}`)).status).toBe(404);
    // Lists and totals do not show it; its file is held, not served.
    expect(((await c.get('/api/v1/posvendas?_end=1000')).body as Row[]).some((x) => x.id === tk.id)).toBe(false);
    expect(await count('arquivo', sql`key = ${tk.file}`)).toBe(1);
    expect((await t.api.request(`/api/v1/arquivos/${tk.file}`, { as: ADMIN })).status).toBe(403);

    const list = await trash();
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    expect(list.body.total).toBe(Number(list.headers.get('x-total-count')));
    const entry = (list.body.itens as Row[]).find((x) => x.recurso === 'posvendas' && x.registroId === tk.id)!;
    expect(entry).toMatchObject({ modulo: expect.any(String), junto: 2, excluidoPor: ADMIN });
    expect(Date.parse(entry.expiraEm) - Date.parse(entry.excluidoEm)).toBe(30 * 86_400_000);

    const back = await c.post(`/api/v1/lixeira/${entry.id}/restaurar`, {});
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const again = await c.get(`/api/v1/posvendas/${tk.id}`);
    expect(again.status).toBe(200);
    expect(again.body.numero).toBe(tk.numero);
    for (const i of tk.interactions) expect((await c.get(`/api/v1/ticket-interacoes/${i}`)).status).toBe(200);
    expect((await t.api.request(`/api/v1/arquivos/${tk.file}`, { as: ADMIN })).status).toBe(200);
    // The history says who deleted and who restored.
    const hist = (await c.get(`/api/v1/posvendas/${tk.id}/historico`)).body as Row[];
    expect(hist.slice(0, 2).map((h) => [h.action, h.user, h.comment])).toEqual([
      ['restore', ADMIN, 'Restaurado da lixeira.'],
      ['delete', ADMIN, 'Movido para a lixeira.'],
    ]);
    expect((await c.post(`/api/v1/lixeira/${entry.id}/restaurar`, {})).status).toBe(404);
  });

  it('refuses to delete what others depend on, naming it', async () => {
    const obra = ((await c.get('/api/v1/obras?Id_Lista=101')).body as Row[])[0];
    const r = await c.del(`/api/v1/obras/${obra.id}`);
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/^Não é possível excluir: .*diários.* deste registro de obra\./i);
    expect((await c.get(`/api/v1/obras/${obra.id}`)).status).toBe(200);
  });

  it('shows the trash only to staff, each entry only to whoever may delete the record', async () => {
    const tk = await ticket('Ticket para leitura');
    expect((await c.del(`/api/v1/posvendas/${tk.id}`)).status).toBe(200);
    expect((await trash(CLI)).status).toBe(403);
    const reader = await trash(READER);
    expect(reader.status).toBe(200);
    expect((reader.body.itens as Row[]).some((x) => x.registroId === tk.id && x.recurso === 'posvendas')).toBe(false);
    const entry = ((await trash()).body.itens as Row[]).find((x) => x.registroId === tk.id && x.recurso === 'posvendas')!;
    expect((await c.post(`/api/v1/lixeira/${entry.id}/restaurar`, {}, READER)).status).toBe(403);
    expect((await c.post(`/api/v1/lixeira/${entry.id}/restaurar`, {}, CLI)).status).toBe(403);
    expect((await c.del(`/api/v1/lixeira/${entry.id}`, POS)).status).toBe(403);
    expect((await c.post('/api/v1/lixeira/abc/restaurar', {})).status).toBe(404);
  });

  it('refuses to restore a daily report whose date another report took meanwhile', async () => {
    const data = '2026-09-17';
    const first = await c.post('/api/v1/diarios', { obra: '101', data, siteManager: person('sm@portal.local', 'SM') });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await c.del(`/api/v1/diarios/${first.body.id}`)).status).toBe(200);
    const second = await c.post('/api/v1/diarios', { obra: '101', data, siteManager: person('sm@portal.local', 'SM') });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const entry = ((await trash(ADMIN, '&recurso=diarios')).body.itens as Row[]).find((x) => x.registroId === first.body.id)!;
    const r = await c.post(`/api/v1/lixeira/${entry.id}/restaurar`, {});
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/^Não foi possível restaurar: Já existe o diário/);
    expect((await c.get(`/api/v1/diarios/${first.body.id}`)).status).toBe(404);
  });

  it('keeps the period the administrators set, refusing 0 or 10,000 days', async () => {
    for (const v of [0, 10000, 1.5, '30']) {
      const r = await t.api.request('/api/v1/configuracoes', { method: 'PUT', as: ADMIN, json: { lixeiraDias: v } });
      expect(r.status, String(v)).toBe(400);
      expect(((await r.json()) as Row).errors.lixeiraDias[0]).toMatch(/Tempo na lixeira/);
    }
    expect((await t.api.request('/api/v1/configuracoes', { method: 'PUT', as: READER, json: { lixeiraDias: 10 } })).status).toBe(403);
    expect((await c.get('/api/v1/configuracoes', CLI)).status).toBe(403);
    expect((await c.get('/api/v1/configuracoes', READER)).body.valores.lixeiraDias).toBe(30);
  });

  it('purges what is past the period once, even with two purges at the same time, and frees its files', async () => {
    const tk = await ticket('Ticket a expurgar');
    expect((await c.del(`/api/v1/posvendas/${tk.id}`)).status).toBe(200);
    const put = await t.api.request('/api/v1/configuracoes', { method: 'PUT', as: ADMIN, json: { lixeiraDias: 2 } });
    expect(put.status).toBe(200);
    await sql`update lixeira set excluido_em = now() - interval '3 days' where recurso = 'posvendas' and registro_id = ${tk.id}`.execute(t.api.db);
    const before = await count('lixeira');
    const [a, b] = await Promise.all([purgeExpired(t.api.db, undefined), purgeExpired(t.api.db, undefined)]);
    expect(a + b).toBe(1);
    expect(await count('lixeira')).toBe(before - 1);
    expect(await count('arquivo', sql`key = ${tk.file}`)).toBe(0);
    expect(await count('arquivo_vinculo', sql`key = ${tk.file}`)).toBe(0);
    expect(await purgeExpired(t.api.db, undefined)).toBe(0);
    await t.api.request('/api/v1/configuracoes', { method: 'PUT', as: ADMIN, json: { lixeiraDias: 30 } });
  });
});
