/**
 * The stored answers of the writes sent with an `Idempotency-Key` (issue 26): one row per user and
 * key. A row is claimed ('em-andamento') before the route runs, in its own statement (committed at
 * once, so every other process sees it), and completed ('concluido') with the answer afterwards.
 * Rows are kept at least 48 h: the daily job `limpeza-idempotencia` removes the older ones.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';

export const IDEMPOTENCY_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS idempotencia (
     usuario text not null, chave text not null,
     metodo text not null, caminho text not null, corpo_hash text not null,
     estado text not null default 'em-andamento' check (estado in ('em-andamento', 'concluido')),
     status integer, corpo text, tipo text,
     criado_em timestamptz not null default now(),
     primary key (usuario, chave))`,
  `CREATE INDEX IF NOT EXISTS idempotencia_criado_idx ON idempotencia (criado_em)`,
];

/** How long a key is kept at least (the purge removes rows older than this). */
export const RETENTION_HOURS = 48;

/** What identifies a request: a key sent again with another fingerprint is refused (422). */
export interface Fingerprint {
  metodo: string;
  /** Path with the query string. */
  caminho: string;
  /** SHA-256 (hex) of the body bytes (a multipart body without its random boundary). */
  corpoHash: string;
}

export interface StoredRow extends Fingerprint {
  estado: 'em-andamento' | 'concluido';
  status: number | null;
  corpo: string | null;
  tipo: string | null;
}

export const sameFingerprint = (a: Fingerprint, b: Fingerprint) => a.metodo === b.metodo && a.caminho === b.caminho && a.corpoHash === b.corpoHash;

/** Claims the key for this request: true when this request is the first with it. */
export async function claimKey(db: Db, usuario: string, chave: string, f: Fingerprint): Promise<boolean> {
  const r = await sql<{ chave: string }>`
    insert into idempotencia (usuario, chave, metodo, caminho, corpo_hash, estado)
    values (${usuario}, ${chave}, ${f.metodo}, ${f.caminho}, ${f.corpoHash}, 'em-andamento')
    on conflict (usuario, chave) do nothing returning chave`.execute(db);
  return r.rows.length > 0;
}

export async function readKey(db: Db, usuario: string, chave: string): Promise<StoredRow | undefined> {
  const r = await sql<{
    metodo: string;
    caminho: string;
    corpo_hash: string;
    estado: 'em-andamento' | 'concluido';
    status: number | null;
    corpo: string | null;
    tipo: string | null;
  }>`select metodo, caminho, corpo_hash, estado, status, corpo, tipo from idempotencia where usuario = ${usuario} and chave = ${chave}`.execute(db);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    metodo: row.metodo,
    caminho: row.caminho,
    corpoHash: row.corpo_hash,
    estado: row.estado,
    status: row.status === null ? null : Number(row.status),
    corpo: row.corpo,
    tipo: row.tipo,
  };
}

/** Stores the first answer: from now on the key replays it. */
export async function completeKey(db: Db, usuario: string, chave: string, answer: { status: number; corpo: string; tipo: string | null }): Promise<void> {
  await sql`update idempotencia set estado = 'concluido', status = ${answer.status}, corpo = ${answer.corpo}, tipo = ${answer.tipo}
    where usuario = ${usuario} and chave = ${chave} and estado = 'em-andamento'`.execute(db);
}

/** Gives the key back (the route failed with 5xx or threw): the client may send the request again. */
export async function releaseKey(db: Db, usuario: string, chave: string): Promise<void> {
  await sql`delete from idempotencia where usuario = ${usuario} and chave = ${chave} and estado = 'em-andamento'`.execute(db);
}

/** Removes the keys older than the retention (daily job); returns how many went. */
export async function purgeKeys(db: Db, hours = RETENTION_HOURS): Promise<{ removidas: number }> {
  const r = await sql<{ n: number }>`
    with gone as (delete from idempotencia where criado_em < now() - cast(${hours} as integer) * interval '1 hour' returning 1)
    select count(*)::int as n from gone`.execute(db);
  return { removidas: Number(r.rows[0]?.n ?? 0) };
}
