/**
 * The one place a notice to a person leaves from (issue 41): the workflow's messages
 * (src/server/workflow/notify.ts: new pending items, a document approved or rejected), the SLA's
 * (src/server/sla/mail.ts) and a client's reply on a ticket (src/server/modules/client-replies.ts)
 * call `notifyPerson` in the write's transaction, which follows the person's preferences for the
 * notice's kind (src/server/notifications/preferences.ts):
 * - e-mail on: the message is queued (src/server/mail/queue.ts);
 * - push on and at least one device subscribed: a `notificacao` row and its delivery job on the
 *   `push` queue, in the same transaction, so it leaves only once the write commits;
 * - digest on (kinds other than pending items, which the digest lists live): the row is kept for
 *   the next daily digest (src/server/jobs/daily-digest.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Db } from '../db/connect';
import { bossOf } from '../db/boss';
import { enqueueMail, type MailMessage } from '../mail/queue';
import { serverConfig } from '../config';
import type { NoticeKind, PushPayload } from '../../../resources/notificacoes';
import { readPreferencesOf } from './preferences';
import { PUSH_QUEUE, type PushJob } from './tables';
import { clip } from '../mail/text';

export interface Notice {
  kind: NoticeKind;
  /** The e-mail of this notice (sent when the person keeps e-mail on for its kind). */
  mail?: Omit<MailMessage, 'to'>;
  /** The push notification's and the digest line's title and text (short). */
  title: string;
  body: string;
  /** The record's address (absolute in the portal, or a path). */
  url: string;
  /** Notices of one record replace each other on the device ('contratos/12'). */
  tag?: string;
}

export interface NoticeOutcome {
  email: boolean;
  push: boolean;
  resumo: boolean;
}

/** The portal path of an address of the portal ("https://portal…/contratos/show/12" → "/contratos/show/12"). */
export function portalPath(url: string): string {
  const base = serverConfig().publicUrl;
  if (url.startsWith('/')) return url;
  if (url.startsWith(base)) return url.slice(base.length) || '/';
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    return '/pendencias';
  }
}

/** What the device receives (kept well under the 4 KB a push message may carry). */
export function pushPayloadOf(n: { kind: NoticeKind; title: string; body: string; url: string; tag?: string | null }): PushPayload {
  return { title: clip(n.title, 120), body: clip(n.body, 400), url: portalPath(n.url), kind: n.kind, ...(n.tag ? { tag: n.tag } : {}) };
}

/** The people among these (lower-case e-mails) with at least one device subscribed. */
async function withDevices(db: Db, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const r = await sql<{ email: string }>`select distinct email from push_assinatura where email in (${sql.join(emails)})`.execute(db);
  return new Set(r.rows.map((x) => x.email));
}

/** Tells one person, on the channels they keep on for the notice's kind, in the caller's transaction. */
export async function notifyPerson(trx: Db, to: string, notice: Notice): Promise<NoticeOutcome> {
  return (await notifyPeople(trx, [to], () => notice)).get(to.trim().toLowerCase()) ?? { email: false, push: false, resumo: false };
}

/**
 * Tells each person their notice (`noticeFor` gives it, or null for none), with one read of the
 * preferences and devices for all of them.
 */
export async function notifyPeople(trx: Db, people: string[], noticeFor: (email: string) => Notice | null): Promise<Map<string, NoticeOutcome>> {
  const emails = [...new Set(people.map((p) => p.trim().toLowerCase()).filter(Boolean))];
  const out = new Map<string, NoticeOutcome>();
  if (!emails.length) return out;
  // One after the other: a transaction is one connection.
  const prefs = await readPreferencesOf(trx, emails);
  const devices = await withDevices(trx, emails);
  const boss = bossOf(trx);
  for (const email of emails) {
    const notice = noticeFor(email);
    if (!notice) continue;
    const channels = prefs.get(email)!.notificacoes[notice.kind];
    const outcome: NoticeOutcome = {
      email: channels.email && !!notice.mail,
      push: channels.push && devices.has(email),
      // The pending items' digest is the live list of "Minhas pendências", not a log.
      resumo: channels.resumo && notice.kind !== 'pendencia',
    };
    if (outcome.email) await enqueueMail(trx, { ...notice.mail!, to: [email] });
    if (outcome.push || outcome.resumo) {
      const p = pushPayloadOf(notice);
      const jobId = outcome.push && boss ? randomUUID() : null;
      const r = await sql<{ id: string }>`insert into notificacao (para, tipo, titulo, corpo, url, marca, push, resumo, push_job)
        values (${email}, ${notice.kind}, ${p.title}, ${p.body}, ${p.url}, ${notice.tag ?? null}, ${outcome.push}, ${outcome.resumo}, ${jobId})
        returning id`.execute(trx);
      // The job in the write's transaction: it exists, and is worked, only once the write commits.
      if (jobId) await boss!.send(PUSH_QUEUE, { id: String(r.rows[0].id) } satisfies PushJob, { id: jobId, db: fromKysely(trx) });
    }
    out.set(email, outcome);
  }
  return out;
}
