/**
 * The app side of run-time schema configuration (issue 15): once signed in, fetch the effective
 * schemas (GET /api/v1/schemas, with If-None-Match after the first answer) and install them into
 * the isomorphic registry (schemas/index.ts), so every view, filter, export and route entity sees
 * the administrators' changes. Refetched on navigation (at most every REFRESH_MS) and on window
 * focus; `useSchemaVersion()` re-renders a component when an install changed something.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { installEffectiveSchemas, onSchemasChange, resetEffectiveSchemas, schemasVersion } from '../../../../schemas';
import type { EntitySchema } from '../../../../schemas/kinds';
import { bearerHeaders } from '../../access/load-ability';

export const REFRESH_MS = 5000;

export interface SchemasPayload {
  versions: Record<string, number>;
  configurable: string[];
  schemas: EntitySchema[];
}

/** What the last answer said: overlay versions and the resources the user may configure. */
let latest: Pick<SchemasPayload, 'versions' | 'configurable'> = { versions: {}, configurable: [] };
let etag: string | undefined;
const metaListeners = new Set<() => void>();

export function configurableResources(): string[] {
  return latest.configurable;
}

export function overlayVersion(resource: string): number {
  return latest.versions[resource] ?? 0;
}

/**
 * Fetch and install the effective schemas. Returns true when the answer changed the registry;
 * errors and 304 change nothing (the app keeps what it has: at worst the code schemas).
 */
export async function refreshSchemas(apiUrl = '/api/v1', fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const headers: Record<string, string> = { Accept: 'application/json', ...(await bearerHeaders()) };
    if (etag) headers['If-None-Match'] = etag;
    const res = await fetchImpl(`${apiUrl}/schemas`, { headers });
    if (res.status === 304 || !res.ok) return false;
    const body = (await res.json()) as SchemasPayload;
    if (!body || !Array.isArray(body.schemas)) return false;
    etag = res.headers.get('etag') ?? undefined;
    latest = { versions: body.versions ?? {}, configurable: body.configurable ?? [] };
    for (const l of metaListeners) l();
    return installEffectiveSchemas(body.schemas);
  } catch {
    return false;
  }
}

/** Sign-out: forget the answer and go back to the code schemas. */
export function forgetSchemas(): void {
  etag = undefined;
  latest = { versions: {}, configurable: [] };
  for (const l of metaListeners) l();
  resetEffectiveSchemas();
}

/** Changes whenever the installed schemas change: use it as a dependency of memos over schemas. */
export function useSchemaVersion(): number {
  return useSyncExternalStore(onSchemasChange, schemasVersion, schemasVersion);
}

const onMeta = (l: () => void) => {
  metaListeners.add(l);
  return () => void metaListeners.delete(l);
};

/** Resources the signed-in user may configure (from the last GET /schemas). */
export function useConfigurableResources(): string[] {
  return useSyncExternalStore(onMeta, configurableResources, configurableResources);
}

/** Keeps the registry fresh while `enabled` (signed in): first load, each navigation, window focus. */
export function EffectiveSchemasSync({ enabled, apiUrl = '/api/v1', refreshMs = REFRESH_MS }: { enabled: boolean; apiUrl?: string; refreshMs?: number }) {
  const { pathname } = useLocation();
  const last = useRef(0);
  const refresh = useCallback(
    (force: boolean) => {
      if (!enabled) return;
      const now = Date.now();
      if (!force && now - last.current < refreshMs) return;
      last.current = now;
      void refreshSchemas(apiUrl);
    },
    [enabled, apiUrl, refreshMs],
  );
  useEffect(() => {
    if (!enabled) {
      if (last.current) forgetSchemas();
      last.current = 0;
      return;
    }
    refresh(last.current === 0);
  }, [enabled, pathname, refresh]);
  useEffect(() => {
    const onFocus = () => refresh(false);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refresh]);
  return null;
}
