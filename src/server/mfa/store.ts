/**
 * What the portal keeps about the second factor (TOTP, issue 35) of own-login accounts:
 * - `mfa_conta`: the accounts whose authenticator app is enrolled. A row is written when the app
 *   confirms an enrolment and the identity provider agrees (IdentityAdmin.mfaStatus), and removed when
 *   the factor is turned off (by the person, or by a recovery code). The API's policy reads it on
 *   every request of a person the policy applies to, without asking the provider (policy.ts).
 * - `mfa_codigo_recuperacao`: ten single-use recovery codes per account, stored as SHA-256 of the
 *   code (50 random bits each, never stored or logged in clear; shown once when generated). A used
 *   code keeps its row (`usado_em`) so a second use is told apart from a wrong code.
 */
import { createHash, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';

export const MFA_CORE_SQL = [
  `CREATE TABLE IF NOT EXISTS mfa_conta (
     email text primary key,
     usuario text not null,
     ativado_em timestamptz not null default now(),
     codigos_gerados_em timestamptz)`,
  `CREATE TABLE IF NOT EXISTS mfa_codigo_recuperacao (
     email text not null,
     hash text not null,
     criado_em timestamptz not null default now(),
     usado_em timestamptz,
     primary key (email, hash))`,
];

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 without look-alikes (no I, L, O, U): 5 bits a character. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `XXXXX-XXXXX`: 10 characters of 5 random bits. */
export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** As typed: case, spaces and dashes do not matter; O/I/L read as 0/1/1. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

const hashOf = (email: string, code: string) =>
  createHash('sha256')
    .update(`${email}\n${normalizeRecoveryCode(code)}`)
    .digest('hex');

export interface Enrolment {
  ativadoEm: string;
  codigosRestantes: number;
}

export async function readEnrolment(db: Db, email: string): Promise<Enrolment | null> {
  const r = await sql<{ ativado_em: Date | string; restantes: number | string }>`
    select c.ativado_em, (select count(*) from mfa_codigo_recuperacao r where r.email = c.email and r.usado_em is null) as restantes
    from mfa_conta c where c.email = ${email}`.execute(db);
  const row = r.rows[0];
  return row ? { ativadoEm: new Date(row.ativado_em).toISOString(), codigosRestantes: Number(row.restantes) } : null;
}

export async function isEnrolled(db: Db, email: string): Promise<boolean> {
  const r = await sql<{ x: number }>`select 1 as x from mfa_conta where email = ${email}`.execute(db);
  return r.rows.length > 0;
}

/** Records the enrolment (kept when already recorded). */
export async function recordEnrolment(db: Db, email: string, username: string): Promise<void> {
  await sql`insert into mfa_conta (email, usuario) values (${email}, ${username})
    on conflict (email) do update set usuario = excluded.usuario`.execute(db);
}

/** Ten new codes in place of the account's earlier ones (used or not); returned in clear, once. */
export async function replaceRecoveryCodes(db: Db, email: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await db.transaction().execute(async (trx) => {
    await sql`delete from mfa_codigo_recuperacao where email = ${email}`.execute(trx);
    for (const code of codes) await sql`insert into mfa_codigo_recuperacao (email, hash) values (${email}, ${hashOf(email, code)})`.execute(trx);
    await sql`update mfa_conta set codigos_gerados_em = now() where email = ${email}`.execute(trx);
  });
  return [...codes];
}

/** The enrolment and the codes go (the factor was turned off). */
export async function forgetEnrolment(db: Db, email: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`delete from mfa_conta where email = ${email}`.execute(trx);
    await sql`delete from mfa_codigo_recuperacao where email = ${email}`.execute(trx);
  });
}

/**
 * Uses a recovery code: 'usado' when it was used before, 'desconhecido' when it is not the account's;
 * otherwise it is marked used and `then` runs in the same transaction (a failure there leaves the
 * code unused). The enrolment record goes with it: the factor is off until enrolled again.
 */
export async function useRecoveryCode(db: Db, email: string, code: string, then: () => Promise<void>): Promise<'ok' | 'usado' | 'desconhecido'> {
  return db.transaction().execute(async (trx) => {
    const hash = hashOf(email, code);
    const marked = await sql<{ hash: string }>`update mfa_codigo_recuperacao set usado_em = now()
      where email = ${email} and hash = ${hash} and usado_em is null returning hash`.execute(trx);
    if (!marked.rows.length) {
      const known = await sql<{ x: number }>`select 1 as x from mfa_codigo_recuperacao where email = ${email} and hash = ${hash}`.execute(trx);
      return known.rows.length ? 'usado' : 'desconhecido';
    }
    await sql`delete from mfa_conta where email = ${email}`.execute(trx);
    await then();
    return 'ok';
  });
}
