/**
 * How a queued message leaves: SMTP when SMTP_URL is set (nodemailer), otherwise an RFC 822 `.eml`
 * file under DATA_DIR/mail/, built by nodemailer's stream transport, so a new user reads the
 * portal's e-mails locally with any mail program. A message with an HTML part leaves as
 * multipart/alternative (nodemailer: the plain-text part first, then the HTML, each UTF-8 and
 * quoted-printable), so a mail program that shows no HTML reads the text. Attachments (the queue's
 * `anexos`) make it multipart/mixed, each file base64-encoded with its name and type.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { MailAttachment } from './queue';

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html?: string | null;
  /** Queue id, used in the file name. */
  id?: number | string;
  /** Files sent with the message (src/server/mail/queue.ts). */
  attachments?: MailAttachment[];
}

export interface MailTransport {
  kind: 'smtp' | 'arquivo';
  /** Where messages go, for the start banner. */
  where: string;
  send(msg: OutgoingMail): Promise<void>;
}

export const DEFAULT_FROM = 'Portal <nao-responda@portal.local>';

const options = (from: string, msg: OutgoingMail) => ({
  from,
  to: msg.to.join(', '),
  subject: msg.subject,
  text: msg.text,
  ...(msg.html ? { html: msg.html } : {}),
  ...(msg.attachments?.length
    ? { attachments: msg.attachments.map((a) => ({ filename: a.nome, contentType: a.tipo, content: a.conteudoBase64, encoding: 'base64' })) }
    : {}),
});

export function createMailTransport(opts: { smtpUrl?: string; dataDir: string; from?: string }): MailTransport {
  const from = opts.from || process.env.MAIL_FROM || DEFAULT_FROM;
  if (opts.smtpUrl) {
    // Bounded waits, so one send stays well inside the queue's lease (parameters in the URL win).
    const smtp = nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    return {
      kind: 'smtp',
      where: 'SMTP (SMTP_URL)',
      async send(msg) {
        await smtp.sendMail(options(from, msg));
      },
    };
  }
  const dir = join(opts.dataDir, 'mail');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'arquivo',
    where: `arquivos .eml em ${dir}`,
    async send(msg) {
      const info = await stream.sendMail(options(from, msg));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(dir, `${stamp}-${msg.id ?? randomUUID()}.eml`), info.message as Buffer);
    },
  };
}
