/**
 * The public satisfaction survey: concluding a ticket e-mails its contact a single-use link; the
 * link's API answers only the ticket's number, title and site name, records one answer (checked by
 * the survey schema's rules) and then answers 410, as it does once expired; unknown tokens are 404.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { DEMO_SURVEY_TOKEN } from '../../src/server/seed/demo-pesquisa-satisfacao';
import { todayIso } from '../../src/server/time';
import { CNPJ } from '../../src/server/seed/demo-empresas';

const ADMIN = 'admin@portal.local';
const POS = 'posvendas@portal.local';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(BACKENDS)('public satisfaction survey (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  /** Anonymous request to the public survey API. */
  const pub = async (method: 'GET' | 'POST', token: string, json?: unknown) => {
    const res = await t.api.request(`/api/v1/pesquisa/${token}`, { method, as: null, json });
    return { status: res.status, body: await res.json() };
  };

  /** A new ticket of site 101 taken to "Concluído" by post-sales; returns its id and the link's token. */
  async function concludedTicket(emailContato: string | undefined) {
    const created = await c.post(
      '/api/v1/posvendas',
      {
        titulo: 'Goteira no galpão de expedição',
        cliente: CNPJ.clienteDemo,
        obra: '101',
        categoria: 'Instalação',
        ...(emailContato ? { emailContato, contato: 'Sr. Teste' } : {}),
        abertura: '2026-11-20T10:00:00-03:00',
        descricao: 'Goteira sobre a doca 2.',
        comentario: 'Cliente ligou.',
        responsavel: person(POS),
      },
      ADMIN,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    await c.step('posvendas', id, 'analisar', POS);
    await c.step('posvendas', id, 'atender', POS);
    const done = await c.step('posvendas', id, 'concluir', POS, { comment: 'Telha trocada.' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const mails = emailContato ? await c.mails(emailContato, `pesquisa/${id}`) : [];
    const token = /\/pesquisa\/([A-Za-z0-9_-]{43})\b/.exec(mails.at(-1)?.texto ?? '')?.[1];
    return { id, codigo: created.body.codigo as number, token, mails };
  }

  it('concluding a ticket queues a pt-BR e-mail with a single-use link; only its hash is stored', async () => {
    const { id, token, mails } = await concludedTicket('contato.pesquisa@cliente.com.br');
    expect(mails).toHaveLength(1);
    expect(mails[0].assunto).toMatch(/Pesquisa de satisfação/);
    expect(mails[0].texto).toMatch(/^Olá, Sr\. Teste,/);
    expect(mails[0].texto).toMatch(/pode ser usado uma única vez/);
    expect(token).toBeDefined();
    const stored = await sql<{ token_hash: string; email: string; days: number }>`
      select token_hash, email, extract(day from expira_em - criado_em)::int as days from convite_pesquisa where ticket = ${id}`.execute(t.api.db);
    expect(stored.rows).toEqual([{ token_hash: sha256(token!), email: 'contato.pesquisa@cliente.com.br', days: 30 }]);
    const leak = await sql<{ n: number }>`select count(*)::int as n from convite_pesquisa where token_hash = ${token!} or email = ${token!}`.execute(t.api.db);
    expect(leak.rows[0].n).toBe(0);
  });

  it('GET shows only the ticket number, title and site name; POST records once, then 410', async () => {
    const { id, codigo, token } = await concludedTicket('contato.unico@cliente.com.br');
    const shown = await pub('GET', token!);
    expect(shown.status).toBe(200);
    const site = (await c.get('/api/v1/obras?Id_Lista=101')).body[0];
    expect(shown.body).toEqual({ codigo, titulo: 'Goteira no galpão de expedição', obra: site.nome });

    // Bad answers: 400 with a message per field, and the token stays valid.
    const bad = await pub('POST', token!, { notaAtendimento: 7, notaPrazo: 'bom', notaQualidade: 4, obra: '102', comentario: 'x'.repeat(4001) });
    expect(bad.status).toBe(400);
    expect(bad.body.statusCode).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['comentario', 'notaAtendimento', 'notaPrazo', 'nps', 'obra']);
    for (const msgs of Object.values(bad.body.errors) as string[][]) expect(msgs[0]).toMatch(/[a-zà-ú]/i);
    expect((await pub('GET', token!)).status).toBe(200);
    // A NUL character or a prototype key is refused like on every other route, never a 5xx.
    for (const body of [{ comentario: 'a\u0000b', notaAtendimento: 5 }, JSON.parse('{"__proto__": {"x": 1}, "nps": 9}')]) {
      const r = await pub('POST', token!, body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.message).toMatch(/[a-zà-ú]/i);
    }
    expect((await pub('GET', token!)).status).toBe(200);

    const ok = await pub('POST', token!, {
      respondente: 'Sr. Teste',
      notaAtendimento: 5,
      notaPrazo: 4,
      notaQualidade: 5,
      notaComunicacao: 4,
      nps: 9,
      comentario: 'Muito bom.',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const saved = (await c.get(`/api/v1/pesquisas-satisfacao?ticket=${id}`)).body;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      ticket: id,
      obra: '101',
      cliente: CNPJ.clienteDemo,
      categoria: 'Instalação',
      data: todayIso(),
      respondente: 'Sr. Teste',
      notaAtendimento: 5,
      notaPrazo: 4,
      notaQualidade: 5,
      notaComunicacao: 4,
      nps: 9,
      comentario: 'Muito bom.',
      // A public page has no signed-in author (issue 23): the respondent is `respondente`.
      created_by: null,
      updated_by: null,
    });

    const again = await pub('POST', token!, { notaAtendimento: 1, notaPrazo: 1, notaQualidade: 1, nps: 0 });
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/já foi respondida/);
    expect((await pub('GET', token!)).status).toBe(410);
    expect((await c.get(`/api/v1/pesquisas-satisfacao?ticket=${id}`)).body).toHaveLength(1);

    // Reopened and concluded again: an answered ticket is not asked twice.
    await c.step('posvendas', id, 'reabrir', POS, { comment: 'Voltou a pingar.' });
    expect((await c.step('posvendas', id, 'concluir', POS, { comment: 'Resolvido de vez.' })).status).toBe(200);
    expect(await c.mails('contato.unico@cliente.com.br', `pesquisa/${id}`)).toHaveLength(1);
  });

  it('answers 404 for unknown or malformed tokens and 410 once expired', async () => {
    for (const token of ['A'.repeat(43), 'curto', `${'b'.repeat(42)}!`]) {
      const r = await pub('GET', encodeURIComponent(token));
      expect(r.status, token).toBe(404);
      expect(r.body.message).toMatch(/Pesquisa não encontrada/);
      expect((await pub('POST', encodeURIComponent(token), { notaAtendimento: 5, notaPrazo: 5, notaQualidade: 5, nps: 10 })).status).toBe(404);
    }
    const { token } = await concludedTicket('contato.expira@cliente.com.br');
    await sql`update convite_pesquisa set expira_em = now() - interval '1 minute' where token_hash = ${sha256(token!)}`.execute(t.api.db);
    const expired = await pub('GET', token!);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toMatch(/prazo para responder/);
    expect((await pub('POST', token!, { notaAtendimento: 5, notaPrazo: 5, notaQualidade: 5, nps: 10 })).status).toBe(410);
  });

  it('an answer sent from a browser with a staff session records no author, not even the contact', async () => {
    // The contact is a portal user, and the answer travels with a staff member's token.
    const { id, token } = await concludedTicket('cliente@portal.local');
    const res = await t.api.request(`/api/v1/pesquisa/${token!}`, {
      method: 'POST',
      as: ADMIN,
      json: { notaAtendimento: 4, notaPrazo: 4, notaQualidade: 4, nps: 8 },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const saved = (await c.get(`/api/v1/pesquisas-satisfacao?ticket=${id}`)).body;
    expect(saved).toHaveLength(1);
    expect(saved[0].created_by).toBeNull();
    expect(saved[0].updated_by).toBeNull();
    const history = (await c.get(`/api/v1/pesquisas-satisfacao/${saved[0].id}/historico`)).body;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'create', user: null });
  });

  it('no contact e-mail, no invitation; the demo has one open invitation', async () => {
    const { id } = await concludedTicket(undefined);
    const n = await sql<{ n: number }>`select count(*)::int as n from convite_pesquisa where ticket = ${id}`.execute(t.api.db);
    expect(n.rows[0].n).toBe(0);
    const demo = await pub('GET', DEMO_SURVEY_TOKEN);
    expect(demo.status).toBe(200);
    expect(demo.body.codigo).toBe(16);
  });
});
