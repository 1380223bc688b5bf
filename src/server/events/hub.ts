/**
 * The live-update connections of one server process (`GET /api/v1/eventos`, routes.ts). The
 * process's listener (listener.ts) calls `signal()` for each `NOTIFY portal_eventos`; every open
 * connection gets one "pendencias" event, coalesced: at most one per `coalesceMs` per connection
 * (the first at once, later ones folded into one at the end of the window). Each connection also
 * gets a heartbeat comment, so proxies keep it open, and ends after `maxAgeMs` (the app reconnects
 * with a fresh token); a user holds at most `maxPerUser` of them.
 *
 * A stream may come with a check (`add`'s `allowed`: the session not ended, the person still
 * active, issue 35). The hub runs the checks again when a table it watches is written, in any
 * process (`watchTables`: the notice of crud/write-events.ts, fed by the database's
 * `portal_cache` in every process), and every `recheckMs` as a safety net; a stream whose check
 * says no is ended at once. A check that fails (database away) keeps the stream.
 */
import { onTableWritten } from '../crud/write-events';

/** What the hub needs of one open stream. */
export interface EventSink {
  /** Send the "pendencias" change signal (no ids, no contents). */
  signal(): Promise<unknown> | void;
  /** Send an SSE comment line (heartbeat). */
  heartbeat(): Promise<unknown> | void;
  /** End the stream (server shutdown). */
  close(): void;
}

export interface EventHubOptions {
  /** Open streams per user (default 5); one more is refused (429). */
  maxPerUser?: number;
  /** Shortest time between two signals on one connection, in ms (default 500). */
  coalesceMs?: number;
  /** Heartbeat period, in ms (default 25 000). */
  heartbeatMs?: number;
  /**
   * Longest life of a stream, in ms (default 30 min): the token is checked when a stream opens, so
   * the app reconnects with a fresh one (an ended session or an inactive person is cut sooner, by the
   * stream's check).
   */
  maxAgeMs?: number;
  /** How often the streams' checks run without a notice, in ms (default 2000: with the caches' 2-s limit, within 5 s). */
  recheckMs?: number;
}

/** Whether a stream may stay open; false ends it. */
export type StreamCheck = () => Promise<boolean>;

/** Streams checked at once when the checks run (each check is one or two cached lookups). */
const CHECKS_AT_ONCE = 8;

interface Connection {
  user: string;
  sink: EventSink;
  lastSent: number;
  pending?: NodeJS.Timeout;
  heartbeat: NodeJS.Timeout;
  expiry: NodeJS.Timeout;
  allowed?: StreamCheck;
}

export class EventHub {
  readonly maxPerUser: number;
  readonly coalesceMs: number;
  readonly heartbeatMs: number;
  readonly maxAgeMs: number;
  readonly recheckMs: number;
  private readonly connections = new Set<Connection>();
  private closed = false;
  private readonly watched = new Set<string>();
  private readonly stopWatching: () => void;
  private readonly recheckTimer: NodeJS.Timeout;
  /** The checks running now, and whether they must run once more after (a notice came meanwhile). */
  private checking?: Promise<void>;
  private checkAgain = false;

  constructor(opts: EventHubOptions = {}) {
    this.maxPerUser = opts.maxPerUser ?? 5;
    this.coalesceMs = opts.coalesceMs ?? 500;
    this.heartbeatMs = opts.heartbeatMs ?? 25_000;
    this.maxAgeMs = opts.maxAgeMs ?? 30 * 60_000;
    this.recheckMs = opts.recheckMs ?? 2000;
    this.stopWatching = onTableWritten((table) => void (this.watched.has(table) && this.recheck()));
    this.recheckTimer = setInterval(() => void this.recheck(), this.recheckMs);
    this.recheckTimer.unref?.();
  }

  /** A write of one of these tables (any process) runs the streams' checks at once. */
  watchTables(tables: Iterable<string>): void {
    for (const t of tables) this.watched.add(t);
  }

  /** Open connections (all users). */
  get size(): number {
    return this.connections.size;
  }

  /** Open connections of one user. */
  countOf(user: string): number {
    let n = 0;
    for (const c of this.connections) if (c.user === user) n++;
    return n;
  }

  /** Whether a new connection of `user` would be accepted now. */
  accepts(user: string): boolean {
    return !this.closed && this.countOf(user) < this.maxPerUser;
  }

  /**
   * Registers an open stream; returns its removal (call it when the stream ends), or null when the
   * hub is closed or the user already holds `maxPerUser` streams.
   */
  add(user: string, sink: EventSink, allowed?: StreamCheck): (() => void) | null {
    if (!this.accepts(user)) return null;
    const conn: Connection = {
      user,
      sink,
      allowed,
      lastSent: 0,
      heartbeat: setInterval(() => void Promise.resolve(sink.heartbeat()).catch(() => this.remove(conn)), this.heartbeatMs),
      expiry: setTimeout(() => this.end(conn), this.maxAgeMs),
    };
    conn.heartbeat.unref?.();
    conn.expiry.unref?.();
    this.connections.add(conn);
    return () => this.remove(conn);
  }

  /** A change someone's pending items may depend on was committed: tell every connection (coalesced). */
  signal(): void {
    for (const conn of this.connections) this.schedule(conn);
  }

  /**
   * Runs every stream's check and ends those it refuses; resolves when done. Calls during a run are
   * folded into one more run after it (a notice that came meanwhile is not missed).
   */
  recheck(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return this.checking;
    }
    const run = async () => {
      await null; // after every listener of the notice (the caches forget first)
      do {
        this.checkAgain = false;
        const checked = [...this.connections].filter((c) => c.allowed);
        for (let i = 0; i < checked.length; i += CHECKS_AT_ONCE) {
          await Promise.all(
            checked.slice(i, i + CHECKS_AT_ONCE).map(async (conn) => {
              const ok = await conn.allowed!().catch(() => true);
              if (!ok && this.connections.has(conn)) this.end(conn);
            }),
          );
        }
      } while (this.checkAgain && !this.closed);
    };
    this.checking = run().finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** Ends every stream and refuses new ones (server shutdown). */
  close(): void {
    this.closed = true;
    this.stopWatching();
    clearInterval(this.recheckTimer);
    for (const conn of [...this.connections]) this.end(conn);
  }

  private end(conn: Connection): void {
    this.remove(conn);
    try {
      conn.sink.close();
    } catch {
      // already closed by the client
    }
  }

  private schedule(conn: Connection): void {
    if (conn.pending) return; // a signal is already due at the end of this window
    const wait = conn.lastSent + this.coalesceMs - Date.now();
    if (wait <= 0) return this.send(conn);
    conn.pending = setTimeout(() => {
      conn.pending = undefined;
      this.send(conn);
    }, wait);
    conn.pending.unref?.();
  }

  private send(conn: Connection): void {
    if (!this.connections.has(conn)) return;
    conn.lastSent = Date.now();
    void Promise.resolve(conn.sink.signal()).catch(() => this.remove(conn));
  }

  private remove(conn: Connection): void {
    clearInterval(conn.heartbeat);
    clearTimeout(conn.expiry);
    clearTimeout(conn.pending);
    this.connections.delete(conn);
  }
}
