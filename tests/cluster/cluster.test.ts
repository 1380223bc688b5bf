/**
 * `npm run test:cluster` (issue 27): three real server processes on one PostgreSQL database, an
 * S3 stand-in, one identity stack, mail to files, and a round-robin proxy in front (cluster.ts).
 * What one portal must be, whatever process answers: caches dropped everywhere at once, the daily
 * job once, limits counted together, live updates to streams on any process, and no write or
 * e-mail lost or doubled while one process is killed (`kill -9`) and another restarted; each webhook
 * delivered at least once while a process is killed mid-delivery, a repeat only for the one in flight and
 * with the same Portal-Webhook-Id (so a receiver deduplicating on it sees each webhook once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Cluster } from './cluster';
import { connect, type Database } from '../../src/server/db/connect';
import { enqueueMail } from '../../src/server/mail/queue';
import { startEngine, type Engine } from '../../src/server/db/boss';
import { dailyJobs } from '../../src/server/jobs';
import { todayIso } from '../../src/server/time';
import { WEBHOOK_HEADERS } from '../../resources/webhooks';

const ADMIN = 'admin@portal.local';
const CLIENT = 'cliente@portal.local';
const ANON_LIMIT = 20;

const cluster = new Cluster({
  processes: 3,
  // The webhooks' receiver is this test's own server on 127.0.0.1 (an "on-premises" range).
  env: { API_RATE_LIMIT_ANON_PER_MIN: String(ANON_LIMIT), WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' },
});
const tokens: Record<string, string> = {};
let database: Database;
/** The harness's own engine (no workers, no schedules): its enqueues are the portal's. */
let engine: Engine;

/** A request to one process directly (`port`) or through the proxy. */
async function call(method: string, path: string, opts: { as?: string; port?: number; json?: unknown; headers?: Record<string, string> } = {}) {
  const base = opts.port ? `http://127.0.0.1:${opts.port}` : cluster.proxy.url;
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.as) headers.authorization = `Bearer ${tokens[opts.as]}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each check reads its own fields
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a proxy's or a dying process's answer)
  }
  return { status: res.status, body };
}

/** `list`'s items by `key`, in order (Map.groupBy is not in Node 20). */
function groupBy<T>(list: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of list) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/** Polls `check` on every process until it holds on each; the ms each took (fails past `ms`). */
async function seenByEveryProcess(check: (port: number) => Promise<boolean>, ms: number): Promise<number[]> {
  const t0 = performance.now();
  return Promise.all(
    cluster.processes.map(async (p) => {
      for (;;) {
        if (await check(p.port)) return performance.now() - t0;
        if (performance.now() - t0 > ms) throw new Error(`processo ${p.name} não viu a mudança em ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
}

beforeAll(async () => {
  await cluster.start();
  tokens[ADMIN] = await cluster.token(ADMIN, true);
  tokens[CLIENT] = await cluster.token(CLIENT, false);
  database = await connect({ databaseUrl: cluster.databaseUrl, poolSize: 2 });
  engine = await startEngine(database, { schedule: false, max: 2 });
}, 300_000);

afterAll(async () => {
  await engine?.stop();
  await database?.close();
  await cluster.close();
}, 120_000);

describe('three processes, one portal', () => {
  it('the proxy spreads requests over the three processes, and each answers as the same portal', async () => {
    const before = new Map(cluster.proxy.counts);
    for (let i = 0; i < 9; i++) expect((await call('GET', '/api/v1/me', { as: ADMIN })).status).toBe(200);
    for (const p of cluster.processes) expect((cluster.proxy.counts.get(p.port) ?? 0) - (before.get(p.port) ?? 0)).toBe(3);
  });

  it('an entity configuration change is seen by every process within 1 s (not at the next poll)', async () => {
    for (const p of cluster.processes) expect((await call('GET', '/api/v1/schemas', { as: ADMIN, port: p.port })).body.versions.obras ?? 0).toBe(0);
    const field = { name: 'cxCodigoCluster', kind: 'text', label: 'Código no cluster', version: 0 };
    const r = await call('POST', '/api/v1/schemas/obras/fields', { as: ADMIN, json: field });
    expect(r.status, JSON.stringify(r.body?.message ?? r.body)).toBe(201);
    const took = await seenByEveryProcess(async (port) => (await call('GET', '/api/v1/schemas', { as: ADMIN, port })).body.versions.obras === 1, 1000);
    console.log(`[cluster] configuração vista por A, B, C em ${took.map((t) => t.toFixed(0)).join(', ')} ms`);
  });

  it("a person's new site is seen by every process within 1 s, with the token they already hold; live updates reach streams on every process", async () => {
    const sees103 = async (port: number) => ((await call('GET', '/api/v1/obras?Id_Lista=103', { as: CLIENT, port })).body ?? []).length > 0;
    for (const p of cluster.processes) expect(await sees103(p.port)).toBe(false);
    // An open live-update stream on each process (a browser connected to it).
    const streams = await Promise.all(cluster.processes.map((p) => openStream(p.port)));
    await new Promise((r) => setTimeout(r, 700)); // past the coalescing window of the streams' first signal
    const before = streams.map((s) => s.count());
    const r = await call('POST', '/api/v1/obras/103/usuarios', { as: ADMIN, json: { email: CLIENT, roles: ['projetista', 'aprovador'] } });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    const took = await seenByEveryProcess(sees103, 1000);
    console.log(`[cluster] nova obra vista por A, B, C em ${took.map((t) => t.toFixed(0)).join(', ')} ms`);
    // The directory is a holder of steps: its write is a live-update signal, heard on every process.
    await Promise.all(streams.map((s, i) => s.waitFor(before[i] + 1, 2000)));
    for (const s of streams) await s.close();
  });

  it('a person made inactive is refused by every process within 5 s, with the token they hold, and their live streams end; made active again, let back in (issue 35)', async () => {
    const SM = 'sm@portal.local';
    tokens[SM] = await cluster.token(SM, true);
    const status = async (port: number) => (await call('GET', '/api/v1/diarios?_end=1', { as: SM, port })).status;
    for (const p of cluster.processes) expect(await status(p.port)).toBe(200);
    // A live-update stream open on each process (a tab connected to it).
    const streams = await Promise.all(cluster.processes.map((p) => openStream(p.port, tokens[SM])));
    const record = async () =>
      ((await call('GET', `/api/v1/usuarios?email=${encodeURIComponent(SM)}`, { as: ADMIN })).body as { id: number; version: number }[])[0];
    const before = await record();
    const t0 = performance.now();
    const off = await call('PATCH', `/api/v1/usuarios/${before.id}`, { as: ADMIN, json: { version: before.version, ativo: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const out = await seenByEveryProcess(async (port) => (await status(port)) === 401, 5000);
    console.log(`[cluster] pessoa desativada recusada por A, B, C em ${out.map((t) => t.toFixed(0)).join(', ')} ms`);
    const cut = await Promise.all(streams.map((st) => st.endedWithin(t0, 5000)));
    console.log(`[cluster] conexões ao vivo da pessoa desativada encerradas em ${cut.map((t) => t.toFixed(0)).join(', ')} ms`);
    const refused = await call('GET', '/api/v1/me', { as: SM });
    expect(refused.body).toMatchObject({ statusCode: 401, codigo: 'acesso-revogado' });
    const now = await record();
    expect((await call('PATCH', `/api/v1/usuarios/${now.id}`, { as: ADMIN, json: { version: now.version, ativo: true } })).status).toBe(200);
    await seenByEveryProcess(async (port) => (await status(port)) === 200, 5000);
  });

  it('a session ended from another device ("sair deste") is refused by every process within 5 s, and its live streams end (issue 35)', async () => {
    const WHO = 'escritorio@portal.local';
    // Two sign-ins in the same second are two sessions (the local stack's tokens carry origin_jti).
    const here = await cluster.token(WHO, false);
    const there = await cluster.token(WHO, false);
    const status = async (token: string, port: number) =>
      (await fetch(`http://127.0.0.1:${port}/api/v1/me`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) })).status;
    for (const p of cluster.processes) expect(await status(there, p.port)).toBe(200); // each process remembers it as open
    const streams = await Promise.all(cluster.processes.map((p) => openStream(p.port, there)));
    const staying = await openStream(cluster.processes[0].port, here);
    const listed = await fetch(`${cluster.proxy.url}/api/v1/sessoes`, { headers: { authorization: `Bearer ${here}` } });
    const sessions = (await listed.json()) as { id: number; atual: boolean }[];
    expect(sessions.filter((s) => !s.atual)).toHaveLength(1);
    const t0 = performance.now();
    const ended = await fetch(`${cluster.proxy.url}/api/v1/sessoes/${sessions.find((s) => !s.atual)!.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${here}` },
    });
    expect(ended.status).toBe(200);
    const out = await seenByEveryProcess(async (port) => (await status(there, port)) === 401, 5000);
    console.log(`[cluster] sessão encerrada recusada por A, B, C em ${out.map((t) => t.toFixed(0)).join(', ')} ms`);
    const cut = await Promise.all(streams.map((st) => st.endedWithin(t0, 5000)));
    console.log(`[cluster] conexões ao vivo da sessão encerrada terminadas em ${cut.map((t) => t.toFixed(0)).join(', ')} ms`);
    for (const p of cluster.processes) expect(await status(here, p.port)).toBe(200);
    expect(staying.ended()).toBe(false);
    await staying.close();
  });

  it('the anonymous rate limit counts across the processes', async () => {
    const answers: number[] = [];
    for (let i = 0; i < ANON_LIMIT + 1; i++) answers.push((await call('GET', '/api/v1/me')).status);
    expect(answers.slice(0, ANON_LIMIT).every((s) => s === 401)).toBe(true);
    expect(answers[ANON_LIMIT]).toBe(429);
  });

  it('each daily job due now ran once for today, whatever the number of processes', async () => {
    const hour = Number(new Date().toLocaleString('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', hour12: false })) % 24;
    const due = dailyJobs(undefined)
      .filter((j) => hour >= j.fromHour)
      .map((j) => j.name);
    const day = todayIso(new Date());
    await expect
      .poll(
        async () =>
          (
            await database.db
              .selectFrom('job_run' as never)
              .select(['job' as never])
              .where('dia' as never, '=', day as never)
              .execute()
          ).length,
        { timeout: 60_000, interval: 500 },
      )
      .toBe(due.length);
    const digests = await cluster.pool.query(`select para, count(*)::int as n from mensagem where referencia = $1 group by para having count(*) > 1`, [
      `resumo-diario/${day}`,
    ]);
    expect(digests.rows).toEqual([]);
  });

  it('1,000 writes and 500 e-mails while one process is killed (kill -9) and another restarted: nothing lost, no write twice', async () => {
    const run = randomUUID().slice(0, 8);
    // 500 e-mails queued as any write of the portal queues them (a row and its pg-boss job).
    for (let i = 0; i < 500; i++) await enqueueMail(database.db, { to: ['destino@portal.local'], subject: `cluster ${run} #${i}`, text: `mensagem ${i}` });

    // 1,000 creations through the proxy, 10 at a time, each retried with its Idempotency-Key until answered.
    let next = 0;
    const statuses = new Map<number, number>();
    /** Whether the record of write `i` exists (what a client does after a 409 on its key, as the message asks). */
    const created = async (i: number) => (await cluster.pool.query(`select 1 from "materialTemplate" where nome = $1`, [`Modelo ${run} ${i}`])).rowCount === 1;
    let interrupted = 0;
    const writer = async () => {
      for (let i = next++; i < 1000; i = next++) {
        let key = `${run}-${i}`;
        for (let attempt = 0; ; attempt++) {
          const r = await call('POST', '/api/v1/templates-materiais', {
            as: ADMIN,
            json: { nome: `Modelo ${run} ${i}` },
            headers: { 'idempotency-key': key },
          }).catch((e) => ({ status: 0, body: String(e) }));
          if (r.status === 201 || r.status === 200) {
            statuses.set(i, r.status);
            break;
          }
          if (r.status === 409) {
            // The first try's process died holding the key: it may or may not have saved the record.
            interrupted++;
            if (await created(i)) {
              statuses.set(i, 409);
              break;
            }
            key = `${run}-${i}-${attempt}`;
          } else if (![0, 502, 503].includes(r.status) || attempt > 50) throw new Error(`escrita ${i}: ${r.status} ${JSON.stringify(r.body)}`);
          await new Promise((res) => setTimeout(res, 100));
        }
      }
    };
    const t0 = performance.now();
    const writers = Array.from({ length: 10 }, writer);
    // Mid-way: C dies at once; B is stopped (SIGTERM) and started again.
    await new Promise((r) => setTimeout(r, 1500));
    cluster.kill9(2);
    await cluster.stop(1);
    await cluster.spawn(1);
    console.log(`[cluster] C morto, B reiniciado em ${(performance.now() - t0).toFixed(0)} ms; ${statuses.size} escritas respondidas`);
    await Promise.all(writers);
    console.log(`[cluster] 1000 escritas respondidas em ${(performance.now() - t0).toFixed(0)} ms (${interrupted} chaves presas pelo processo morto)`);
    await cluster.spawn(2);

    const rows = await cluster.pool.query(`select count(*)::int as n, count(distinct nome)::int as d from "materialTemplate" where nome like $1`, [
      `Modelo ${run} %`,
    ]);
    expect(rows.rows[0]).toEqual({ n: 1000, d: 1000 });
    expect(statuses.size).toBe(1000);

    await expect
      .poll(
        async () =>
          (await cluster.pool.query(`select count(*)::int as n from mensagem where assunto like $1 and enviada_em is not null`, [`cluster ${run} %`])).rows[0]
            .n,
        {
          timeout: 120_000,
          interval: 1000,
        },
      )
      .toBe(500);
    console.log(`[cluster] 500 e-mails enviados em ${(performance.now() - t0).toFixed(0)} ms`);
    const sent = cluster.mailSubjects().filter((s) => s.startsWith(`cluster ${run} `));
    expect(new Set(sent).size).toBe(500);
    // Delivery is at least once (src/server/mail/mailer.ts): a process killed between handing a message
    // to the transport and marking it sent leaves it to another process, which sends it again. Each
    // worker delivers one message at a time, so the two processes stopped mid-run repeat at most two.
    const repeated = sent.length - 500;
    if (repeated) console.log(`[cluster] ${repeated} e-mail(s) enviados de novo depois da parada no meio do envio`);
    expect(repeated).toBeGreaterThanOrEqual(0);
    expect(repeated).toBeLessThanOrEqual(2);
  }, 300_000);
});

describe('webhooks', () => {
  it('200 records created while a process is killed mid-delivery: at least once, a repeat only for the one in flight and with the same Portal-Webhook-Id, so a receiver deduplicating on it sees each webhook once', async () => {
    const run = randomUUID().slice(0, 8);
    /** Every POST the receiver got, in order: the delivery id header, the body's event id and the record's name. */
    const arrivals: { id: string; bodyId: string; name: string }[] = [];
    /** What a receiver deduplicating on Portal-Webhook-Id processes: id → the record's name, once. */
    const processed = new Map<string, string>();
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (d: Buffer) => chunks.push(d));
      req.on('end', () => {
        const id = String(req.headers[WEBHOOK_HEADERS.id.toLowerCase()]);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; registro: { nome: string } };
        arrivals.push({ id, bodyId: body.id, name: String(body.registro.nome) });
        if (!processed.has(id)) processed.set(id, String(body.registro.nome));
        // A slow receiver, so that the killed process is in the middle of a delivery.
        setTimeout(() => res.writeHead(200).end('ok'), 100);
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const conta = await call('POST', '/api/v1/contas-servico', {
        as: ADMIN,
        json: { nome: `Cluster ${run}`, roles: ['materiais', 'editor_materiais'], obra: [] },
      });
      expect(conta.status, JSON.stringify(conta.body)).toBe(201);
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ganchos`;
      const sub = await call('POST', '/api/v1/webhooks', {
        as: ADMIN,
        json: { nome: `Cluster ${run}`, url, eventos: ['templates-materiais.criado'], contaServico: conta.body.id },
      });
      expect(sub.status, JSON.stringify(sub.body)).toBe(201);
      for (let i = 0; i < 200; i += 10) {
        const batch = Array.from({ length: 10 }, (_, k) =>
          call('POST', '/api/v1/templates-materiais', { as: ADMIN, json: { nome: `Gancho ${run} ${i + k}` } }),
        );
        for (const r of await Promise.all(batch)) expect(r.status).toBe(201);
      }
      // C is killed once deliveries are under way (it holds a batch of jobs, one of them being sent).
      await expect.poll(() => arrivals.length, { timeout: 60_000, interval: 50 }).toBeGreaterThan(40);
      cluster.kill9(2);
      const t0 = performance.now();
      // C's jobs come back after its heartbeat is missed and the queue's retry delay (about 75 s).
      await expect.poll(() => new Set(arrivals.map((a) => a.name)).size, { timeout: 150_000, interval: 500 }).toBe(200);
      console.log(`[cluster] 200 webhooks entregues ${(performance.now() - t0).toFixed(0)} ms depois de matar C`);
      // The receiver answers before the process records the delivery: the last record may follow a moment later.
      const logged = async () =>
        (
          await cluster.pool.query<{ evento_id: string; situacao: string; tentativas: number }>(
            `select evento_id, situacao, tentativas from webhook_entrega where webhook_id = $1`,
            [sub.body.id],
          )
        ).rows;
      await expect.poll(async () => (await logged()).filter((r) => r.situacao === 'entregue').length, { timeout: 30_000, interval: 250 }).toBe(200);
      const rows = await logged();
      expect(rows).toHaveLength(200);

      // Every record's webhook arrived; each POST's Portal-Webhook-Id is its event's id (the body's `id`).
      const byName = groupBy(arrivals, (a) => a.name);
      expect(byName.size).toBe(200);
      expect([...byName.keys()].every((n) => n.startsWith(`Gancho ${run} `))).toBe(true);
      expect(arrivals.filter((a) => a.id !== a.bodyId)).toEqual([]);
      // A repeat carries the same Portal-Webhook-Id as the record's first delivery, and no two records share one:
      // a receiver that ignores an id it already processed handles each of the 200 webhooks exactly once.
      expect([...byName.values()].filter((list) => new Set(list.map((a) => a.id)).size !== 1)).toEqual([]);
      expect(processed.size).toBe(200);
      expect(new Set(processed.values()).size).toBe(200);

      // At least once, as Stripe and GitHub: exactly once over HTTP is impossible when a process dies between
      // the receiver's answer and its record, so that one POST is sent again by another process. The repeat
      // is only for a POST whose outcome no process recorded (in flight when C was killed; each worker sends
      // one at a time, so at most one): a delivery once recorded is never sent again.
      const recorded = new Map(rows.map((r) => [r.evento_id, Number(r.tentativas)]));
      const perEvent = [...groupBy(arrivals, (a) => a.id)].map(([id, list]) => ({ id, posts: list.length, recorded: recorded.get(id) }));
      expect(perEvent.filter((e) => e.recorded === undefined)).toEqual([]); // each id is one of this subscription's deliveries
      const unrecorded = perEvent.filter((e) => e.posts > e.recorded!);
      expect(unrecorded.filter((e) => e.posts - e.recorded! > 1)).toEqual([]);
      expect(unrecorded.length).toBeLessThanOrEqual(1);
      const repeated = perEvent.filter((e) => e.posts > 1);
      if (repeated.length) console.log(`[cluster] ${repeated.length} webhook(s) enviado(s) de novo depois de matar C: ${JSON.stringify(repeated)}`);
      expect(repeated.filter((e) => !unrecorded.includes(e))).toEqual([]);
      expect((await call('DELETE', `/api/v1/webhooks/${sub.body.id}`, { as: ADMIN })).status).toBe(204);
    } finally {
      if (!cluster.processes[2].child) await cluster.spawn(2);
      await new Promise((r) => receiver.close(r));
    }
  }, 300_000);
});

describe('faults', () => {
  it('the database restarted under load: clear 503s while it is away, then every process answers again without a restart', async () => {
    const seen = new Map<number, number>();
    const bodies503: string[] = [];
    let stop = false;
    const load = async () => {
      while (!stop) {
        const r = await call('GET', '/api/v1/obras?_end=5', { as: ADMIN }).catch(() => ({ status: 0, body: null }));
        seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
        if (r.status === 503 && bodies503.length < 3) bodies503.push(r.body?.message);
        await new Promise((res) => setTimeout(res, 20));
      }
    };
    const loaders = Array.from({ length: 4 }, load);
    await new Promise((r) => setTimeout(r, 1000));
    await cluster.relay.cut(); // every connection of every process drops; new ones are refused
    await new Promise((r) => setTimeout(r, 3000));
    await cluster.relay.restore();
    // Back within 15 s on every process, each asked directly (pools reconnect on their own).
    const took = await seenByEveryProcess(
      async (port) => (await call('GET', '/api/v1/obras?_end=5', { as: ADMIN, port }).catch(() => ({ status: 0 }))).status === 200,
      15_000,
    ).catch((e) => {
      const dead = cluster.processes.filter((p) => !p.child).map((p) => `processo ${p.name} caiu:\n${p.log.join('').slice(-3000)}`);
      throw new Error(`${(e as Error).message}\n${dead.join('\n')}`);
    });
    stop = true;
    await Promise.all(loaders);
    console.log(
      `[cluster] banco fora por 3 s: respostas ${JSON.stringify(Object.fromEntries(seen))}; de volta em ${took.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    expect(seen.get(503) ?? 0).toBeGreaterThan(0);
    expect(bodies503[0]).toMatch(/banco de dados está indisponível/);
    expect([...seen.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // No process died of it: all three are still the same processes, ready.
    for (const p of cluster.processes) {
      expect(p.child?.exitCode ?? null).toBeNull();
      expect((await fetch(`http://127.0.0.1:${p.port}/api/v1/health/ready`)).status).toBe(200);
    }
    // Live updates came back too: the LISTEN connection reconnects with backoff (1 s, 2 s, 4 s… after
    // the cut), then a write is heard on every process.
    const streams = await Promise.all(cluster.processes.map((p) => openStream(p.port)));
    await new Promise((r) => setTimeout(r, 700));
    const before = streams.map((s) => s.count());
    // A signal sent by the database itself (as a committed write's trigger does), from outside the
    // processes: each one hears it only if its LISTEN connection is back.
    await cluster.pool.query(`select pg_notify('portal_eventos', 'pendencias')`);
    await Promise.all(streams.map((s, i) => s.waitFor(before[i] + 1, 15_000)));
    for (const s of streams) await s.close();
  }, 120_000);
});

/** An open live-update stream on one process (the administrator's, or the token's): counts its `pendencias` events. */
async function openStream(port: number, token = tokens[ADMIN]) {
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/eventos`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let endedAt: number | undefined;
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    endedAt = performance.now();
  })();
  const count = () => text.split('\n').filter((l) => l === 'event: pendencias').length;
  return {
    count,
    ended: () => endedAt !== undefined,
    /** Ms from `since` until the server ended the stream; fails past `ms`. */
    async endedWithin(since: number, ms: number) {
      while (endedAt === undefined) {
        if (performance.now() - since > ms) throw new Error(`porta ${port}: a conexão continuou aberta por ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return endedAt - since;
    },
    async waitFor(n: number, ms: number) {
      const t0 = performance.now();
      while (count() < n) {
        if (performance.now() - t0 > ms) throw new Error(`porta ${port}: ${count()} sinais em ${ms} ms (esperados ${n})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: async () => controller.abort(),
  };
}
