/**
 * Drains the mail queue. Due messages are claimed in one statement (FOR UPDATE SKIP LOCKED, then a
 * lease that pushes their next try LEASE_S ahead), so two drainers never take the same message and
 * no transaction stays open while a message is being sent (PGlite has a single connection). Each
 * is then sent and marked; a failure is retried with exponential backoff (30 s × 2^n, at most
 * 5 minutes, the spec's retry cap) and given up after MAX_ATTEMPTS. A drainer that dies mid-send
 * leaves the lease to expire, and the message is sent again: at least once, never lost.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { MailTransport } from './transport';

export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_S = 30;
const BACKOFF_CAP_S = 300;
const LEASE_S = 300;

/** Seconds until the next try after `attempts` failures. */
export const backoffSeconds = (attempts: number) => Math.min(BACKOFF_CAP_S, BACKOFF_BASE_S * 2 ** Math.max(0, attempts - 1));

interface Claimed {
  id: string;
  para: string[];
  assunto: string;
  texto: string;
  html: string | null;
  tentativas: number;
}

export async function drainMail(db: Db, transport: MailTransport, opts: { batch?: number } = {}): Promise<{ sent: number; failed: number }> {
  const due = await sql<Claimed>`
    update mensagem set proxima_tentativa = now() + make_interval(secs => ${LEASE_S})
    where id in (
      select id from mensagem where enviada_em is null and proxima_tentativa <= now()
      order by proxima_tentativa, id limit ${opts.batch ?? 20} for update skip locked)
    returning id, para, assunto, texto, html, tentativas`.execute(db);
  let sent = 0;
  let failed = 0;
  for (const m of due.rows.sort((a, b) => Number(a.id) - Number(b.id))) {
    try {
      await transport.send({ id: m.id, to: m.para, subject: m.assunto, text: m.texto, html: m.html });
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
  drainNow(): Promise<{ sent: number; failed: number }>;
  stop(): Promise<void>;
}

/** Drains every `intervalMs` in the background; never throws (errors are logged). */
export function startMailer(db: Db, transport: MailTransport, opts: { intervalMs?: number } = {}): Mailer {
  let running: Promise<{ sent: number; failed: number }> | undefined;
  const drainNow = () => {
    running ??= drainMail(db, transport).finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    drainNow().catch((e) => console.error('[mail] falha ao enviar a fila de e-mails:', e instanceof Error ? e.message : e));
  }, opts.intervalMs ?? 5000);
  timer.unref();
  return {
    drainNow,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
