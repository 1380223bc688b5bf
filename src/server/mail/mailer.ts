/**
 * Drains the mail queue. Due messages are claimed in one short statement (FOR UPDATE SKIP LOCKED,
 * then a lease that pushes their next try LEASE_S ahead), so two drainers never take the same
 * message and no transaction stays open while a message is being sent (PGlite has a single
 * connection). Each is then sent and marked; a failure is retried with exponential backoff
 * (30 s × 2^n, at most 5 minutes, the spec's retry cap) and given up after MAX_ATTEMPTS. A drain
 * stops sending at half the lease and hands the rest back, so a lease never runs out under a
 * slow server; a drainer that dies mid-send leaves the lease to expire and the message is sent
 * again: at least once, never lost.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { MailAttachment } from './queue';
import type { MailTransport } from './transport';

export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_S = 30;
const BACKOFF_CAP_S = 300;
const LEASE_S = 600;

/** Seconds until the next try after `attempts` failures (30 s, 60 s, 120 s, … capped at 300 s). */
export const backoffSeconds = (attempts: number) => Math.min(BACKOFF_CAP_S, BACKOFF_BASE_S * 2 ** Math.max(0, attempts - 1));

export interface DrainResult {
  sent: number;
  failed: number;
}

interface Claimed {
  id: string;
  para: string[];
  assunto: string;
  texto: string;
  html: string | null;
  tentativas: number;
}

/** Sends up to `batch` (default 20) due messages, oldest first. */
export async function drainMail(db: Db, transport: MailTransport, opts: { batch?: number } = {}): Promise<DrainResult> {
  const due = await sql<Claimed>`
    update mensagem set proxima_tentativa = now() + make_interval(secs => ${LEASE_S})
    where id in (
      select id from mensagem where enviada_em is null and proxima_tentativa <= now()
      order by id limit ${opts.batch ?? 20} for update skip locked)
    returning id, para, assunto, texto, html, tentativas`.execute(db);
  const rows = due.rows.sort((a, b) => Number(a.id) - Number(b.id));
  const deadline = Date.now() + (LEASE_S * 1000) / 2;
  let sent = 0;
  let failed = 0;
  for (const [i, m] of rows.entries()) {
    if (Date.now() > deadline) {
      const rest = rows.slice(i).map((r) => r.id);
      await sql`update mensagem set proxima_tentativa = now() where id in (${sql.join(rest)}) and enviada_em is null`.execute(db);
      break;
    }
    try {
      // Attachments are read one message at a time, so a batch never holds them all in memory.
      const files = await sql<{ anexos: MailAttachment[] | null }>`select anexos from mensagem where id = ${m.id}`.execute(db);
      const attachments = files.rows[0]?.anexos ?? [];
      await transport.send({ id: m.id, to: m.para, subject: m.assunto, text: m.texto, html: m.html, ...(attachments.length ? { attachments } : {}) });
      await sql`update mensagem set enviada_em = now(), erro = null where id = ${m.id}`.execute(db);
      sent++;
    } catch (e) {
      const attempts = m.tentativas + 1;
      const next = attempts >= MAX_ATTEMPTS ? sql`'infinity'::timestamptz` : sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`;
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
      await sql`update mensagem set tentativas = ${attempts}, erro = ${error}, proxima_tentativa = ${next} where id = ${m.id}`.execute(db);
      failed++;
    }
  }
  return { sent, failed };
}

export interface Mailer {
  /** Drains now; during a drain, one more follows it, so messages queued before the call are covered. */
  drainNow(): Promise<DrainResult>;
  /** Stops the timer and waits for the drain in flight. */
  stop(): Promise<void>;
}

/**
 * Drains every `intervalMs` (default 5 s) in the background; never throws (errors are logged).
 * `onDrain` hears each drain's result (the metrics' sent/failed counters).
 */
export function startMailer(db: Db, transport: MailTransport, opts: { intervalMs?: number; onDrain?: (r: DrainResult) => void } = {}): Mailer {
  let running: Promise<DrainResult> | undefined;
  let next: Promise<DrainResult> | undefined;
  const start = () =>
    (running = drainMail(db, transport)
      .then((r) => {
        opts.onDrain?.(r);
        return r;
      })
      .finally(() => {
        running = undefined;
      }));
  const drainNow = (): Promise<DrainResult> => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return running ?? start();
      });
    return next;
  };
  const timer = setInterval(() => {
    if (running) return;
    start().catch((e) => console.error('[mail] falha ao enviar a fila de e-mails:', e instanceof Error ? e.message : e));
  }, opts.intervalMs ?? 5000);
  timer.unref();
  return {
    drainNow,
    async stop() {
      clearInterval(timer);
      await next?.catch(() => undefined);
      await running?.catch(() => undefined);
    },
  };
}
