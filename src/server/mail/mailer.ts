/**
 * Delivers the mail (issue 27). Each message (`mensagem`) has a pg-boss job on the `email` queue
 * (src/server/mail/queue.ts); the workers of every server process share the queue, so a job is
 * held by one worker at a time. Delivering re-reads the row and skips it when it was already sent
 * (never twice), sends it through the transport and marks it sent; a failure records `tentativas`
 * and `erro` and fails the job, which pg-boss retries with backoff (30 s × 2^n with jitter, at most
 * 5 minutes) up to MAX_ATTEMPTS, the last one marking the row given up (`proxima_tentativa`
 * infinity). The worker's heartbeat keeps its job; a process killed mid-send loses it to another
 * within seconds: at least once, never lost.
 *
 * Without an engine for the database (unit and API tests that start none), `drainMail` sends the
 * rows without a job directly, claiming them with a lease (FOR UPDATE SKIP LOCKED).
 */
import { sql } from 'kysely';
import type { JobResult, PgBoss } from 'pg-boss';
import type { Db } from '../db/connect';
import { bossOf, MAX_ATTEMPTS } from '../db/boss';
import { adoptQueuedMail, MAIL_QUEUE, type MailAttachment, type MailJob } from './queue';
import type { MailTransport } from './transport';

export { MAX_ATTEMPTS } from '../db/boss';
const BACKOFF_BASE_S = 30;
const BACKOFF_CAP_S = 300;
const LEASE_S = 600;

/** Seconds until the next try after `attempts` failures without an engine (30 s, 60 s, … capped at 300 s). */
export const backoffSeconds = (attempts: number) => Math.min(BACKOFF_CAP_S, BACKOFF_BASE_S * 2 ** Math.max(0, attempts - 1));

export interface DrainResult {
  sent: number;
  failed: number;
}

type Outcome = 'sent' | 'skipped' | { error: string };

/** Sends message `id` unless already sent; records the failure (and gives up after the last attempt). */
async function deliver(db: Db, transport: MailTransport, id: string, last: boolean): Promise<Outcome> {
  const r = await sql<{ para: string[]; assunto: string; texto: string; html: string | null; anexos: MailAttachment[] | null; enviada: boolean }>`
    select para, assunto, texto, html, anexos, enviada_em is not null as enviada from mensagem where id = ${id}`.execute(db);
  const m = r.rows[0];
  if (!m || m.enviada) return 'skipped';
  try {
    const attachments = m.anexos ?? [];
    await transport.send({ id, to: m.para, subject: m.assunto, text: m.texto, html: m.html, ...(attachments.length ? { attachments } : {}) });
    await sql`update mensagem set enviada_em = now(), erro = null where id = ${id}`.execute(db);
    return 'sent';
  } catch (e) {
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
    const next = last ? sql`'infinity'::timestamptz` : sql`now()`;
    await sql`update mensagem set tentativas = tentativas + 1, erro = ${error}, proxima_tentativa = ${next} where id = ${id}`.execute(db);
    return { error };
  }
}

/** Delivers a batch of jobs, one message at a time (attachments are never all in memory). */
async function deliverJobs(db: Db, transport: MailTransport, jobs: { id: string; data: MailJob; retryCount: number }[]) {
  const results: JobResult[] = [];
  const count: DrainResult = { sent: 0, failed: 0 };
  for (const job of jobs) {
    const out = await deliver(db, transport, job.data.id, job.retryCount >= MAX_ATTEMPTS - 1);
    if (out === 'sent') count.sent++;
    if (typeof out === 'object') count.failed++;
    results.push(typeof out === 'object' ? { id: job.id, status: 'failed', output: { erro: out.error } } : { id: job.id, status: 'completed' });
  }
  return { results, count };
}

/** Settles fetched jobs as `deliverJobs` decided (what a worker's perJobResults does). */
async function settle(boss: PgBoss, jobs: { id: string; retryCount: number }[], results: JobResult[]) {
  const attempt = (id: string) => jobs.find((j) => j.id === id)!;
  const done = results.filter((r) => r.status === 'completed').map((r) => attempt(r.id));
  if (done.length) await boss.complete(MAIL_QUEUE, done);
  for (const r of results) if (r.status === 'failed') await boss.fail(MAIL_QUEUE, attempt(r.id), r.output);
}

/**
 * Sends up to `batch` (default 20) due messages now, oldest first: with an engine, rows without a
 * job are adopted and due jobs fetched, delivered and settled here; without one, see below.
 */
export async function drainMail(db: Db, transport: MailTransport, opts: { batch?: number } = {}): Promise<DrainResult> {
  const boss = bossOf(db);
  if (!boss) return drainWithoutEngine(db, transport, opts.batch ?? 20);
  await adoptQueuedMail(db);
  const jobs = await boss.fetch<MailJob>(MAIL_QUEUE, { batchSize: opts.batch ?? 20 });
  jobs.sort((a, b) => Number(a.data.id) - Number(b.data.id));
  const { results, count } = await deliverJobs(db, transport, jobs);
  await settle(boss, jobs, results);
  return count;
}

/** No engine: the due rows without a job, claimed by a lease (LEASE_S), failures retried with `backoffSeconds`. */
async function drainWithoutEngine(db: Db, transport: MailTransport, batch: number): Promise<DrainResult> {
  const due = await sql<{ id: string; tentativas: number }>`
    update mensagem set proxima_tentativa = now() + make_interval(secs => ${LEASE_S})
    where id in (
      select id from mensagem where enviada_em is null and job_id is null and proxima_tentativa <= now()
      order by id limit ${batch} for update skip locked)
    returning id, tentativas`.execute(db);
  const count: DrainResult = { sent: 0, failed: 0 };
  for (const m of due.rows.sort((a, b) => Number(a.id) - Number(b.id))) {
    const out = await deliver(db, transport, String(m.id), m.tentativas + 1 >= MAX_ATTEMPTS);
    if (out === 'sent') count.sent++;
    if (typeof out === 'object') {
      count.failed++;
      if (m.tentativas + 1 < MAX_ATTEMPTS)
        await sql`update mensagem set proxima_tentativa = now() + make_interval(secs => ${backoffSeconds(m.tentativas + 1)}) where id = ${m.id}`.execute(db);
    }
  }
  return count;
}

export interface Mailer {
  /** Delivers what is due now (besides the worker), e.g. in tests. */
  drainNow(): Promise<DrainResult>;
  /** Stops this process's worker, waiting for the batch it is sending. */
  stop(): Promise<void>;
}

/**
 * The `email` worker of this process on the database's engine (`startEngine` first): adopts the
 * rows queued without a job (at start and every minute), then works the queue `batchSize` jobs at a time. `onDrain` hears each
 * batch's result (the metrics' sent/failed counters).
 */
export async function startMailer(
  db: Db,
  transport: MailTransport,
  opts: { batchSize?: number; pollingIntervalSeconds?: number; onDrain?: (r: DrainResult) => void } = {},
): Promise<Mailer> {
  const boss = bossOf(db);
  if (!boss) throw new Error('startMailer: no pg-boss engine is running for this database (startEngine).');
  await adoptQueuedMail(db);
  // Rows written without a job meanwhile (a process of an older version during a rolling upgrade,
  // a tool writing to the table) are adopted every minute too.
  const adopting = setInterval(
    () => void adoptQueuedMail(db).catch((e) => console.error('[mail] adoção de e-mails sem job falhou:', e instanceof Error ? e.message : e)),
    60_000,
  );
  adopting.unref();
  const id = await boss.work<MailJob>(
    MAIL_QUEUE,
    { batchSize: opts.batchSize ?? 10, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, perJobResults: true },
    async (jobs) => {
      const { results, count } = await deliverJobs(db, transport, jobs);
      opts.onDrain?.(count);
      return results;
    },
  );
  return {
    async drainNow() {
      const r = await drainMail(db, transport);
      opts.onDrain?.(r);
      return r;
    },
    stop: () => {
      clearInterval(adopting);
      return boss.offWork(MAIL_QUEUE, { id, wait: true });
    },
  };
}
