/**
 * The end of a trash entry (issue 35): the daily purge of entries older than the period the
 * administrators set (`lixeiraDias`, src/server/settings), and an administrator's "excluir
 * definitivamente". The files only the entry held are forgotten in the same transaction and their
 * objects removed after it commits. Entries are taken with SKIP LOCKED, so two processes purging at
 * once never purge the same entry twice; the daily job runs once a day in any case.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { forgetUnheld, removeStoredFiles } from '../storage/file-access';
import type { FileStorage } from '../storage/storage';
import { readIntegerSetting } from '../settings/store';
import { TRASH_OWNER } from './tables';

/** Drops the entries (locked by the caller's transaction) and their file holds; returns the keys freed. */
export async function discardEntries(trx: Db, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const held = await sql<{
    key: string;
  }>`delete from arquivo_vinculo where recurso = ${TRASH_OWNER} and registro_id in (${sql.join(ids)}) returning key`.execute(trx);
  await sql`delete from lixeira where id in (${sql.join(ids)})`.execute(trx);
  return forgetUnheld(
    trx,
    held.rows.map((r) => r.key),
  );
}

/** In the caller's transaction: discards the entries past the period; the keys freed are removed after its commit. */
export async function purgeExpiredIn(trx: Db, now = new Date()): Promise<{ entradas: number; freed: string[] }> {
  const days = await readIntegerSetting(trx, 'lixeiraDias');
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const r = await sql<{ id: string }>`select id from lixeira where excluido_em < ${cutoff} for update skip locked`.execute(trx);
  const ids = r.rows.map((x) => Number(x.id));
  return { entradas: ids.length, freed: await discardEntries(trx, ids) };
}

/** Purges what is past the period now; returns how many entries went. */
export async function purgeExpired(db: Db, storage: FileStorage | undefined, now = new Date()): Promise<number> {
  const { entradas, freed } = await db.transaction().execute((trx) => purgeExpiredIn(trx, now));
  if (storage && freed.length) await removeStoredFiles(storage, freed);
  return entradas;
}
