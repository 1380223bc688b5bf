import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connect, type Database } from '../db/connect';
import { startEngine, type Engine } from '../db/boss';
import { MAIL_CORE_SQL, MAX_ATTACHMENTS_BASE64, enqueueMail } from './queue';
import { backoffSeconds, drainMail, MAX_ATTEMPTS, startMailer } from './mailer';
import { createMailTransport, type MailTransport, type OutgoingMail } from './transport';

let database: Database;
let engine: Engine;
let dir: string;
beforeAll(async () => {
  database = await connect({ memory: true });
  for (const stmt of MAIL_CORE_SQL) await sql.raw(stmt).execute(database.db);
  engine = await startEngine(database, { schedule: false });
});
afterAll(async () => {
  await engine.stop();
  await database.close();
});
beforeEach(async () => {
  await sql`delete from mensagem`.execute(database.db);
  await engine.boss.deleteAllJobs('email');
  dir = mkdtempSync(join(tmpdir(), 'portal-mail-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

/** Bytes written as =XX (quoted-printable, RFC 2047 "Q") back to a UTF-8 string. */
const hexBytes = (s: string) =>
  Buffer.from(
    s.replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
/** A folded header of adjacent UTF-8 encoded-words, decoded (the words are joined before decoding). */
const decodeHeader = (v: string) =>
  v.replace(/\?=\n =\?UTF-8\?Q\?/gi, '').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, q: string) => hexBytes(q.replace(/_/g, ' ')));
/** A quoted-printable body, decoded (soft line breaks removed). */
const decodeBody = (v: string) => hexBytes(v.replace(/=\n/g, ''));

/** The retries pg-boss scheduled are due now. */
const due = () => sql`update pgboss.job set start_after = now() where name = 'email' and state = 'retry'`.execute(database.db);
const pending = async () => (await sql<{ n: string }>`select count(*) as n from mensagem where enviada_em is null`.execute(database.db)).rows[0].n;

describe('mail queue', () => {
  it('writes nothing when the enclosing transaction rolls back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, { to: ['a@portal.local'], subject: 'x', text: 'y' });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(Number(await pending())).toBe(0);
  });

  it('deduplicates and lowercases recipients, and skips a message with none valid', async () => {
    await enqueueMail(database.db, { to: ['Ana@Portal.local', 'ana@portal.local ', 'sem-arroba'], subject: 's', text: 't' });
    await enqueueMail(database.db, { to: ['inválido'], subject: 's', text: 't' });
    const rows = (await sql<{ para: string[] }>`select para from mensagem`.execute(database.db)).rows;
    expect(rows).toEqual([{ para: ['ana@portal.local'] }]);
  });

  it('drains a committed message into an .eml file with its recipients, UTF-8 subject and body', async () => {
    const subject = 'Contrato 2026-014: Emitido para o Jurídico — revisão da minuta e das cláusulas de garantia';
    const body = 'Ação: revisão jurídica já começou.\nA minuta está em https://portal.local/contratos/12, com as observações da área de suprimentos.';
    await enqueueMail(database.db, { to: ['gestor@portal.local', 'validador@portal.local'], subject, text: body, ref: 'contratos/12' });
    const transport = createMailTransport({ dataDir: dir });
    expect(transport.kind).toBe('arquivo');
    expect(await drainMail(database.db, transport)).toEqual({ sent: 1, failed: 0 });
    const files = readdirSync(join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(dir, 'mail', files[0]), 'utf8');
    expect(eml).toMatch(/^To: gestor@portal\.local, validador@portal\.local$/m);
    expect(eml).toMatch(/^From: Portal <nao-responda@portal\.local>$/m);
    expect(decodeHeader(/^Subject: (.+(?:\n .+)*)$/m.exec(eml)![1])).toBe(subject);
    expect(eml).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(decodeBody(eml.slice(eml.indexOf('\n\n') + 2))).toBe(`${body}\n`);
    const rows = (await sql`select referencia, enviada_em is not null as enviada from mensagem`.execute(database.db)).rows;
    expect(rows).toEqual([{ referencia: 'contratos/12', enviada: true }]);
    expect(await drainMail(database.db, transport)).toEqual({ sent: 0, failed: 0 });
  });

  it('sends attachments: stored with the message, given to the transport and written as base64 parts of the .eml', async () => {
    const pdf = Buffer.from('%PDF-1.7\n% relatório diário\n%%EOF\n');
    const anexo = { nome: 'RDO-101-12.pdf', tipo: 'application/pdf', conteudoBase64: pdf.toString('base64') };
    await enqueueMail(database.db, { to: ['dist@portal.local'], subject: 'RDO nº 12', text: 'Segue o diário.', attachments: [anexo], ref: 'diarios/7' });
    const stored = (await sql<{ anexos: unknown }>`select anexos from mensagem`.execute(database.db)).rows[0].anexos;
    expect(stored).toEqual([anexo]);
    const seen: OutgoingMail[] = [];
    await drainMail(database.db, { kind: 'smtp', where: 'teste', send: async (m) => void seen.push(m) });
    expect(seen[0].attachments).toEqual([anexo]);
    // The file transport writes a multipart/mixed message whose attachment decodes to the same bytes.
    await sql`update mensagem set enviada_em = null, job_id = null`.execute(database.db); // adopted again: a new job
    expect(await drainMail(database.db, createMailTransport({ dataDir: dir }))).toEqual({ sent: 1, failed: 0 });
    const eml = readFileSync(join(dir, 'mail', readdirSync(join(dir, 'mail'))[0]), 'utf8');
    expect(eml).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(eml).toMatch(/^Content-Type: application\/pdf; name=RDO-101-12\.pdf$/m);
    expect(eml).toMatch(/^Content-Disposition: attachment; filename=RDO-101-12\.pdf$/m);
    const part = eml.slice(eml.indexOf('filename=RDO-101-12.pdf'));
    const body = part.slice(part.indexOf('\n\n') + 2, part.indexOf('\n--'));
    expect(Buffer.from(body.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
    // A message without attachments stays as it was (no column value, no attachment given to the transport).
    await enqueueMail(database.db, { to: ['a@portal.local'], subject: 'sem anexo', text: 't' });
    seen.length = 0;
    await drainMail(database.db, { kind: 'smtp', where: 'teste', send: async (m) => void seen.push(m) });
    expect(seen.map((m) => [m.subject, m.attachments])).toEqual([['sem anexo', undefined]]);
  });

  it('refuses attachments over the bound or malformed, queueing nothing', async () => {
    const big = { nome: 'a.pdf', tipo: 'application/pdf', conteudoBase64: 'A'.repeat(MAX_ATTACHMENTS_BASE64 + 4) };
    await expect(enqueueMail(database.db, { to: ['a@portal.local'], subject: 's', text: 't', attachments: [big] })).rejects.toThrow(/attachments over/);
    const bad = { nome: 'a.pdf', tipo: 'application/pdf', conteudoBase64: 'não é base64' };
    await expect(enqueueMail(database.db, { to: ['a@portal.local'], subject: 's', text: 't', attachments: [bad] })).rejects.toThrow(/malformed/);
    expect(Number(await pending())).toBe(0);
  });

  it('retries a failed message with backoff and sends it once the transport works', async () => {
    await enqueueMail(database.db, { to: ['a@portal.local'], subject: 's', text: 't' });
    let fail = true;
    const sent: OutgoingMail[] = [];
    const flaky: MailTransport = {
      kind: 'smtp',
      where: 'teste',
      send: async (m) => {
        if (fail) throw new Error('SMTP indisponível');
        sent.push(m);
      },
    };
    expect(await drainMail(database.db, flaky)).toEqual({ sent: 0, failed: 1 });
    const row = (await sql<{ tentativas: number; erro: string }>`select tentativas, erro from mensagem`.execute(database.db)).rows[0];
    expect(row).toEqual({ tentativas: 1, erro: 'SMTP indisponível' });
    // pg-boss holds the job for its retry, 30 to 60 s ahead (backoff with jitter).
    const job = (
      await sql<{ state: string; atraso: number }>`
      select state, extract(epoch from start_after - now())::int as atraso from pgboss.job where name = 'email'`.execute(database.db)
    ).rows[0];
    expect(job.state).toBe('retry');
    expect(job.atraso).toBeGreaterThan(20);
    // Not due yet: nothing happens.
    fail = false;
    expect(await drainMail(database.db, flaky)).toEqual({ sent: 0, failed: 0 });
    await due();
    expect(await drainMail(database.db, flaky)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('caps the backoff at 5 minutes and gives up after the last attempt', async () => {
    expect(backoffSeconds(1)).toBe(30);
    expect(backoffSeconds(2)).toBe(60);
    expect(backoffSeconds(10)).toBe(300);
    await enqueueMail(database.db, { to: ['a@portal.local'], subject: 's', text: 't' });
    const broken: MailTransport = {
      kind: 'smtp',
      where: 'teste',
      send: async () => {
        throw new Error('recusado');
      },
    };
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await due();
      expect(await drainMail(database.db, broken)).toEqual({ sent: 0, failed: 1 });
    }
    const row = (await sql<{ tentativas: number; fim: boolean }>`select tentativas, proxima_tentativa = 'infinity' as fim from mensagem`.execute(database.db))
      .rows[0];
    expect(row).toEqual({ tentativas: MAX_ATTEMPTS, fim: true });
    expect((await sql<{ state: string }>`select state from pgboss.job where name = 'email'`.execute(database.db)).rows).toEqual([{ state: 'failed' }]);
    await due();
    expect(await drainMail(database.db, broken)).toEqual({ sent: 0, failed: 0 });
  });

  it('takes the oldest messages first, a batch at a time', async () => {
    for (const s of ['m0', 'm1', 'm2']) await enqueueMail(database.db, { to: ['a@portal.local'], subject: s, text: 't' });
    const seen: string[] = [];
    const t: MailTransport = { kind: 'smtp', where: 'teste', send: async (m) => void seen.push(m.subject) };
    expect(await drainMail(database.db, t, { batch: 2 })).toEqual({ sent: 2, failed: 0 });
    expect(seen).toEqual(['m0', 'm1']);
  });

  it('never sends a message twice when two drains run at once', async () => {
    for (let i = 0; i < 30; i++) await enqueueMail(database.db, { to: [`p${i}@portal.local`], subject: `m${i}`, text: 't' });
    const seen: string[] = [];
    const slow: MailTransport = {
      kind: 'smtp',
      where: 'teste',
      send: async (m) => {
        seen.push(m.subject);
        await new Promise((r) => setTimeout(r, 1));
      },
    };
    const [a, b] = await Promise.all([drainMail(database.db, slow, { batch: 20 }), drainMail(database.db, slow, { batch: 20 })]);
    expect(a.sent + b.sent).toBe(30);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('startMailer', () => {
  it('works the queue: a message queued is sent by the worker, once, and stop waits for the batch it is sending', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let begin!: () => void;
    const started = new Promise<void>((r) => (begin = r));
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: 'smtp',
      where: 'teste',
      send: async (m) => {
        begin();
        await gate;
        sent.push(m.subject);
      },
    };
    const heard: number[] = [];
    const mailer = await startMailer(database.db, transport, { pollingIntervalSeconds: 0.5, onDrain: (r) => heard.push(r.sent) });
    await enqueueMail(database.db, { to: ['a@portal.local'], subject: 'primeira', text: 't' });
    await started;
    let stopped = false;
    const stopping = mailer.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(sent).toEqual(['primeira']);
    expect(heard).toEqual([1]);
    expect(Number(await pending())).toBe(0);
    expect(await drainMail(database.db, transport)).toEqual({ sent: 0, failed: 0 });
  });
});

describe('without an engine', () => {
  it('drainMail sends the rows directly, with a lease and backoff', async () => {
    const other = await connect({ memory: true });
    try {
      for (const stmt of MAIL_CORE_SQL) await sql.raw(stmt).execute(other.db);
      await enqueueMail(other.db, { to: ['a@portal.local'], subject: 's', text: 't' });
      let fail = true;
      const t: MailTransport = {
        kind: 'smtp',
        where: 'teste',
        send: async () => {
          if (fail) throw new Error('fora');
        },
      };
      expect(await drainMail(other.db, t)).toEqual({ sent: 0, failed: 1 });
      const row = (await sql<{ atraso: number }>`select extract(epoch from proxima_tentativa - now())::int as atraso from mensagem`.execute(other.db)).rows[0];
      expect(row.atraso).toBeGreaterThan(20);
      fail = false;
      expect(await drainMail(other.db, t)).toEqual({ sent: 0, failed: 0 });
      await sql`update mensagem set proxima_tentativa = now()`.execute(other.db);
      expect(await drainMail(other.db, t)).toEqual({ sent: 1, failed: 0 });
    } finally {
      await other.close();
    }
  });
});
