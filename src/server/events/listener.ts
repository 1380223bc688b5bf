/**
 * One listener per server process on the portal's channels (notify-sql.ts): `portal_eventos`
 * (someone's pending items may have changed) and `portal_cache` (a table some process caches was
 * written; the payload is the table's name). On PostgreSQL a dedicated `pg` client doing `LISTEN`
 * (not one of the pool's: a pooled connection would be handed to queries and lose the
 * subscription), reconnected with backoff after an error; on PGlite the instance's own `listen`.
 * While the connection is away, notifications are lost: `onLost` is called when it drops, and after
 * a reconnection `onSignal` and `onCacheNotice('*')` are called once, so everyone refetches.
 */
import pg from 'pg';
import type { ListenVia } from '../db/connect';
import { CACHE_CHANNEL, EVENTS_CHANNEL } from './notify-sql';

export interface EventListener {
  /** Resolves once the first `LISTEN` is in place. */
  ready: Promise<void>;
  /** Stops listening (before the database closes). */
  stop(): Promise<void>;
}

export interface ListenerOptions {
  /** First retry delay after a lost connection, in ms (doubles up to `maxRetryMs`). Default 1000. */
  retryMs?: number;
  /** Longest retry delay, in ms. Default 30 000. */
  maxRetryMs?: number;
  /** Where errors are reported (default console.error). */
  log?: (message: string, error?: unknown) => void;
  /** A cached table was written by some process (its name), or `'*'` after a reconnection. */
  onCacheNotice?: (table: string) => void;
  /** The connection dropped: notifications are lost until it is back. */
  onLost?: () => void;
}

export function startEventListener(via: ListenVia, onSignal: () => void, opts: ListenerOptions = {}): EventListener {
  return via.kind === 'pglite' ? listenPglite(via.pglite, onSignal, opts) : listenPostgres(via.connectionString, onSignal, opts);
}

function listenPglite(pglite: Extract<ListenVia, { kind: 'pglite' }>['pglite'], onSignal: () => void, opts: ListenerOptions): EventListener {
  const subscriptions = [
    pglite.listen(EVENTS_CHANNEL, () => onSignal()),
    ...(opts.onCacheNotice ? [pglite.listen(CACHE_CHANNEL, (table) => opts.onCacheNotice?.(table))] : []),
  ];
  return {
    ready: Promise.all(subscriptions).then(() => undefined),
    async stop() {
      for (const subscription of subscriptions) {
        const unlisten = await subscription.catch(() => undefined);
        if (unlisten && !pglite.closed) await unlisten().catch(() => undefined);
      }
    },
  };
}

function listenPostgres(connectionString: string, onSignal: () => void, opts: ListenerOptions): EventListener {
  const retryMs = opts.retryMs ?? 1000;
  const maxRetryMs = opts.maxRetryMs ?? 30_000;
  const log = opts.log ?? ((m: string, e?: unknown) => console.error(m, e instanceof Error ? e.message : (e ?? '')));
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = retryMs;
  let retry: NodeJS.Timeout | undefined;
  let connectedOnce = false;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const reconnectLater = (c: pg.Client, error?: unknown) => {
    if (client !== c) return; // this client was already given up
    client = undefined;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (stopped) return;
    if (connectedOnce) opts.onLost?.();
    log(`[eventos] conexão de LISTEN perdida; nova tentativa em ${delay} ms`, error);
    retry = setTimeout(connectOnce, delay);
    retry.unref?.();
    delay = Math.min(delay * 2, maxRetryMs);
  };

  const connectOnce = async () => {
    retry = undefined;
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('error', (e) => reconnectLater(c, e));
    c.on('end', () => reconnectLater(c));
    c.on('notification', (n) => {
      if (n.channel === EVENTS_CHANNEL) onSignal();
      else if (n.channel === CACHE_CHANNEL) opts.onCacheNotice?.(n.payload ?? '*');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}; LISTEN ${CACHE_CHANNEL}`);
    } catch (e) {
      reconnectLater(c, e);
      return;
    }
    if (stopped || client !== c) return;
    delay = retryMs;
    if (connectedOnce) {
      // What was sent while we were away is lost: let everyone refetch.
      onSignal();
      opts.onCacheNotice?.('*');
    }
    connectedOnce = true;
    markReady();
  };
  void connectOnce();

  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
