/**
 * Gap-free counters: the counter row stays locked until the transaction commits, so concurrent
 * transactions take consecutive numbers, and a transaction that rolls back gives its number back.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';

export async function nextInSequence(trx: Db, key: string): Promise<number> {
  const r = await sql<{ valor: number }>`
    insert into sequencia (chave, valor) values (${key}, 1)
    on conflict (chave) do update set valor = sequencia.valor + 1
    returning valor`.execute(trx);
  return Number(r.rows[0].valor);
}

/** The SGI code of a record accepted now: QUA-2026-0007 (area prefix, year, number of that area and year). */
export async function areaYearCode(trx: Db, table: string, prefix: string, year: number): Promise<string> {
  const n = await nextInSequence(trx, `${table}:${prefix}:${year}`);
  return `${prefix}-${year}-${String(n).padStart(4, '0')}`;
}
