// The e-mails the local portal wrote: with no SMTP_URL the mail drainer writes each message as an
// RFC 822 .eml file under DATA_DIR/mail (src/server/mail/transport.ts, nodemailer's stream
// transport). Parsed just enough for the scenarios: decoded Subject, To, and the attachments
// (type, file name, bytes) of a multipart/mixed message.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DATA_DIR = process.env.E2E_DATA_DIR ?? '';

/** RFC 2047 encoded words (UTF-8, B or Q) to text. */
function decodeWords(s) {
  return s.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc, text) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** The headers of a block (folded lines unfolded): name (lower case) → value. */
function headersOf(block) {
  const out = {};
  for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

const param = (value, name) => new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(value ?? '')?.[1] ?? '';

/** One .eml: `{ file, subject, to: [addresses], attachments: [{ contentType, filename, bytes }] }`. */
export function parseEml(file, raw) {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = headersOf(text.slice(0, split));
  const to = (head.to ?? '')
    .split(',')
    .map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim().toLowerCase())
    .filter(Boolean);
  const attachments = [];
  const boundary = param(head['content-type'], 'boundary');
  if (/^multipart\/mixed/i.test(head['content-type'] ?? '') && boundary) {
    for (const part of text.slice(split + 2).split(`--${boundary}`)) {
      const p = part.replace(/^\n/, '');
      const end = p.indexOf('\n\n');
      if (end < 0) continue;
      const h = headersOf(p.slice(0, end));
      if (!/^attachment/i.test(h['content-disposition'] ?? '')) continue;
      const body = p.slice(end + 2);
      const bytes = /base64/i.test(h['content-transfer-encoding'] ?? '') ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body);
      attachments.push({
        contentType: (h['content-type'] ?? '').split(';')[0].trim().toLowerCase(),
        filename: decodeWords(param(h['content-disposition'], 'filename') || param(h['content-type'], 'name')),
        bytes,
      });
    }
  }
  return { file, subject: decodeWords(head.subject ?? ''), to, attachments };
}

/** Every message written so far under DATA_DIR/mail (oldest first, by file name). */
export function readMails(dataDir = DATA_DIR) {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseEml(f, readFileSync(join(dir, f), 'utf8')));
}
