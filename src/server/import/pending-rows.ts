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
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { SheetRow } from './cells';
import type { Mapping } from './mapping';
import type { HeaderColumn } from './sheet';

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

/**
 * Whether a row of the file is above another one in the tree (a row's code starts with another
 * row's code and the separator, "1.2" above "1.2.3"; or a row's parent names another row by code or
 * title; a tree without codes: any parent given): then the rows depend on each other and the dry
 * run is one transaction, the rows above written before the rows below. Otherwise (items added
 * under existing ones, a list of leaves) the tree's dry run goes in batches like any other entity's,
 * so the portal keeps answering between them. Read from the cells as typed: a match is never missed.
 */
export async function treeLinked(schema: EntitySchema, mapping: Mapping, columns: HeaderColumn[], rows: AsyncIterable<SheetRow>): Promise<boolean> {
  const tree = schema.tree;
  if (!tree) return false;
  const col = (field: string | undefined) => (field ? columns.find((c) => mapping[c.text] === field) : undefined);
  const [code, parent, title] = [col(tree.code?.field), col(tree.parent), col(schema.titleField)];
  const text = (row: SheetRow, c: HeaderColumn | undefined) => {
    const v = c ? row.cells[c.index] : null;
    return v === null || v === undefined || typeof v === 'boolean' ? '' : String(v).trim();
  };
  const codes = new Set<string>();
  const names = new Set<string>();
  const parents = new Set<string>();
  for await (const row of rows) {
    for (const [c, set] of [
      [code, codes],
      [title, names],
      [parent, parents],
    ] as const) {
      const v = text(row, c);
      if (v) set.add(v);
    }
  }
  if (parents.size && !tree.code) return true;
  for (const p of parents) if (codes.has(p) || names.has(p)) return true;
  const sep = tree.code?.separator ?? '.';
  for (const c of codes) for (let i = c.lastIndexOf(sep); i > 0; i = c.lastIndexOf(sep, i - 1)) if (codes.has(c.slice(0, i))) return true;
  return false;
}
