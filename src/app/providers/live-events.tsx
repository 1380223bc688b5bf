/**
 * Live updates of the bell and "Minhas pendências": one stream of server-sent events per signed-in
 * tab (`GET /api/v1/eventos`, src/server/events/). EventSource cannot send the bearer token, so the
 * stream is read with `fetch` and the `Authorization` header of the data provider (a fresh token at
 * each connection). On a `pendencias` signal (it names no record) the pendencias queries are
 * invalidated and react-query refetches them through the API, under the user's own rules. The
 * stream reconnects with backoff (1 s doubling to 30 s, with jitter) and, after a reconnection,
 * refetches once: signals sent while it was away are lost. The 60-s polling of the bell stays as
 * the fallback. A server without the route (404) ends the attempts. The server ends the stream of a
 * session ended elsewhere or of a person made inactive (issue 35); the reconnection's 401 then
 * refetches the pendencias at once, so the data provider's 401 signs the tab out with the API's
 * sentence (auth-provider.ts) without waiting for the polling.
 */
import { useContext, useEffect } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { PENDENCIAS_RESOURCE } from './pendencias-resource';
import { authHeaders, getApiUrl } from './data-provider';

export const LIVE_EVENTS_PATH = '/eventos';
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** Refine's data queries of the pendencias resource: `['data', <provider>, 'pendencias', …]`. */
export function invalidatePendencias(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'data' && q.queryKey[2] === PENDENCIAS_RESOURCE });
}

/**
 * Splits a server-sent-events text into complete events (`event` names; `message` when unnamed);
 * returns them and the unfinished rest. Comments (`: ping`) and other fields are skipped.
 */
export function parseSse(buffer: string): { events: string[]; rest: string } {
  const events: string[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let name = '';
    let data = false;
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data = true;
    }
    if (data) events.push(name || 'message');
  }
  return { events, rest };
}

/** Delay before attempt `n` (0-based) after a failure: 1 s doubling to 30 s, ±20 % jitter. */
export function retryDelay(n: number, random = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** n, MAX_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/** Keeps the stream open until `signal` aborts; calls `onChange` for each signal and after each reconnection. */
export async function runLiveEvents(onChange: () => void, signal: AbortSignal): Promise<void> {
  let failures = 0;
  let connected = false;
  while (!signal.aborted) {
    let retryAfter: number | undefined;
    try {
      const headers = await authHeaders();
      if (!headers.Authorization) throw new Error('sem sessão');
      const res = await fetch(`${getApiUrl()}${LIVE_EVENTS_PATH}`, { headers: { ...headers, Accept: 'text/event-stream' }, cache: 'no-store', signal });
      if (res.status === 404) return; // this server has no live updates: the polling stays
      if (!res.ok || !res.body) {
        if (res.status === 429) retryAfter = MAX_RETRY_MS; // too many tabs: try again later
        if (res.status === 401) {
          onChange(); // through the data provider: its 401 signs out, with the reason
          retryAfter = MAX_RETRY_MS;
        }
        throw new Error(`HTTP ${res.status}`);
      }
      if (connected) onChange(); // what changed while we were away
      connected = true;
      failures = 0;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const parsed = parseSse(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        if (parsed.events.includes('pendencias')) onChange();
      }
    } catch {
      // network error, expired session, server restart: try again below
    }
    if (signal.aborted) return;
    await sleep(retryAfter ?? retryDelay(failures++), signal);
  }
}

/** Mounted once in the signed-in layout; does nothing outside Refine's query client (layout tests). */
export function LiveEvents() {
  const client = useContext(QueryClientContext);
  useEffect(() => {
    if (!client || typeof fetch !== 'function' || typeof TextDecoder !== 'function') return;
    const controller = new AbortController();
    void runLiveEvents(() => void invalidatePendencias(client), controller.signal);
    return () => controller.abort();
  }, [client]);
  return null;
}
