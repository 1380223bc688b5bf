/**
 * Delivers the push notifications (issue 41): each `notificacao` row with `push` has a pg-boss job
 * on the `push` queue, sent in the transaction of the write that caused it
 * (src/server/notifications/dispatch.ts). The worker re-reads the row (skipped when already sent),
 * encrypts the payload for each of the person's devices (aes128gcm, RFC 8291) and posts it to the
 * device's push service signed with the server's VAPID key (the `web-push` library):
 * - 2xx: delivered to that device (kept in `push_entregue`, so a retry never repeats it);
 * - 404/410: the subscription expired or was revoked in the browser: the device is deleted;
 * - another 4xx (bad request, wrong key, too large): that device is given up for this notice;
 * - 429, 5xx, timeouts, refused connections: the job fails and pg-boss retries it with backoff
 *   (only the devices not yet reached), the last attempt giving up.
 */
import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:https';
import { sql } from 'kysely';
import webpush, { WebPushError } from 'web-push';
import { fromKysely, type JobResult, type PgBoss } from 'pg-boss';
import type { Db } from '../db/connect';
import { bossOf } from '../db/boss';
import type { NoticeKind } from '../../../resources/notificacoes';
import { pushPayloadOf } from './dispatch';
import { NOTICE_KEEP_DAYS, PUSH_QUEUE, type PushJob } from './tables';
import { vapidKeys, type VapidKeys } from './vapid';

/** Attempts at one notice (the first and the retries of the queue, src/server/db/boss.ts). */
export const PUSH_ATTEMPTS = 5;
/** A push message is worth little after a day: the push service may drop it then. */
const TTL_SECONDS = 24 * 60 * 60;

export interface PushOptions {
  /** The VAPID keys (default: the environment's or the data directory's, src/server/notifications/vapid.ts). */
  vapid?: VapidKeys;
  /** The HTTPS agent of the requests to the push services (tests: one trusting the stand-in's certificate). */
  agent?: Agent;
  /** Socket timeout of one request, in ms (default 10 s). */
  timeoutMs?: number;
}

export interface PushDrain {
  sent: number;
  failed: number;
}

type Outcome = 'sent' | 'skipped' | { error: string };

interface Row {
  para: string;
  tipo: NoticeKind;
  titulo: string;
  corpo: string;
  url: string;
  marca: string | null;
  enviada: boolean;
  push_entregue: number[] | string;
}

/** Sends notice `id` to every device of its person not yet reached; records what happened. */
async function deliver(db: Db, id: string, opts: PushOptions, last: boolean): Promise<Outcome> {
  const r = await sql<Row>`select para, tipo, titulo, corpo, url, marca, push_enviada_em is not null as enviada, push_entregue
    from notificacao where id = ${id} and push`.execute(db);
  const n = r.rows[0];
  if (!n || n.enviada) return 'skipped';
  const reached = new Set((typeof n.push_entregue === 'string' ? (JSON.parse(n.push_entregue) as number[]) : n.push_entregue).map(Number));
  const devices = await sql<{ id: string; endpoint: string; p256dh: string; auth: string }>`
    select id, endpoint, p256dh, auth from push_assinatura where email = ${n.para} order by id`.execute(db);
  const payload = JSON.stringify(pushPayloadOf({ kind: n.tipo, title: n.titulo, body: n.corpo, url: n.url, tag: n.marca }));
  const vapid = opts.vapid ?? vapidKeys();
  const errors: string[] = [];
  let transient = false;
  for (const d of devices.rows.filter((x) => !reached.has(Number(x.id)))) {
    try {
      await webpush.sendNotification({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, payload, {
        vapidDetails: vapid,
        contentEncoding: 'aes128gcm',
        TTL: TTL_SECONDS,
        urgency: 'normal',
        timeout: opts.timeoutMs ?? 10_000,
        ...(opts.agent ? { agent: opts.agent } : {}),
      });
      reached.add(Number(d.id));
      await sql`update push_assinatura set ultimo_envio_em = now(), erro = null where id = ${d.id}`.execute(db);
    } catch (e) {
      const status = e instanceof WebPushError ? e.statusCode : undefined;
      if (status === 404 || status === 410) {
        await sql`delete from push_assinatura where id = ${d.id}`.execute(db);
        continue;
      }
      const error = status ? `HTTP ${status}: ${String(e instanceof WebPushError ? e.body : '').slice(0, 200)}` : e instanceof Error ? e.message : String(e);
      errors.push(error);
      await sql`update push_assinatura set erro = ${error.slice(0, 500)} where id = ${d.id}`.execute(db);
      if (!status || status === 429 || status >= 500) transient = true;
      else reached.add(Number(d.id)); // refused for good: not tried again for this notice
    }
  }
  const entregue = JSON.stringify([...reached]);
  const error = errors.length ? errors.join('; ').slice(0, 1000) : null;
  if (!transient || last) {
    await sql`update notificacao set push_enviada_em = now(), push_entregue = cast(${entregue} as jsonb), push_erro = ${error},
      push_tentativas = push_tentativas + 1 where id = ${id}`.execute(db);
    return transient ? { error: error! } : 'sent';
  }
  await sql`update notificacao set push_entregue = cast(${entregue} as jsonb), push_erro = ${error}, push_tentativas = push_tentativas + 1
    where id = ${id}`.execute(db);
  return { error: error! };
}

async function deliverJobs(db: Db, opts: PushOptions, jobs: { id: string; data: PushJob; retryCount: number }[]) {
  const results: JobResult[] = [];
  const count: PushDrain = { sent: 0, failed: 0 };
  for (const job of jobs) {
    let out: Outcome;
    try {
      out = await deliver(db, job.data.id, opts, job.retryCount >= PUSH_ATTEMPTS - 1);
    } catch (e) {
      out = { error: e instanceof Error ? e.message : String(e) };
    }
    if (out === 'sent') count.sent++;
    if (typeof out === 'object') count.failed++;
    results.push(typeof out === 'object' ? { id: job.id, status: 'failed', output: { erro: out.error } } : { id: job.id, status: 'completed' });
  }
  return { results, count };
}

/** Gives a delivery job to each waiting row without one (written while no engine ran, e.g. by a tool). */
export async function adoptQueuedPush(db: Db): Promise<number> {
  const boss = bossOf(db);
  if (!boss) return 0;
  return db.transaction().execute(async (trx) => {
    const rows = await sql<{ id: string }>`select id from notificacao
      where push and push_job is null and push_enviada_em is null and criada_em > now() - interval '1 day'
      order by id limit 500 for update skip locked`.execute(trx);
    for (const { id } of rows.rows) {
      const jobId = randomUUID();
      await boss.send(PUSH_QUEUE, { id: String(id) } satisfies PushJob, { id: jobId, db: fromKysely(trx) });
      await sql`update notificacao set push_job = ${jobId} where id = ${id}`.execute(trx);
    }
    return rows.rows.length;
  });
}

export interface PushWorker {
  stop(): Promise<void>;
}

/**
 * This process's worker of the `push` queue on the database's engine (`startEngine` first). The
 * VAPID keys are read (or generated) at start, so a misconfiguration stops the server at once.
 */
export async function startPushWorker(
  db: Db,
  opts: PushOptions & { batchSize?: number; pollingIntervalSeconds?: number; onDrain?: (r: PushDrain) => void } = {},
): Promise<PushWorker> {
  const boss: PgBoss | undefined = bossOf(db);
  if (!boss) throw new Error('startPushWorker: no pg-boss engine is running for this database (startEngine).');
  const options: PushOptions = { ...opts, vapid: opts.vapid ?? vapidKeys() };
  await adoptQueuedPush(db);
  const id = await boss.work<PushJob>(
    PUSH_QUEUE,
    { batchSize: opts.batchSize ?? 10, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, perJobResults: true },
    async (jobs) => {
      const { results, count } = await deliverJobs(db, options, jobs);
      opts.onDrain?.(count);
      return results;
    },
  );
  return { stop: () => boss.offWork(PUSH_QUEUE, { id, wait: true }) };
}

/** The daily purge: notices older than NOTICE_KEEP_DAYS (their digest and delivery are long past). */
export async function purgeNotices(trx: Db): Promise<{ apagadas: number }> {
  const r = await sql`delete from notificacao where criada_em < now() - make_interval(days => ${NOTICE_KEEP_DAYS})`.execute(trx);
  return { apagadas: Number(r.numAffectedRows ?? 0) };
}
