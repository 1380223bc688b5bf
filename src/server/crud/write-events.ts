/**
 * In-process notice of committed writes through the generic CRUD, by table: caches of this process
 * that derive from a table (the directory's access, site-users/directory.ts) drop their entries at
 * once instead of waiting for their time limit.
 */
type Listener = (table: string) => void;

const listeners = new Set<Listener>();

export function onTableWritten(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function tableWritten(table: string): void {
  for (const l of listeners) l(table);
}
