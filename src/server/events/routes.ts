/**
 * `GET /api/v1/eventos`: the signed-in user's live updates as server-sent events. Mounted after
 * authentication (app.ts): the browser reads it with `fetch` and its `Authorization` header
 * (EventSource cannot send one; a token in the URL would end up in logs), so no ticket is needed.
 *
 * Events (decision 29: nothing about any record, external users included):
 * - `event: pendencias` / `data: {"tipo":"pendencias"}`: something that may change the user's
 *   pending items was committed; the app refetches its own counts through the API, under its rules;
 * - `: ping` comment lines every 25 s (heartbeat), and one at the start (headers flushed at once).
 * A user holds at most `maxPerUser` streams (429 past it); on shutdown every stream ends, and so
 * does the stream of a session ended or a person made inactive (`allowedFor`, run by the hub).
 */
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/env';
import { errorBody } from '../http/errors';
import type { EventHub, StreamCheck } from './hub';
import { PENDENCIAS_SIGNAL } from './notify-sql';

export const TOO_MANY_STREAMS_MESSAGE =
  'Há muitas conexões de atualização automática abertas com o seu usuário. Feche algumas abas do portal e tente novamente.';

/** The signal as sent: a type and nothing else. */
export const PENDENCIAS_EVENT = { event: PENDENCIAS_SIGNAL, data: JSON.stringify({ tipo: PENDENCIAS_SIGNAL }) };

/**
 * `allowedFor`: the check of a request's stream (the composition root's: src/server/app.ts), run
 * again by the hub while the stream is open; none, the stream lives until it ends by itself.
 */
export function eventRoutes(hub: EventHub, allowedFor?: (c: Context<AppEnv>) => StreamCheck) {
  const r = new Hono<AppEnv>();
  r.get('/', (c) => {
    const user = c.get('user');
    const key = (user.email || user.id_user || '').toLowerCase();
    if (!hub.accepts(key)) return c.json(errorBody(429, TOO_MANY_STREAMS_MESSAGE), 429, { 'Retry-After': '30' });
    // Proxies (nginx) must pass the stream through as it comes, and never transform it.
    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');
    const allowed = allowedFor?.(c);
    return streamSSE(c, async (stream) => {
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));
      const remove = hub.add(
        key,
        {
          signal: () => stream.writeSSE(PENDENCIAS_EVENT),
          heartbeat: () => stream.write(': ping\n\n'),
          close: () => end(),
        },
        allowed,
      );
      if (!remove) return; // the last slot went to another request meanwhile
      stream.onAbort(() => end());
      try {
        await stream.write(': conectado\nretry: 5000\n\n');
        await ended;
      } finally {
        remove();
      }
    });
  });
  return r;
}
