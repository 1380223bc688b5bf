/**
 * One e-mail per person per SLA pass (issue 36: 17 messages left at once right after start, two
 * with the same subject for one ticket). The pass claims each record's events in that record's
 * transaction (src/server/sla/events.ts) and stores, in the same transaction, a notice per person
 * (`sla_aviso`); at its end it sends each person one message listing all of theirs
 * (src/server/sla/mail.ts), deleting the notices in the transaction that queues the messages — so a
 * notice leaves exactly once, and the notices of a pass that died are sent by the next one.
 * Tables in src/server/sla/policy.ts (`SLA_CORE_SQL`).
 *
 * Only one pass runs at a time across the server processes: a lease row (`sla_passe`) taken with
 * `insert … on conflict do update … where` the previous lease expired; a pass that finds it held
 * leaves the work to the running one. The claims alone already make each event leave once; the
 * lease keeps one person's items of one minute in one message.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { queueSlaMails, type SlaNotice } from './mail';

/** How long a lease holds without being renewed (a pass renews it after every entity). */
const LEASE_MS = 10 * 60_000;

/** Stores the notices of one record's claimed events, in the claim's transaction. */
export async function storeNotices(trx: Db, byPerson: Map<string, SlaNotice[]>): Promise<void> {
  const rows = [...byPerson].flatMap(([para, notices]) => notices.map((n) => sql`(${para}, ${JSON.stringify(n)}::jsonb)`));
  if (rows.length) await sql`insert into sla_aviso (para, aviso) values ${sql.join(rows)}`.execute(trx);
}

/** Sends every stored notice, one message per person; returns how many messages were queued. */
export async function flushNotices(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // A concurrent flush waits on the rows this one deletes, then finds them gone.
    const r = await sql<{ para: string; aviso: SlaNotice | string }>`delete from sla_aviso returning id, para, aviso`.execute(trx);
    if (!r.rows.length) return 0;
    const byPerson = new Map<string, SlaNotice[]>();
    for (const row of r.rows) {
      const notice = typeof row.aviso === 'string' ? (JSON.parse(row.aviso) as SlaNotice) : row.aviso;
      byPerson.set(row.para, [...(byPerson.get(row.para) ?? []), notice]);
    }
    return queueSlaMails(trx, byPerson);
  });
}

/** Takes (or renews, for its owner) the pass's lease; false while another pass holds it. */
export async function takePass(db: Db, owner: string): Promise<boolean> {
  const r = await sql<{ dono: string }>`
    insert into sla_passe (id, dono, ate) values (1, ${owner}, now() + ${LEASE_MS}::integer * interval '1 millisecond')
    on conflict (id) do update set dono = excluded.dono, ate = excluded.ate
    where sla_passe.ate < now() or sla_passe.dono = excluded.dono
    returning dono`.execute(db);
  return r.rows.length > 0;
}

/** Gives the lease back at the end of the pass. */
export async function releasePass(db: Db, owner: string): Promise<void> {
  await sql`delete from sla_passe where id = 1 and dono = ${owner}`.execute(db);
}
