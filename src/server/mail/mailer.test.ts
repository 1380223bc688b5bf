import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connect, type Database } from '../db/connect';
import { MAIL_CORE_SQL, enqueueMail } from './queue';
import { backoffSeconds, drainMail, MAX_ATTEMPTS } from './mailer';
import { createMailTransport, type MailTransport, type OutgoingMail } from './transport';

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await connect({ memory: true });
  for (const stmt of MAIL_CORE_SQL) await sql.raw(stmt).execute(database.db);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await sql`delete from mensagem`.execute(database.db);
  dir = mkdtempSync(join(tmpdir(), 'portal-mail-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

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
    await enqueueMail(database.db, { to: ['gestor@portal.local', 'validador@portal.local'], subject: 'Contrato 2026-014: Emitido para o Jurídico', text: 'Ação: revisão jurídica já começou.' });
    const transport = createMailTransport({ dataDir: dir });
    expect(transport.kind).toBe('arquivo');
    expect(await drainMail(database.db, transport)).toEqual({ sent: 1, failed: 0 });
    const files = readdirSync(join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(dir, 'mail', files[0]), 'utf8');
    expect(eml).toMatch(/^To: gestor@portal\.local, validador@portal\.local$/m);
    const subject = /^Subject: (.+(?:\n .+)*)$/m.exec(eml)![1];
    const decoded = subject.replace(/\n /g, '').replace(/=\?UTF-8\?Q\?(.+?)\?=/gi, (_m, q: string) =>
      Buffer.from(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
    expect(decoded.replace(/\s+/g, ' ')).toContain('Contrato 2026-014: Emitido para o Jurídico');
    expect(Number(await pending())).toBe(0);
    expect(await drainMail(database.db, transport)).toEqual({ sent: 0, failed: 0 });
  });

  it('retries a failed message with backoff and sends it once the transport works', async () => {
    await enqueueMail(database.db, { to: ['a@portal.local'], subject: 's', text: 't' });
    let fail = true;
    const sent: OutgoingMail[] = [];
    const flaky: MailTransport = { kind: 'smtp', where: 'teste', send: async (m) => { if (fail) throw new Error('SMTP indisponível'); sent.push(m); } };
    expect(await drainMail(database.db, flaky)).toEqual({ sent: 0, failed: 1 });
    const row = (await sql<{ tentativas: number; erro: string; atraso: number }>`
      select tentativas, erro, extract(epoch from proxima_tentativa - now())::int as atraso from mensagem`.execute(database.db)).rows[0];
    expect(row.tentativas).toBe(1);
    expect(row.erro).toBe('SMTP indisponível');
    expect(row.atraso).toBeGreaterThan(20);
    // Not due yet: nothing happens.
    fail = false;
    expect(await drainMail(database.db, flaky)).toEqual({ sent: 0, failed: 0 });
    await sql`update mensagem set proxima_tentativa = now()`.execute(database.db);
    expect(await drainMail(database.db, flaky)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('caps the backoff at 5 minutes and gives up after the last attempt', async () => {
    expect(backoffSeconds(1)).toBe(30);
    expect(backoffSeconds(2)).toBe(60);
    expect(backoffSeconds(10)).toBe(300);
    await enqueueMail(database.db, { to: ['a@portal.local'], subject: 's', text: 't' });
    const broken: MailTransport = { kind: 'smtp', where: 'teste', send: async () => { throw new Error('recusado'); } };
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await sql`update mensagem set proxima_tentativa = now() where proxima_tentativa <> 'infinity'`.execute(database.db);
      await drainMail(database.db, broken);
    }
    const row = (await sql<{ tentativas: number; fim: boolean }>`select tentativas, proxima_tentativa = 'infinity' as fim from mensagem`.execute(database.db)).rows[0];
    expect(row).toEqual({ tentativas: MAX_ATTEMPTS, fim: true });
    expect(await drainMail(database.db, broken)).toEqual({ sent: 0, failed: 0 });
  });

  it('never sends a message twice when two drains run at once', async () => {
    for (let i = 0; i < 30; i++) await enqueueMail(database.db, { to: [`p${i}@portal.local`], subject: `m${i}`, text: 't' });
    const seen: string[] = [];
    const slow: MailTransport = { kind: 'smtp', where: 'teste', send: async (m) => { seen.push(m.subject); await new Promise((r) => setTimeout(r, 1)); } };
    const [a, b] = await Promise.all([drainMail(database.db, slow, { batch: 20 }), drainMail(database.db, slow, { batch: 20 })]);
    expect(a.sent + b.sent).toBe(30);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
