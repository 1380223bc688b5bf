/**
 * The app side of run-time schema configuration (issue 15): once signed in, fetch the effective
 * schemas (GET /api/v1/schemas, with If-None-Match after the first answer) and install them into
 * the isomorphic registry (schemas/index.ts), so every view, filter, export and route entity sees
 * the administrators' changes. Refetched on navigation (at most every REFRESH_MS) and on window
 * focus; `useSchemaVersion()` re-renders a component when an install changed something.
 *
 * In the production build the bundled schemas have no fields (scripts/vite/schema-skeleton.ts):
 * `ensureSchemas()` is then part of the session's start, next to the user's rules, so no signed-in
 * screen renders before the first answer (offline, the service worker's copy of it).
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { FIELDS_BUNDLED, installEffectiveSchemas, onSchemasChange, resetEffectiveSchemas, schemasVersion } from '../../../../schemas';
import type { SchemasPayload } from '../../../../resources/schema-config';
import { AbilityLoadError, bearerHeaders } from '../../access/load-ability';
import { rememberRevocation } from '../../auth/revoked-notice';

export const REFRESH_MS = 5000;

export type { SchemasPayload };

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

/** The server's answer was installed since the last sign-out (the registry is the effective one). */
let answered = false;
/** The request under way, shared by callers that start one meanwhile. */
let inflight: Promise<SchemasFetch> | undefined;
/** Bumped at sign-out: an answer that arrives later belongs to the previous session. */
let generation = 0;

type SchemasFetch = { changed: boolean; status?: number };

async function fetchAndInstall(apiUrl: string, fetchImpl: typeof fetch): Promise<SchemasFetch> {
  const started = generation;
  let res: Response;
  try {
    const headers: Record<string, string> = { Accept: 'application/json', ...(await bearerHeaders()) };
    if (etag) headers['If-None-Match'] = etag;
    res = await fetchImpl(`${apiUrl}/schemas`, { headers });
  } catch {
    return { changed: false };
  }
  if (res.status === 304) return { changed: false, status: 304 };
  if (!res.ok) {
    // Refused with a reason (access revoked, session ended): the sign-in page says why, whichever of
    // the session's first requests (this one or GET /me) is answered first (issue 35).
    if (res.status === 401) rememberRevocation(await res.json().catch(() => null));
    return { changed: false, status: res.status };
  }
  const body = (await res.json().catch(() => undefined)) as SchemasPayload | undefined;
  if (!body || !Array.isArray(body.schemas) || started !== generation) return { changed: false, status: res.status };
  etag = res.headers.get('etag') ?? undefined;
  latest = { versions: body.versions ?? {}, configurable: body.configurable ?? [] };
  for (const l of metaListeners) l();
  const changed = installEffectiveSchemas(body.schemas);
  answered = true;
  return { changed, status: res.status };
}

function fetchShared(apiUrl: string, fetchImpl: typeof fetch): Promise<SchemasFetch> {
  if (inflight) return inflight;
  const request = fetchAndInstall(apiUrl, fetchImpl);
  inflight = request;
  const clear = () => {
    if (inflight === request) inflight = undefined;
  };
  request.then(clear, clear);
  return request;
}

/**
 * Fetch and install the effective schemas now (after a change of configuration: never an answer
 * asked for before it). Returns true when the answer changed the registry; errors and 304 change
 * nothing (the app keeps what it has).
 */
export async function refreshSchemas(apiUrl = '/api/v1', fetchImpl: typeof fetch = fetch): Promise<boolean> {
  return (await fetchAndInstall(apiUrl, fetchImpl)).changed;
}

/**
 * Resolves once the registry holds the server's schemas; at once when the bundle carries the
 * fields (`required` false: dev server, tests) or an answer was installed since the sign-in.
 * Fails like the rules' load (AbilityLoadError: no status when the network is down, the HTTP
 * status otherwise), so the session shows the same offline or refusal screens.
 */
export async function ensureSchemas(apiUrl = '/api/v1', fetchImpl: typeof fetch = fetch, required = !FIELDS_BUNDLED): Promise<void> {
  if (!required || answered) return;
  const { status } = await fetchShared(apiUrl, fetchImpl);
  if (!answered) throw new AbilityLoadError(status ? `GET /schemas: ${status}` : 'Network Error', status);
}

/** Sign-out: forget the answer and go back to the code schemas. */
export function forgetSchemas(): void {
  etag = undefined;
  answered = false;
  generation += 1;
  inflight = undefined;
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
      void fetchShared(apiUrl, fetch);
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
