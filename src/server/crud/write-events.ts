/**
 * In-process notice of committed writes through the generic CRUD, by table: caches of this process
 * that derive from a table (the directory's access, site-users/directory.ts) drop their entries at
 * once instead of waiting for their time limit. Other server processes hear of writes through the
 * database instead: a pending resource's history entry sends `NOTIFY portal_eventos` in the write's
 * transaction (src/server/events/notify-sql.ts), which feeds the browsers' live updates.
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
