/**
 * The mail on pg-boss (issue 27), on each database: a message enqueued in a transaction that rolls
 * back is never sent; a committed one is sent exactly once while two engines (two server processes)
 * work the queue; a failed send is retried with backoff; rows queued before any engine ran are
 * adopted and sent once.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startEngine, type Engine } from '../../src/server/db/boss';
import { startMailer, type Mailer } from '../../src/server/mail/mailer';
import { enqueueMail } from '../../src/server/mail/queue';
import type { MailTransport } from '../../src/server/mail/transport';
import { BACKENDS, useApi } from './backends';
import { waitUntil } from './poll';

for (const backend of BACKENDS) {
  describe(`mail on pg-boss (${backend})`, () => {
    const t = useApi(backend, () => ({ seed: false }));
    const engines: Engine[] = [];
    const mailers: Mailer[] = [];
    /** Subject → how many times each engine's worker sent it. */
    const sent = new Map<string, string[]>();
    let failOnce = new Set<string>();
    const transport = (who: string): MailTransport => ({
      kind: 'smtp',
      where: 'teste',
      async send(m) {
        if (failOnce.delete(m.subject)) throw new Error('SMTP fora do ar');
        await new Promise((r) => setTimeout(r, 5));
        sent.set(m.subject, [...(sent.get(m.subject) ?? []), who]);
      },
    });
    const db = () => t.api.db;
    const mail = (subject: string) => ({ to: ['pessoa@portal.local'], subject, text: 'texto' });
    afterAll(async () => {
      for (const m of mailers) await m.stop();
      for (const e of engines) await e.stop();
    });

    it('sends once the rows queued before any engine ran, with two engines working the queue', async () => {
      for (let i = 0; i < 10; i++) await enqueueMail(db(), mail(`antiga-${i}`));
      expect((await sql<{ n: number }>`select count(*)::int as n from mensagem where job_id is null`.execute(db())).rows[0].n).toBe(10);
      const api = { db: db(), listenVia: t.api.listenVia };
      for (const who of ['A', 'B']) {
        const engine = await startEngine(api, { schedule: false });
        engines.push(engine);
        mailers.push(await startMailer(db(), transport(who), { pollingIntervalSeconds: 0.5, batchSize: 3 }));
      }
      await waitUntil(() => sent.size === 10);
      await new Promise((r) => setTimeout(r, 1500)); // nothing more arrives
      expect([...sent.values()].every((by) => by.length === 1)).toBe(true);
      const rows = await sql<{ n: number }>`select count(*)::int as n from mensagem where job_id is not null and enviada_em is not null`.execute(db());
      expect(rows.rows[0].n).toBe(10);
    });

    it('never sends a message of a rolled-back transaction, and sends each committed one exactly once', async () => {
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            await enqueueMail(trx, mail('desfeita'));
            throw new Error('desfaz');
          }),
      ).rejects.toThrow('desfaz');
      await db()
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < 20; i++) await enqueueMail(trx, mail(`nova-${i}`));
        });
      for (let i = 0; i < 10; i++) await enqueueMail(db(), mail(`solta-${i}`));
      await waitUntil(() => sent.size === 40);
      await new Promise((r) => setTimeout(r, 1500));
      expect(sent.has('desfeita')).toBe(false);
      expect([...sent.entries()].filter(([, by]) => by.length !== 1)).toEqual([]);
      expect(new Set([...sent.values()].flat())).toEqual(new Set(['A', 'B'])); // both engines took part
      const jobs = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'email'`.execute(db());
      expect(jobs.rows[0].n).toBe(40);
    });

    it('retries a failed send with backoff, then sends it once', async () => {
      failOnce = new Set(['instável']);
      await enqueueMail(db(), mail('instável'));
      await waitUntil(async () => (await sql<{ n: number }>`select tentativas as n from mensagem where assunto = 'instável'`.execute(db())).rows[0].n === 1);
      const row = (
        await sql<{ erro: string; enviada: boolean }>`select erro, enviada_em is not null as enviada from mensagem where assunto = 'instável'`.execute(db())
      ).rows[0];
      expect(row).toEqual({ erro: 'SMTP fora do ar', enviada: false });
      const jobOf = async () =>
        (
          await sql<{ state: string; atraso: number }>`select j.state, extract(epoch from j.start_after - now())::int as atraso
          from pgboss.job j join mensagem m on m.job_id = j.id where m.assunto = 'instável'`.execute(db())
        ).rows[0];
      // The attempt is counted by the sender before pg-boss records the failure: the job turns 'retry' just after.
      await waitUntil(async () => (await jobOf()).state !== 'active');
      const job = await jobOf();
      expect(job.state).toBe('retry');
      expect(job.atraso).toBeGreaterThanOrEqual(20); // 30 s × (1 to 2), jitter
      await sql`update pgboss.job set start_after = now() where name = 'email' and state = 'retry'`.execute(db());
      await waitUntil(() => sent.has('instável'));
      await new Promise((r) => setTimeout(r, 1000));
      expect(sent.get('instável')).toHaveLength(1);
      const done = (
        await sql<{ state: string }>`select j.state from pgboss.job j join mensagem m on m.job_id = j.id where m.assunto = 'instável'`.execute(db())
      ).rows[0];
      expect(done.state).toBe('completed');
    });
  });
}
