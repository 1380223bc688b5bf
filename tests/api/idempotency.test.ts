/**
 * Idempotency-Key on the API's writes (issue 26): a retried create, transition or upload with the
 * same key (per user) answers the first answer with `Idempotent-Replayed: true` and writes nothing
 * more; another request with the key is refused; keys older than 48 h go with the daily job.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { DAILY_JOBS } from '../../src/server/jobs';
import { runDailyJob } from '../../src/server/jobs/runner';

type Json = Record<string, any>;
const ADMIN = 'admin@portal.local';
const LEITURA = 'leitura@portal.local';
const SGI = 'sgi@portal.local';

describe.each(ENGINE_BACKENDS)('Idempotency-Key (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  let n = 0;
  const newKey = () => `chave-${backend}-${Date.now().toString(36)}-${++n}`;

  const send = async (method: string, path: string, opts: { as?: string; key?: string; json?: unknown; body?: BodyInit } = {}) => {
    const headers: Record<string, string> = opts.key === undefined ? {} : { 'Idempotency-Key': opts.key };
    const res = await t.api.request(path, { method, as: opts.as ?? ADMIN, json: opts.json, body: opts.body, headers });
    const text = await res.text();
    return { status: res.status, text, body: (text ? JSON.parse(text) : null) as Json, replayed: res.headers.get('Idempotent-Replayed') };
  };
  const ticket = (titulo: string) => ({
    titulo,
    area: 'Qualidade',
    tipo: 'RNC',
    severidade: 'Alta',
    dataOcorrencia: '2026-11-10',
    descricao: 'Slump acima do especificado no lote 12.',
  });
  const countTickets = async (titulo: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from "ticketSgi" where titulo = ${titulo}`.execute(t.api.db)).rows[0].n);
  const countFiles = async () => Number((await sql<{ n: string }>`select count(*) as n from arquivo`.execute(t.api.db)).rows[0].n);

  afterEach(() => {
    delete process.env.IDEMPOTENCY_WAIT_MS;
  });

  it('a create sent twice with one key creates one record and replays the first answer', async () => {
    const key = newKey();
    const first = await send('POST', '/api/v1/tickets-sgi', { key, json: ticket('Idempotente 1') });
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    const again = await send('POST', '/api/v1/tickets-sgi', { key, json: ticket('Idempotente 1') });
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await countTickets('Idempotente 1')).toBe(1);
    // Without a key the same body is a new record: the key is what made the retry safe.
    expect((await send('POST', '/api/v1/tickets-sgi', { json: ticket('Idempotente 1') })).status).toBe(201);
    expect(await countTickets('Idempotente 1')).toBe(2);
  });

  it('five concurrent identical creates with one key: one record, the same answer for all', async () => {
    const key = newKey();
    const all = await Promise.all(Array.from({ length: 5 }, () => send('POST', '/api/v1/tickets-sgi', { key, json: ticket('Idempotente concorrente') })));
    expect(all.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(all.map((r) => r.body.id)).size).toBe(1);
    expect(all.filter((r) => r.replayed === 'true').length).toBe(4);
    expect(await countTickets('Idempotente concorrente')).toBe(1);
  });

  it('the same key with another body is refused with 422 and creates nothing', async () => {
    const key = newKey();
    expect((await send('POST', '/api/v1/tickets-sgi', { key, json: ticket('Idempotente A') })).status).toBe(201);
    const other = await send('POST', '/api/v1/tickets-sgi', { key, json: ticket('Idempotente B') });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('Esta chave de idempotência já foi usada com outra requisição.');
    expect(other.body.errors).toHaveProperty('Idempotency-Key');
    expect(other.replayed).toBeNull();
    expect(await countTickets('Idempotente B')).toBe(0);
    // Another path with the key is another request too.
    expect((await send('POST', '/api/v1/planos-acao', { key, json: ticket('Idempotente A') })).status).toBe(422);
  });

  it('keys are per user: the same key from another person is independent', async () => {
    const key = newKey();
    const mine = await send('POST', '/api/v1/tickets-sgi', { key, json: ticket('Idempotente por pessoa') });
    const theirs = await send('POST', '/api/v1/tickets-sgi', { as: LEITURA, key, json: ticket('Idempotente por pessoa') });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.replayed).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await countTickets('Idempotente por pessoa')).toBe(2);
    const rows = await sql<{ usuario: string }>`select usuario from idempotencia where chave = ${key} order by usuario`.execute(t.api.db);
    expect(rows.rows.map((r) => r.usuario)).toEqual([ADMIN, LEITURA]);
  });

  it('a transition retried with its key is taken once', async () => {
    const created = await send('POST', '/api/v1/tickets-sgi', { as: LEITURA, json: ticket('Idempotente transição') });
    const id = created.body.id as number;
    const path = `/api/v1/tickets-sgi/${id}/transitions/enviar-triagem`;
    const key = newKey();
    const first = await send('POST', path, { as: LEITURA, key, json: { version: created.body.version } });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('TRIAGEM');
    const again = await send('POST', path, { as: LEITURA, key, json: { version: created.body.version } });
    expect(again.status).toBe(200);
    expect(again.replayed).toBe('true');
    expect(again.body).toEqual(first.body);
    const history = (await c.get(`/api/v1/tickets-sgi/${id}/historico`)).body as { transition?: { name: string } }[];
    expect(history.filter((h) => h.transition?.name === 'enviar-triagem').length).toBe(1);
    expect((await c.mails(SGI, `tickets-sgi/${id}`)).length).toBe(1);
    // The same retry without the key is a second request, refused: the action is no longer available.
    const unkeyed = await send('POST', path, { as: LEITURA, json: { version: created.body.version } });
    expect(unkeyed.status).toBe(400);
    expect(unkeyed.replayed).toBeNull();
  });

  it('an upload retried with its key (a new form, a new boundary) keeps one file', async () => {
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([Buffer.from('linha 1\nlinha 2\n')], { type: 'text/plain' }), 'notas.txt');
      return f;
    };
    const before = await countFiles();
    const key = newKey();
    const path = '/api/v1/arquivos?recurso=contratos&campo=arquivos';
    const first = await send('POST', path, { key, body: form() });
    expect(first.status).toBe(201);
    const again = await send('POST', path, { key, body: form() });
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect(again.body.key).toBe(first.body.key);
    expect(await countFiles()).toBe(before + 1);
    // Another file with the key is another request.
    const other = new FormData();
    other.append('file', new Blob([Buffer.from('outro conteúdo\n')], { type: 'text/plain' }), 'notas.txt');
    expect((await send('POST', path, { key, body: other })).status).toBe(422);
    expect(await countFiles()).toBe(before + 1);
  });

  it('a 400 answer is stored and replayed as 400', async () => {
    const key = newKey();
    const invalid = { titulo: 'Idempotente inválido' };
    const first = await send('POST', '/api/v1/tickets-sgi', { key, json: invalid });
    expect(first.status).toBe(400);
    expect(first.replayed).toBeNull();
    const again = await send('POST', '/api/v1/tickets-sgi', { key, json: invalid });
    expect(again.status).toBe(400);
    expect(again.replayed).toBe('true');
    // The same answer; its `requestId` is each request's own (the replay's log line has it, issue 35).
    const withoutId = (text: string) => ({ ...(JSON.parse(text) as Record<string, unknown>), requestId: undefined });
    expect(withoutId(again.text)).toEqual(withoutId(first.text));
    expect(JSON.parse(again.text).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(again.text).requestId).not.toBe(JSON.parse(first.text).requestId);
    expect(await countTickets('Idempotente inválido')).toBe(0);
  });

  it('refuses an invalid key with 400 and a pt-BR message, before running anything', async () => {
    for (const key of ['', 'com espaço', 'x'.repeat(256), 'ação']) {
      const r = await send('POST', '/api/v1/tickets-sgi', { key, json: ticket('Idempotente chave inválida') });
      expect(r.status, JSON.stringify(key)).toBe(400);
      expect(r.body.message).toMatch(/^O cabeçalho Idempotency-Key deve ter de 1 a 255 caracteres ASCII visíveis/);
      expect(r.body.errors).toHaveProperty('Idempotency-Key');
    }
    expect(await countTickets('Idempotente chave inválida')).toBe(0);
    expect((await send('POST', '/api/v1/tickets-sgi', { key: 'x'.repeat(255), json: ticket('Idempotente chave inválida') })).status).toBe(201);
  });

  it('a key left in progress (a crashed first request) answers 409 and never runs again', async () => {
    const key = newKey();
    expect((await send('POST', '/api/v1/tickets-sgi', { key, json: ticket('Idempotente interrompido') })).status).toBe(201);
    await sql`update idempotencia set estado = 'em-andamento', status = null, corpo = null where chave = ${key}`.execute(t.api.db);
    process.env.IDEMPOTENCY_WAIT_MS = '300';
    const started = Date.now();
    const r = await send('POST', '/api/v1/tickets-sgi', { key, json: ticket('Idempotente interrompido') });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/ainda está em andamento/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await countTickets('Idempotente interrompido')).toBe(1);
  });

  it('the daily job removes the keys older than 48 h and keeps the newer ones', async () => {
    const job = DAILY_JOBS.find((j) => j.name === 'limpeza-idempotencia')!;
    expect(job).toBeTruthy();
    const old = newKey();
    const recent = newKey();
    await sql`insert into idempotencia (usuario, chave, metodo, caminho, corpo_hash, estado, status, corpo, tipo, criado_em) values
      (${ADMIN}, ${old}, 'POST', '/api/v1/x', 'h', 'concluido', 201, '{}', 'application/json', now() - interval '49 hours'),
      (${ADMIN}, ${recent}, 'POST', '/api/v1/x', 'h', 'concluido', 201, '{}', 'application/json', now() - interval '47 hours')`.execute(t.api.db);
    const outcome = await runDailyJob(t.api.db, job, '2001-01-01');
    expect(outcome.ran).toBe(true);
    expect(outcome.ran && (outcome.result as { removidas: number }).removidas).toBeGreaterThanOrEqual(1);
    const left = await sql<{ chave: string }>`select chave from idempotencia where chave in (${old}, ${recent})`.execute(t.api.db);
    expect(left.rows.map((r) => r.chave)).toEqual([recent]);
  });

  it('documents the key on every authenticated write of the OpenAPI description, with its 409 and 422', async () => {
    const doc = (await (await t.api.request('/api/v1/openapi.json')).json()) as Json;
    expect(doc.components.parameters['Idempotency-Key']).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
    expect(doc.components.responses.UnprocessableEntity).toBeTruthy();
    let writes = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const m of ['post', 'put', 'patch', 'delete']) {
        // Public writes (the survey's answer: the link's token is the credential) take no key.
        if (!item[m] || (Array.isArray(item[m].security) && item[m].security.length === 0)) continue;
        writes++;
        expect(item[m].parameters, `${m} ${path}`).toContainEqual({ $ref: '#/components/parameters/Idempotency-Key' });
        expect(Object.keys(item[m].responses), `${m} ${path}`).toEqual(expect.arrayContaining(['409', '422']));
      }
    }
    expect(writes).toBeGreaterThan(100);
  });
});
