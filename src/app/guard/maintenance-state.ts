/**
 * What administrators put in maintenance (issue 40), as the app knows it: `GET /api/v1/manutencao`
 * (public), read when the first screen needs it, again on each navigation at most every 15 s, every
 * minute, and when the window comes back to the front. Without an answer (no network) the last one
 * stays; before the first, nothing is in maintenance (the API still refuses the writes).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { ActiveMaintenance } from '../../../resources/maintenance';
import { onMaintenanceRefusal } from '../providers/data-provider';

const POLL_MS = 60_000;
const FRESH_MS = 15_000;

let active: readonly ActiveMaintenance[] = [];
let fetchedAt = 0;
let pending: Promise<void> | undefined;
const listeners = new Set<() => void>();

function set(next: readonly ActiveMaintenance[]): void {
  if (JSON.stringify(next) === JSON.stringify(active)) return;
  active = next;
  for (const l of listeners) l();
}

/** Reads the switch again (one request at a time); `force` skips the 15 s freshness. */
export function refreshMaintenance(force = false): Promise<void> {
  if (pending) return pending;
  if (!force && Date.now() - fetchedAt < FRESH_MS) return Promise.resolve();
  pending = (async () => {
    try {
      const res = await fetch(`${window.location.origin}/api/v1/manutencao`, { headers: { accept: 'application/json' } });
      if (!res.ok) return;
      const body = (await res.json()) as { ativas?: ActiveMaintenance[] };
      fetchedAt = Date.now();
      if (Array.isArray(body.ativas)) set(body.ativas);
    } catch {
      // no network: the last answer stays
    } finally {
      pending = undefined;
    }
  })();
  return pending;
}

// A write the API refused for a maintenance: the switch is read again, the next navigation shows the page.
onMaintenanceRefusal(() => void refreshMaintenance(true));

/** Tests: start from nothing in maintenance, or from the given list. */
export function setMaintenanceForTests(next: readonly ActiveMaintenance[] = []): void {
  fetchedAt = next.length ? Date.now() : 0;
  set(next);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The maintenances in force; keeps them fresh while a component uses it. */
export function useMaintenance(pathname?: string): readonly ActiveMaintenance[] {
  const current = useSyncExternalStore(
    subscribe,
    () => active,
    () => active,
  );
  useEffect(() => {
    void refreshMaintenance();
  }, [pathname]);
  useEffect(() => {
    const timer = setInterval(() => void refreshMaintenance(true), POLL_MS);
    const onFront = () => document.visibilityState === 'visible' && void refreshMaintenance();
    document.addEventListener('visibilitychange', onFront);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onFront);
    };
  }, []);
  return current;
}
