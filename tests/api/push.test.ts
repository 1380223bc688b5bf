/**
 * Web push to the installed app (issue 41), on each database: a person's device subscribes (a
 * foreign subscription is a pt-BR 400 and nothing is stored); a workflow step that gives them a
 * pending item reaches the device through the pg-boss `push` queue after the commit, encrypted
 * (aes128gcm, decrypted here with the browser's keys) and VAPID-signed, against a local stand-in of
 * the push service; a device the service says is gone (410) or not found (404) is removed; the person's preferences
 * per kind and channel decide what is pushed and what is e-mailed.
 */
import { sql } from 'kysely';
import { importJWK, jwtVerify } from 'jose';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, contractSentToLegal } from './workflow-helpers';
import { browserKeys, decryptAes128gcm, startPushStandIn, type StandIn } from './push-stand-in';
import { startEngine, type Engine } from '../../src/server/db/boss';
import { startPushWorker, type PushWorker } from '../../src/server/notifications/delivery';
import { notifyPerson } from '../../src/server/notifications/dispatch';
import { dailyDigestJob } from '../../src/server/jobs/daily-digest';
import type { PushPayload } from '../../resources/notificacoes';
import { waitUntil } from './poll';

const RESP = 'contratos.responsavel@portal.local';
const GESTOR = 'contratos.gestor@portal.local';
const VAPID = webpush.generateVAPIDKeys();
const ENV = {
  PUSH_SERVICE_HOSTS: '127.0.0.1',
  VAPID_PUBLIC_KEY: VAPID.publicKey,
  VAPID_PRIVATE_KEY: VAPID.privateKey,
  VAPID_SUBJECT: 'mailto:ti@portal.local',
};

describe.each(BACKENDS)('web push (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const saved: Record<string, string | undefined> = {};
  let standIn: StandIn;
  let engine: Engine;
  let worker: PushWorker;
  beforeAll(async () => {
    for (const [k, v] of Object.entries(ENV)) [saved[k], process.env[k]] = [process.env[k], v];
    standIn = await startPushStandIn();
    engine = await startEngine({ db: t.api.db, listenVia: t.api.listenVia }, { schedule: false });
    worker = await startPushWorker(t.api.db, { agent: standIn.agent, pollingIntervalSeconds: 0.5 });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await engine?.stop();
    await standIn?.close();
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  const devices = async (email: string) =>
    (await sql<{ endpoint: string }>`select endpoint from push_assinatura where email = ${email}`.execute(t.api.db)).rows;
  /** A contract the responsible person sends to the legal team: its manager (GESTOR) gets a pending item. */
  const newPendingItem = (numero: string) => contractSentToLegal(c, numero);

  it('serves the VAPID key, subscribes a device and refuses a foreign subscription (pt-BR 400, nothing stored)', async () => {
    expect((await c.get('/api/v1/push/chave', GESTOR)).body).toEqual({ chavePublica: VAPID.publicKey });
    const keys = browserKeys().json;
    const ok = { endpoint: `${standIn.origin}/push/ok/teste`, keys };
    for (const [body, field] of [
      [{ ...ok, endpoint: 'https://push.exemplo.com.br/abc' }, 'endpoint'], // not a browser's push service
      [{ ...ok, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' }, 'endpoint'],
      [{ endpoint: 'dGhpcyBpcyBhbiBGQ00gdG9rZW4', keys }, 'endpoint'], // an FCM/APNs token, not a URL
      [{ ...ok, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } }, 'keys.p256dh'],
      [{ ...ok, keys: { ...keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } }, 'keys.p256dh'], // not on the curve
      [{ ...ok, keys: { ...keys, auth: 'c2VncmVkbw' } }, 'keys.auth'],
      [{ ...ok, keys: { ...keys, auth: 'não+é/base64url' } }, 'keys.auth'],
      [{ ...ok, token: 'x' }, 'token'],
    ] as const) {
      const r = await c.post('/api/v1/push/assinaturas', body, GESTOR);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe('Assinatura de push inválida. Nada foi gravado.');
      expect(r.body.errors[field][0]).toMatch(/[a-zà-ú]/);
    }
    expect(await devices(GESTOR)).toEqual([]);
    const r = await c.post('/api/v1/push/assinaturas', ok, GESTOR);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ servico: '127.0.0.1', endpoint: ok.endpoint, ultimoEnvioEm: null });
    expect((await c.get('/api/v1/push/assinaturas', GESTOR)).body).toHaveLength(1);
    expect((await c.get('/api/v1/push/assinaturas', RESP)).body).toEqual([]); // one's own only
    expect((await c.del(`/api/v1/push/assinaturas/${r.body.id}`, RESP)).status).toBe(404);
    expect((await c.del(`/api/v1/push/assinaturas/${r.body.id}`, GESTOR)).status).toBe(204);
    expect(await devices(GESTOR)).toEqual([]);
  });

  it('pushes a new pending item after the commit, encrypted and signed; a device gone (410) or not found (404) is removed', async () => {
    const phone = browserKeys();
    const old = browserKeys();
    const tablet = browserKeys();
    expect((await c.post('/api/v1/push/assinaturas', { endpoint: `${standIn.origin}/push/ok/celular`, keys: phone.json }, GESTOR)).status).toBe(201);
    expect((await c.post('/api/v1/push/assinaturas', { endpoint: `${standIn.origin}/push/gone/antigo`, keys: old.json }, GESTOR)).status).toBe(201);
    expect((await c.post('/api/v1/push/assinaturas', { endpoint: `${standIn.origin}/push/not-found/tablet`, keys: tablet.json }, GESTOR)).status).toBe(201);
    // A notice of a write that rolls back never leaves.
    await expect(
      t.api.db.transaction().execute(async (trx) => {
        await notifyPerson(trx, GESTOR, { kind: 'pendencia', title: 'desfeita', body: 'desfeita', url: '/pendencias' });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');

    const id = await newPendingItem('PUSH-1');
    await waitUntil(() => standIn.requests.some((r) => r.path === '/push/ok/celular'));
    // Once the notice is marked sent every device was tried: the one gone (410) and the one not found (404) are removed.
    await waitUntil(
      async () =>
        (await sql<{ n: number }>`select count(*)::int as n from notificacao where para = ${GESTOR} and push_enviada_em is not null`.execute(t.api.db)).rows[0]
          .n > 0,
    );
    expect((await devices(GESTOR)).map((d) => d.endpoint)).toEqual([`${standIn.origin}/push/ok/celular`]);

    const req = standIn.requests.find((r) => r.path === '/push/ok/celular')!;
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(req.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(decryptAes128gcm(req.body, phone)) as PushPayload;
    expect(payload).toEqual({
      title: 'Contrato PUSH-1: Emitido para o Jurídico',
      body: expect.stringContaining('"Emitir para o Jurídico"'),
      url: `/contrato/${id}`,
      kind: 'pendencia',
      tag: `contratos/${id}`,
    });
    // VAPID (RFC 8292): a JWT for the push service's origin, signed with the server's key.
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(String(req.headers.authorization))!;
    expect(k).toBe(VAPID.publicKey);
    const point = Buffer.from(k, 'base64url');
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      'ES256',
    );
    expect((await jwtVerify(jwt, key)).payload).toMatchObject({ aud: standIn.origin, sub: 'mailto:ti@portal.local' });
    const sent = await sql<{
      titulo: string;
      enviada: boolean;
    }>`select titulo, push_enviada_em is not null as enviada from notificacao where para = ${GESTOR}`.execute(t.api.db);
    expect(sent.rows).toEqual([{ titulo: 'Contrato PUSH-1: Emitido para o Jurídico', enviada: true }]);
    expect(standIn.requests.filter((r) => r.path === '/push/ok/celular')).toHaveLength(1);
    // The two expired devices were each tried once (410 and 404) before they were removed.
    expect(standIn.requests.filter((r) => r.path === '/push/gone/antigo')).toHaveLength(1);
    expect(standIn.requests.filter((r) => r.path === '/push/not-found/tablet')).toHaveLength(1);
  });

  it('follows the person’s preferences per kind and channel: push off → nothing pushed; e-mail off → no mail', async () => {
    const rows = async (id: number) => ({
      push: (await sql<{ n: number }>`select count(*)::int as n from notificacao where para = ${GESTOR} and marca = ${`contratos/${id}`}`.execute(t.api.db))
        .rows[0].n,
      mail: (await c.mails(GESTOR, `contratos/${id}`)).length,
    });
    const put = async (json: unknown) => {
      const r = await t.api.request('/api/v1/preferencias', { method: 'PUT', as: GESTOR, json });
      return { status: r.status, body: await r.json() };
    };
    for (const [body, field] of [
      [{ notificacoes: { webhook: { push: false } } }, 'notificacoes.webhook'],
      [{ notificacoes: { pendencia: { sms: true } } }, 'notificacoes.pendencia.sms'],
      [{ notificacoes: { sla: { push: 'não' } } }, 'notificacoes.sla.push'],
      [{ resumoDiario: true, notificacoes: { pendencia: { resumo: false } } }, 'notificacoes.pendencia.resumo'],
    ] as const) {
      const r = await put(body);
      expect(r.status).toBe(400);
      expect(r.body.errors[field][0]).toBeTruthy();
    }
    expect((await c.get('/api/v1/preferencias', GESTOR)).body.notificacoes.pendencia).toEqual({ email: true, push: true, resumo: true });

    const pushOff = await put({ notificacoes: { pendencia: { push: false } } });
    expect(pushOff.status).toBe(200);
    expect(pushOff.body).toMatchObject({ resumoDiario: true, notificacoes: { pendencia: { email: true, push: false, resumo: true }, sla: { push: true } } });
    const a = await newPendingItem('PUSH-2');
    expect(await rows(a)).toEqual({ push: 0, mail: 1 });

    expect((await put({ notificacoes: { pendencia: { email: false, push: true } } })).status).toBe(200);
    const b = await newPendingItem('PUSH-3');
    expect(await rows(b)).toEqual({ push: 1, mail: 0 });
    await waitUntil(
      async () => (await sql<{ n: number }>`select count(*)::int as n from notificacao where push_enviada_em is null`.execute(t.api.db)).rows[0].n === 0,
    );
    expect(standIn.requests.filter((r) => r.path === '/push/ok/celular')).toHaveLength(2); // PUSH-1 and PUSH-3, never PUSH-2

    // A kind sent to the daily digest and not by e-mail: it waits for the next digest.
    expect((await put({ notificacoes: { respostaCliente: { email: false, push: false, resumo: true } } })).status).toBe(200);
    const reply = {
      kind: 'respostaCliente' as const,
      title: 'Ticket nº 9: resposta do cliente',
      body: 'Cliente: obrigado!',
      url: '/posvendas/9',
      tag: 'posvendas/9',
    };
    await t.api.db.transaction().execute((trx) => notifyPerson(trx, GESTOR, { ...reply, mail: { subject: 'resposta', text: 'x', ref: 'posvendas/9' } }));
    expect((await c.mails(GESTOR, 'posvendas/9')).length).toBe(0);
    const day = new Date().toISOString().slice(0, 10);
    await t.api.db.transaction().execute((trx) => dailyDigestJob(trx, day));
    const [digest] = await c.mails(GESTOR, `resumo-diario/${day}`);
    expect(digest.texto).toContain('- Respostas de clientes: Ticket nº 9: resposta do cliente');
    expect(digest.texto).toContain('Cliente: obrigado!');
  });
});
