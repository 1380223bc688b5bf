/**
 * Notice of committed writes, by table: caches of this process that derive from a table (the
 * directory's access, site-users/directory.ts; absences; the calendar; the schema overlays) drop
 * their entries at once instead of waiting for their time limit. Writes through this process's
 * generic CRUD call `tableWritten` directly; writes of any process reach every process through the
 * database (`NOTIFY portal_cache` from a trigger on each cached table, src/server/events/), whose
 * listener calls `tableWritten` too (src/server/main.ts).
 *
 * While that listener is connected (`setCrossProcessNotices(true)`), caches may trust an entry for
 * long (`cacheTtl`'s long value, a safety net); without it (tests, or the connection lost) they keep
 * their short time limit, so another process's write is still seen within it.
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

let crossProcess = false;

/** Whether writes of other processes are being heard (the process's listener is connected). */
export function setCrossProcessNotices(on: boolean): void {
  crossProcess = on;
}

/** How long a cache entry is trusted: `longMs` while other processes' writes are heard, `shortMs` otherwise. */
export function cacheTtl(shortMs: number, longMs: number): number {
  return crossProcess ? longMs : shortMs;
}
