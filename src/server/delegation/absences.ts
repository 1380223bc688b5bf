/**
 * Delegation during an absence (issue 25, docs/access.md decision 31): while today is within an
 * absence's [inicio, fim] (portal time zone), its substitute carries the absent person's e-mail in
 * `PortalUser.emNomeDe`, so the rules' person conditions (`mine`, src/access/rules/context.ts) and
 * workflow `by` fields match the absent person's items too, and the history records "em nome de".
 *
 * One statement per lookup on the index of `ausencia.substituto` (its `mail`: the field is
 * filterable, src/server/db/ddl.ts), remembered for DELEGATION_TTL_MS per database, e-mail and
 * day; a write to `ausencia` through this process forgets it at once (another process within that
 * time). Only staff stand in for someone: the absences' own checks refuse external people.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { isExternalUser, type PortalUser } from '../../access/user';
import { cacheTtl, onTableWritten } from '../crud/write-events';
import { todayIso } from '../time';

const DELEGATION_TTL_MS = 5000;
/** The time limit while other processes' writes are heard (a safety net only). */
const DELEGATION_TTL_HEARD_MS = 60_000;
const CACHE_MAX = 5000;
const caches = new WeakMap<Db, Map<string, { at: number; absent: string[] }>>();
let generation = 0;

/** Forget every remembered delegation (after a write to `ausencia`). */
export function forgetDelegations(): void {
  generation++;
}
onTableWritten((table) => table === 'ausencia' && forgetDelegations());

/** The e-mails of the people `email` stands in for today, by the absences in force. */
export async function absentPeopleFor(db: Db, email: string, today = todayIso()): Promise<string[]> {
  const mail = email.trim().toLowerCase();
  if (!mail) return [];
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = `${generation}:${today}:${mail}`;
  const hit = cache.get(key);
  if (hit && performance.now() - hit.at < cacheTtl(DELEGATION_TTL_MS, DELEGATION_TTL_HEARD_MS)) return hit.absent;
  const started = generation;
  const r = await sql<{ mail: string }>`
    select distinct lower(pessoa ->> 'mail') as mail from ausencia
    where (substituto ->> 'mail') = ${mail} and inicio <= ${today}::date and fim >= ${today}::date`.execute(db);
  const absent = r.rows.map((x) => x.mail).filter((m) => m && m !== mail);
  if (started === generation) {
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, { at: performance.now(), absent });
  }
  return absent;
}

/** The signed-in user with `emNomeDe` set while they stand in for someone (staff only); otherwise unchanged. */
export async function withDelegation(db: Db, user: PortalUser): Promise<PortalUser> {
  if (!user.email || isExternalUser(user)) return user;
  const absent = await absentPeopleFor(db, user.email);
  return absent.length ? { ...user, emNomeDe: absent } : user;
}
