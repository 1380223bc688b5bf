/**
 * The webhooks' SSRF guard at delivery time (issue 41), with the DNS answers given by the test (the
 * guard's `resolve`, src/server/webhooks/ssrf.ts) and a local receiver on 127.0.0.1:
 * - DNS rebinding: a public-looking name that resolved to a public address when subscribed and
 *   resolves to 127.0.0.1 when delivered to is refused at delivery (nothing reaches the receiver, the
 *   delivery is a failure, not delivered), while the same answer under an allowed on-premises range
 *   does reach it (so the refusal is the guard's, not a name that could not be reached);
 * - a receiver answering a redirect to 127.0.0.1 or to the metadata address 169.254.169.254 is not
 *   followed: the 302 is the delivery's failure, the redirect's target gets nothing and the next
 *   attempt sends again (the delivery was never counted as delivered).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { deliverWebhook } from '../../src/server/webhooks/delivery';
import { createWebhook, parseWebhook } from '../../src/server/webhooks/store';
import type { ResolveHost, SsrfOptions } from '../../src/server/webhooks/ssrf';

const ADMIN = 'admin@portal.local';
const SECRET = 'segredo-de-teste-com-mais-de-32-caracteres';
/** A name that looks like a company's public host (never resolved by the system's DNS here). */
const HOST = 'ganchos.erp-exemplo.com.br';
const PUBLIC = '93.184.216.34';
const METADATA = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/';

describe.each(BACKENDS)('webhooks: DNS rebinding and redirects at delivery (%s)', (backend) => {
  const t = useApi(backend);
  const received: string[] = [];
  let server: Server;
  let port = 0;
  let conta = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push(path);
        if (path === '/redireciona-loopback') res.writeHead(302, { location: `http://127.0.0.1:${port}/alvo-loopback` }).end();
        else if (path === '/redireciona-metadados') res.writeHead(302, { location: METADATA }).end();
        else if (path === '/redireciona-nome') res.writeHead(307, { location: `http://metadados.erp-exemplo.com.br:${port}/alvo-nome` }).end();
        else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    conta = Number((await sql<{ id: string }>`select id from conta_servico where nome = 'Integração ERP'`.execute(t.api.db)).rows[0].id);
  }, 60_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
  });

  /** DNS answers the test controls: each name's answers in order (the last one repeats), and each question asked. */
  const dns = (answers: Record<string, string[]>) => {
    const asked: string[] = [];
    const resolve: ResolveHost = async (hostname) => {
      asked.push(hostname);
      const list = answers[hostname];
      if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      const address = list.length > 1 ? list.shift()! : list[0];
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
    return { asked, resolve };
  };

  /** A subscription checked as the API checks it (with `ssrf`), and one delivery of a ping to it. */
  const subscribeAndQueue = async (nome: string, url: string, ssrf: SsrfOptions) => {
    const input = await parseWebhook(t.api.db, { nome, url, eventos: ['ping'], contaServico: conta, segredo: SECRET }, undefined, ssrf);
    const webhook = await createWebhook(t.api.db, input, ADMIN);
    const payload = JSON.stringify({
      id: `ping-${nome}`,
      evento: 'ping',
      em: new Date().toISOString(),
      ator: { nome: 'Sistema' },
      recurso: null,
      registro: null,
    });
    const entrega = (
      await sql<{ id: string }>`insert into webhook_entrega (webhook_id, evento_id, evento, payload)
        values (${webhook.id}, ${`ping-${nome}`}, 'ping', cast(${payload} as jsonb)) returning id`.execute(t.api.db)
    ).rows[0].id;
    return String(entrega);
  };
  const row = async (id: string) =>
    (
      await sql<{ situacao: string; tentativas: number; status_http: number | null; erro: string | null; entregue: boolean }>`
        select situacao, tentativas, status_http, erro, entregue_em is not null as entregue from webhook_entrega where id = ${id}`.execute(t.api.db)
    ).rows[0];
  const at = (path: string) => received.filter((p) => p === path);

  it('refuses at delivery a public name that now resolves to 127.0.0.1 (DNS rebinding); the same answer in an allowed range is reached', async () => {
    // Public when subscribed, loopback when delivered to.
    const rebinding = dns({ [HOST]: [PUBLIC, '127.0.0.1'] });
    const strict: SsrfOptions = { allowHttp: true, allowedCidrs: [], resolve: rebinding.resolve };
    const id = await subscribeAndQueue('rebinding', `http://${HOST}:${port}/rebinding`, strict);
    expect(rebinding.asked).toEqual([HOST]); // the subscription's check: a public address, accepted

    const out = await deliverWebhook(t.api.db, id, false, { ssrf: () => strict });
    expect(out).toEqual({ error: expect.stringMatching(/rede privada/) });
    expect(rebinding.asked).toEqual([HOST, HOST]); // resolved again when delivered to, not trusted from the subscription
    expect(at('/rebinding')).toEqual([]);
    expect(await row(id)).toMatchObject({ situacao: 'falhou', tentativas: 1, status_http: null, entregue: false, erro: expect.stringMatching(/rede privada/) });

    // Control: the very same DNS answers under an allowed on-premises range reach the receiver, so
    // what refused the delivery above is the guard, after resolution, and nothing else.
    const onPremises = dns({ [HOST]: [PUBLIC, '127.0.0.1'] });
    const allowed: SsrfOptions = { allowHttp: true, allowedCidrs: ['127.0.0.1/32'], resolve: onPremises.resolve };
    const control = await subscribeAndQueue('controle', `http://${HOST}:${port}/controle`, allowed);
    expect(await deliverWebhook(t.api.db, control, false, { ssrf: () => allowed })).toBe('sent');
    expect(onPremises.asked).toEqual([HOST, HOST]);
    expect(at('/controle')).toHaveLength(1);
    expect(await row(control)).toMatchObject({ situacao: 'entregue', entregue: true });
  });

  it('does not follow a redirect to 127.0.0.1 or to 169.254.169.254: a failure, not delivered, sent again on the next attempt', async () => {
    // The receiver itself is on 127.0.0.1 (allowed as on-premises): even a redirect the guard would
    // let through is not followed.
    const names = dns({ 'metadados.erp-exemplo.com.br': ['169.254.169.254'] });
    const local: SsrfOptions = { allowHttp: true, allowedCidrs: ['127.0.0.1/32'], resolve: names.resolve };
    for (const [nome, path, target] of [
      ['loopback', '/redireciona-loopback', '/alvo-loopback'],
      ['metadados', '/redireciona-metadados', null],
      ['nome', '/redireciona-nome', '/alvo-nome'],
    ] as const) {
      const id = await subscribeAndQueue(`redireciona-${nome}`, `http://127.0.0.1:${port}${path}`, local);
      const out = await deliverWebhook(t.api.db, id, false, { ssrf: () => local });
      expect(out, nome).toEqual({ error: expect.stringMatching(/^HTTP 30[27]$/) });
      expect(await row(id), nome).toMatchObject({ situacao: 'falhou', tentativas: 1, status_http: path === '/redireciona-nome' ? 307 : 302, entregue: false });
      // Not counted as delivered: the next attempt posts to the subscribed address again.
      await deliverWebhook(t.api.db, id, true, { ssrf: () => local });
      expect(at(path), nome).toHaveLength(2);
      expect(await row(id), nome).toMatchObject({ situacao: 'desistiu', tentativas: 2, entregue: false });
      if (target) expect(at(target), nome).toEqual([]);
    }
    // The redirect's host name was never even resolved.
    expect(names.asked).toEqual([]);
  });
});
