/**
 * The personal calendar addresses (issue 41), table `calendario_feed`: one per person, keyed by
 * e-mail, with the SHA-256 of the secret token (the token itself is shown once, when issued), the
 * person as the rules saw them then (re-checked against the directory at each read, feed.ts), when
 * it was issued and when a calendar last read it. Issuing again replaces the hash: the old address
 * answers 404 from then on; revoking deletes the row.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { PortalUser } from '../../access/user';
import type { CalendarFeedStatus } from '../../../resources/calendar-feed';

export const CALENDAR_FEED_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS calendario_feed (
     email text primary key, token_hash text not null unique, usuario jsonb not null,
     criado_em timestamptz not null default now(), ultimo_uso_em timestamptz)`,
];

/** 32 random bytes, base64url: 43 characters. Anything else is not a token (404, no oracle). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const isTokenShaped = (token: string) => TOKEN.test(token);
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

export async function feedStatus(db: Db, email: string): Promise<CalendarFeedStatus> {
  const r = await sql<{ criado_em: Date | string; ultimo_uso_em: Date | string | null }>`
    select criado_em, ultimo_uso_em from calendario_feed where email = ${email}`.execute(db);
  const row = r.rows[0];
  return row ? { ativo: true, criadoEm: iso(row.criado_em), ultimoUsoEm: iso(row.ultimo_uso_em) } : { ativo: false, criadoEm: null, ultimoUsoEm: null };
}

/** A new token for the person (the previous one stops working); returns the token, never stored. */
export async function issueFeed(db: Db, user: PortalUser): Promise<{ token: string; criadoEm: string }> {
  const token = randomBytes(32).toString('base64url');
  const email = user.email.toLowerCase();
  // Who they stand in for and which sites they substitute on are recomputed at each read.
  const { emNomeDe: _absent, obrasSubstituto: _substitute, ...stored } = user;
  const r = await sql<{ criado_em: Date | string }>`insert into calendario_feed (email, token_hash, usuario)
    values (${email}, ${hashToken(token)}, ${JSON.stringify(stored)}::jsonb)
    on conflict (email) do update set token_hash = excluded.token_hash, usuario = excluded.usuario, criado_em = now(), ultimo_uso_em = null
    returning criado_em`.execute(db);
  return { token, criadoEm: iso(r.rows[0].criado_em)! };
}

export async function revokeFeed(db: Db, email: string): Promise<boolean> {
  const r = await sql`delete from calendario_feed where email = ${email}`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** The person a token belongs to (as stored when issued), marking the read; undefined for an unknown token. */
export async function feedOwner(db: Db, token: string): Promise<PortalUser | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const r = await sql<{ usuario: unknown }>`update calendario_feed set ultimo_uso_em = now()
    where token_hash = ${hashToken(token)} returning usuario`.execute(db);
  const raw = r.rows[0]?.usuario;
  if (!raw) return undefined;
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as PortalUser;
}
