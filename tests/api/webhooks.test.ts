/**
 * Signed webhooks (issue 41), on each database, against a local receiver: a workflow step delivers
 * exactly one signed delivery after the commit (the outbox reads the history, the `webhook` queue
 * sends); a receiver answering 500 then 200 gets it twice and then never again; one always failing
 * has its subscription paused after the configured number of deliveries given up, and its owner
 * e-mailed; the payload carries only what the subscription's service account may read, and nothing
 * for a record it may not read; a rotated secret signs beside the new one during its grace period;
 * "reenviar" sends a given-up delivery again; bad input and private addresses are pt-BR 400s,
 * nothing stored; "Enviar teste" sends a signed ping to one subscription; the address is checked again at delivery (a name now resolving to loopback is
 * never reached) and a redirect is never followed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client, contractSentToLegal } from './workflow-helpers';
import { startEngine, type Engine } from '../../src/server/db/boss';
import { deliverWebhook, startWebhookWorker, type WebhookWorker } from '../../src/server/webhooks/delivery';
import { verifySignature } from '../../src/server/webhooks/signature';
import { abilityFromRules, defineAbilityFor } from '../../src/access/ability';
import { WEBHOOK_HEADERS, type WebhookPayload } from '../../resources/webhooks';
import { waitUntil } from './poll';
import { newServiceAccount, RECEIVER_ENV as ENV, useWebhookReceiver } from './webhook-receiver';

const ADMIN = 'admin@portal.local';
const RESP = 'contratos.responsavel@portal.local';
const SECRET = 'segredo-de-teste-com-mais-de-32-caracteres';
const EVENT = 'contratos.transicao.emitir-juridico';

describe.each(ENGINE_BACKENDS)('signed webhooks (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  /** Status to answer per path, in order; the last one repeats. */
  const answers = new Map<string, number[]>();
  const rx = useWebhookReceiver((path) => {
    const list = answers.get(path) ?? [200];
    return list.length > 1 ? list.shift()! : list[0];
  });
  const { received } = rx;
  let engine: Engine;
  let worker: WebhookWorker;
  beforeAll(async () => {
    engine = await startEngine({ db: t.api.db, listenVia: t.api.listenVia }, { schedule: false });
    worker = await startWebhookWorker(t.api.db, {
      pollingIntervalSeconds: 0.5,
      outboxIntervalMs: 300,
      retry: { limit: 2, delaySeconds: 1, maxDelaySeconds: 1 },
      pauseAfter: 2,
      // An account named "sem valor" may read contracts but not their value: the payload must not carry it.
      abilityOf: (user) => {
        const base = defineAbilityFor(user);
        return user.name.includes('sem valor')
          ? abilityFromRules([...base.rules, { action: 'read', subject: 'Contratos', fields: ['valor'], inverted: true }])
          : base;
      },
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await engine?.stop();
  });

  const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.api.db)).rows[0].n);
  const newAccount = (nome: string, roles: string[], obra: string[] = []) => newServiceAccount(c, nome, roles, obra);
  const subscribe = async (nome: string, path: string, contaServico: number) => {
    const r = await c.post('/api/v1/webhooks', { nome, url: `${rx.origin}${path}`, eventos: [EVENT], contaServico, segredo: SECRET }, ADMIN);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as number;
  };
  const at = (path: string) => received.filter((r) => r.path === path);
  /** A contract sent to the legal team: one `contratos.transicao.emitir-juridico` event. */
  const newTransition = (numero: string) => contractSentToLegal(c, numero);
  const deliveries = async (id: number) => (await c.get(`/api/v1/webhooks/${id}/entregas`, ADMIN)).body as { situacao: string; tentativas: number }[];

  it('refuses bad input and private addresses with pt-BR 400s, storing nothing', async () => {
    const conta = await newAccount('Webhook validação', ['contratos']);
    const ok = { nome: 'ERP', url: 'https://example.com/ganchos', eventos: [EVENT], contaServico: conta, segredo: SECRET };
    delete process.env.WEBHOOK_ALLOW_HTTP;
    delete process.env.WEBHOOK_ALLOWED_CIDRS;
    try {
      for (const [body, field] of [
        [{ ...ok, url: 'http://example.com/ganchos' }, 'url'],
        [{ ...ok, url: 'https://localhost:8443/x' }, 'url'],
        [{ ...ok, url: 'https://127.0.0.1/x' }, 'url'],
        [{ ...ok, url: 'https://169.254.169.254/latest' }, 'url'],
        [{ ...ok, eventos: ['contratos.aprovado-por-marte'] }, 'eventos'],
        [{ ...ok, eventos: [] }, 'eventos'],
        [{ ...ok, segredo: 'curto-demais' }, 'segredo'],
        [{ ...ok, contaServico: 999999 }, 'contaServico'],
        [{ ...ok, extra: 1 }, 'extra'],
      ] as const) {
        const r = await c.post('/api/v1/webhooks', body, ADMIN);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body).toMatchObject({ message: 'Webhook inválido. Nada foi gravado.', statusCode: 400 });
        expect(r.body.errors[field][0], field).toMatch(/[a-zà-ú]/);
      }
    } finally {
      Object.assign(process.env, ENV);
    }
    expect(await count('webhook')).toBe(0);
    expect((await c.post('/api/v1/webhooks', ok, 'sm@portal.local')).status).toBe(403);
    expect(await count('webhook')).toBe(0);
  });

  it('delivers one transition exactly once, signed; the signature verifies', async () => {
    const conta = await newAccount('Webhook ERP', ['contratos']);
    const id = await subscribe('ERP contratos', '/ok', conta);
    const contrato = await newTransition('WH-1');
    await waitUntil(() => at('/ok').length === 1);
    await waitUntil(async () => (await deliveries(id))[0]?.situacao === 'entregue');
    const req = at('/ok')[0];
    const ts = Number(req.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(60);
    expect(verifySignature(SECRET, ts, req.body, String(req.headers[WEBHOOK_HEADERS.signature.toLowerCase()]))).toBe(true);
    expect(verifySignature('outro-segredo-qualquer-com-32-caracteres!', ts, req.body, String(req.headers[WEBHOOK_HEADERS.signature.toLowerCase()]))).toBe(
      false,
    );
    const payload = JSON.parse(req.body) as WebhookPayload;
    expect(payload).toMatchObject({ evento: EVENT, recurso: 'contratos', ator: { email: RESP }, registro: { id: contrato, numero: 'WH-1', valor: 1000 } });
    expect(req.headers[WEBHOOK_HEADERS.id.toLowerCase()]).toBe(payload.id);
    // Later passes of the outbox and the queue never send it again.
    await new Promise((r) => setTimeout(r, 1500));
    expect(at('/ok')).toHaveLength(1);
    expect(await deliveries(id)).toMatchObject([{ situacao: 'entregue', tentativas: 1 }]);
    expect((await c.del(`/api/v1/webhooks/${id}`, ADMIN)).status).toBe(204);
  });

  it('sends again after a 500 and stops after the 200', async () => {
    const conta = await newAccount('Webhook instável', ['contratos']);
    answers.set('/instavel', [500, 200]);
    const id = await subscribe('Instável', '/instavel', conta);
    await newTransition('WH-2');
    await waitUntil(async () => (await deliveries(id))[0]?.situacao === 'entregue');
    await new Promise((r) => setTimeout(r, 2500));
    expect(at('/instavel')).toHaveLength(2);
    expect(at('/instavel')[0].body).toBe(at('/instavel')[1].body);
    expect(await deliveries(id)).toMatchObject([{ situacao: 'entregue', tentativas: 2 }]);
    expect((await c.del(`/api/v1/webhooks/${id}`, ADMIN)).status).toBe(204);
  });

  it('pauses a subscription whose receiver keeps failing, and tells its owner', async () => {
    const conta = await newAccount('Webhook fora do ar', ['contratos']);
    answers.set('/fora', [503]);
    const id = await subscribe('Fora do ar', '/fora', conta);
    await newTransition('WH-3');
    await newTransition('WH-4');
    await waitUntil(async () => (await c.get(`/api/v1/webhooks/${id}`, ADMIN)).body.situacao === 'pausado', 60_000);
    expect((await c.get(`/api/v1/webhooks/${id}`, ADMIN)).body).toMatchObject({ situacao: 'pausado', falhasConsecutivas: 2 });
    expect(at('/fora')).toHaveLength(6); // 2 deliveries × (1 + 2 retries)
    const log = (await c.get(`/api/v1/webhooks/${id}/entregas`, ADMIN)).body as { situacao: string; statusHttp: number; resposta: string }[];
    expect(log.map((d) => [d.situacao, d.statusHttp])).toEqual([
      ['desistiu', 503],
      ['desistiu', 503],
    ]);
    expect(Buffer.byteLength(log[0].resposta)).toBeLessThanOrEqual(1024);
    expect((await c.mails(ADMIN, `webhooks/${id}`)).map((m) => m.assunto)).toEqual(['Webhook "Fora do ar" pausado']);
    // Paused: a new event is not delivered; reactivated: the next one is.
    await newTransition('WH-5');
    await new Promise((r) => setTimeout(r, 1500));
    expect(at('/fora')).toHaveLength(6);
    answers.set('/fora', [200]);
    expect((await c.post(`/api/v1/webhooks/${id}/reativar`, {}, ADMIN)).body).toMatchObject({ situacao: 'ativo', falhasConsecutivas: 0 });
    await newTransition('WH-6');
    await waitUntil(() => at('/fora').length === 7);
    expect((await c.del(`/api/v1/webhooks/${id}`, ADMIN)).status).toBe(204);
  });

  it('signs with both secrets during a rotation; "reenviar" sends a given-up delivery again, never a delivered one', async () => {
    const conta = await newAccount('Webhook rotação', ['contratos']);
    answers.set('/rotacao', [500]);
    const id = await subscribe('Rotação', '/rotacao', conta);
    const novo = 'segredo-novo-depois-da-rotacao-com-32-caracteres';
    const curto = await c.post(`/api/v1/webhooks/${id}/rotacionar-segredo`, { segredo: 'curto' }, ADMIN);
    expect(curto.status).toBe(400);
    expect(curto.body.errors.segredo[0]).toMatch(/32 caracteres/);
    const rotated = await c.post(`/api/v1/webhooks/${id}/rotacionar-segredo`, { segredo: novo, carenciaHoras: 2 }, ADMIN);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ segredo: novo, segredoAnteriorAte: expect.any(String) });
    await newTransition('WH-8');
    await waitUntil(async () => (await deliveries(id))[0]?.situacao === 'desistiu');
    const req = at('/rotacao')[0];
    const ts = Number(req.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]);
    const header = String(req.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
    expect(header.split(',')).toHaveLength(2);
    expect(verifySignature(novo, ts, req.body, header) && verifySignature(SECRET, ts, req.body, header)).toBe(true);
    answers.set('/rotacao', [200]);
    const [given] = (await c.get(`/api/v1/webhooks/${id}/entregas`, ADMIN)).body as { id: number }[];
    expect((await c.post(`/api/v1/webhooks/${id}/entregas/${given.id}/reenviar`, {}, ADMIN)).status).toBe(200);
    await waitUntil(async () => (await deliveries(id))[0]?.situacao === 'entregue');
    expect(at('/rotacao')).toHaveLength(4); // 3 attempts given up, then the one sent again
    expect((await c.post(`/api/v1/webhooks/${id}/entregas/${given.id}/reenviar`, {}, ADMIN)).status).toBe(409);
    expect((await c.del(`/api/v1/webhooks/${id}`, ADMIN)).status).toBe(204);
  });

  it('checks the address again at delivery: a name now resolving to loopback is not reached, a redirect not followed', async () => {
    const conta = await newAccount('Webhook endereço', ['contratos']);
    // "localhost" was allowed when subscribed (an on-premises range); the range is then withdrawn,
    // as when a public name is re-pointed to 127.0.0.1 after the subscription was checked.
    process.env.WEBHOOK_ALLOWED_CIDRS = '127.0.0.1/32,::1/128';
    const port = new URL(rx.origin).port;
    const created = await c.post(
      '/api/v1/webhooks',
      { nome: 'DNS', url: `http://localhost:${port}/dns`, eventos: [EVENT], contaServico: conta, segredo: SECRET },
      ADMIN,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const dns = created.body.id as number;
    process.env.WEBHOOK_ALLOWED_CIDRS = '';
    try {
      await newTransition('WH-9');
      await waitUntil(async () => (await deliveries(dns))[0]?.situacao === 'desistiu');
    } finally {
      process.env.WEBHOOK_ALLOWED_CIDRS = ENV.WEBHOOK_ALLOWED_CIDRS;
    }
    const [refused] = (await c.get(`/api/v1/webhooks/${dns}/entregas`, ADMIN)).body as { statusHttp: number | null; erro: string }[];
    expect(refused).toMatchObject({ statusHttp: null, erro: expect.stringMatching(/rede privada/) });
    expect(at('/dns')).toHaveLength(0);
    expect((await c.del(`/api/v1/webhooks/${dns}`, ADMIN)).status).toBe(204);

    answers.set('/redireciona', [302]);
    const moved = await subscribe('Redireciona', '/redireciona', conta);
    await newTransition('WH-10');
    await waitUntil(async () => (await deliveries(moved))[0]?.situacao === 'desistiu');
    expect(at('/redireciona')).toHaveLength(3); // 1 + 2 retries, each a failure
    expect(at('/alvo-do-redirecionamento')).toHaveLength(0);
    expect((await c.get(`/api/v1/webhooks/${moved}/entregas`, ADMIN)).body).toMatchObject([{ situacao: 'desistiu', statusHttp: 302 }]);
    expect((await c.del(`/api/v1/webhooks/${moved}`, ADMIN)).status).toBe(204);
  });

  it('a job replaced by "reenviar" sends nothing: only the delivery\'s current job posts', async () => {
    const conta = await newAccount('Webhook job substituído', ['contratos']);
    const id = await subscribe('Job substituído', '/substituida', conta);
    const payload = JSON.stringify({
      id: 'evento-substituido',
      evento: EVENT,
      em: new Date().toISOString(),
      ator: { nome: 'Sistema' },
      recurso: null,
      registro: null,
    });
    const current = '00000000-0000-4000-8000-000000000001';
    const entrega = (
      await sql<{ id: string }>`insert into webhook_entrega (webhook_id, evento_id, evento, payload, job_id)
        values (${id}, 'evento-substituido', ${EVENT}, cast(${payload} as jsonb), ${current}) returning id`.execute(t.api.db)
    ).rows[0].id;
    expect(await deliverWebhook(t.api.db, String(entrega), false, {}, '00000000-0000-4000-8000-000000000002')).toBe('skipped');
    expect(at('/substituida')).toHaveLength(0);
    expect(await deliverWebhook(t.api.db, String(entrega), false, {}, current)).toBe('sent');
    expect(at('/substituida')).toHaveLength(1);
    expect((await c.del(`/api/v1/webhooks/${id}`, ADMIN)).status).toBe(204);
  });

  it('"Enviar teste": a signed ping to that subscription alone; 409 when paused, 404 unknown, 403 for others', async () => {
    const conta = await newAccount('Webhook teste', ['contratos']);
    const subscribePing = async (nome: string) => {
      const r = await c.post('/api/v1/webhooks', { nome, url: `${rx.origin}/${nome}`, eventos: ['ping'], contaServico: conta, segredo: SECRET }, ADMIN);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as number;
    };
    const id = await subscribePing('alvo');
    const other = await subscribePing('outro');
    const r = await c.post(`/api/v1/webhooks/${id}/testar`, {}, ADMIN);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ evento: 'ping', situacao: 'pendente', payload: { evento: 'ping', recurso: null, registro: null, ator: { email: ADMIN } } });
    await waitUntil(async () => (await deliveries(id))[0]?.situacao === 'entregue');
    expect(at('/alvo')).toHaveLength(1);
    const req = at('/alvo')[0];
    const ts = Number(req.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]);
    expect(verifySignature(SECRET, ts, req.body, String(req.headers[WEBHOOK_HEADERS.signature.toLowerCase()]))).toBe(true);
    expect(JSON.parse(req.body) as WebhookPayload).toMatchObject({ id: r.body.eventoId, evento: 'ping', recurso: null, registro: null });
    expect(await deliveries(other)).toEqual([]);

    const before = await count('webhook_entrega');
    expect((await c.post(`/api/v1/webhooks/${id}/testar`, {}, 'sm@portal.local')).status).toBe(403);
    expect((await c.post('/api/v1/webhooks/999999/testar', {}, ADMIN)).status).toBe(404);
    await sql`update webhook set situacao = 'pausado' where id = ${other}`.execute(t.api.db);
    const paused = await c.post(`/api/v1/webhooks/${other}/testar`, {}, ADMIN);
    expect(paused.status).toBe(409);
    expect(paused.body.message).toBe('O webhook está pausado: reative-o antes de enviar um teste.');
    expect(await count('webhook_entrega')).toBe(before);
    for (const w of [id, other]) expect((await c.del(`/api/v1/webhooks/${w}`, ADMIN)).status).toBe(204);
  });

  it('puts in the payload only what the service account may read', async () => {
    const semValor = await newAccount('Webhook sem valor', ['contratos']);
    const semContratos = await newAccount('Webhook só diários', ['rdo_by_obra'], ['101']);
    const a = await subscribe('Sem valor', '/sem-valor', semValor);
    const b = await subscribe('Sem contratos', '/sem-contratos', semContratos);
    const contrato = await newTransition('WH-7');
    await waitUntil(() => at('/sem-valor').length === 1);
    const payload = JSON.parse(at('/sem-valor')[0].body) as WebhookPayload;
    expect(payload.registro).toMatchObject({ id: contrato, numero: 'WH-7' });
    expect(payload.registro).not.toHaveProperty('valor');
    expect(at('/sem-valor')[0].body).not.toContain('"valor"');
    await new Promise((r) => setTimeout(r, 1500));
    expect(at('/sem-contratos')).toHaveLength(0);
    expect(await deliveries(b)).toEqual([]);
    for (const id of [a, b]) expect((await c.del(`/api/v1/webhooks/${id}`, ADMIN)).status).toBe(204);
  });
});
