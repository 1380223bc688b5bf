/**
 * The values only the plan routes set on a sheet (file, page, size, revision, origin), handed to the
 * sheet's write rule (src/server/modules/entities/folha-planta.ts) inside the same transaction: the
 * generic engine writes the sheet — validation, rights, history, files, search — and the rule adds
 * them. A sheet written any other way (the generic API) gets none, and a new one is refused.
 */
import type { Db } from '../db/connect';

const pending = new WeakMap<object, Record<string, unknown>>();

/** Runs `write` (a createRecord / updateRecord on `trx`) with the server's values for the sheet. */
export async function withSheetValues<T>(trx: Db, values: Record<string, unknown>, write: () => Promise<T>): Promise<T> {
  pending.set(trx, values);
  try {
    return await write();
  } finally {
    pending.delete(trx);
  }
}

/** The server's values for the sheet being written in this transaction, if a plan route is writing it. */
export const sheetValuesOf = (trx: Db): Record<string, unknown> | undefined => pending.get(trx);
