/**
 * The records an import of a tree (the EAP) will still write further down the file, per
 * transaction. A revised schedule moves a summary item and its sub-items together: written one row
 * at a time, the summary's new dates would be refused for sub-items that still hold their old ones
 * (and each sub-item's for the summary's old ones). While an import runs as one transaction (the
 * dry run of a tree, an all-or-nothing import), the rule that holds a parent's dates around its
 * sub-items leaves out the sub-items that are still to come: each of them is checked against the
 * parent's new dates when its own row is written, so the tree is whole again at the end, or the
 * row that breaks it is refused (and the whole import with it).
 */
import type { Db } from '../db/connect';

interface Pending {
  /** The natural key's fields, in order. */
  fields: string[];
  /** Keys (JSON of the key's values as text) of the rows not written yet. */
  keys: Set<string>;
}

const pending = new WeakMap<object, Pending>();

export const pendingKey = (fields: string[], rec: Record<string, unknown>) => JSON.stringify(fields.map((f) => String(rec[f] ?? '')));

/** The rows of the file not written yet in this transaction (the set is shared: the import removes each row as it goes). */
export function setPendingRows(trx: Db, fields: string[], keys: Set<string>): void {
  pending.set(trx, { fields, keys });
}

/** Whether the running import of this transaction will still write the record with these key values. */
export function isPendingRow(trx: Db, rec: Record<string, unknown>): boolean {
  const p = pending.get(trx);
  return !!p && p.keys.has(pendingKey(p.fields, rec));
}
