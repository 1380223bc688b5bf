/**
 * Admission in front of the database work: at most `concurrency` API requests run at once, the
 * others wait in one FIFO queue (fair: first come, first served) of at most `maxQueue` requests for
 * at most `maxWaitMs`. Past either bound the API answers at once 503 with `Retry-After` and a
 * Portuguese message, instead of piling requests on PGlite's single connection (or the pool) until
 * clients time out; the queue bounds the memory held by waiting requests.
 */
import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors';

export interface AdmissionOptions {
  /** Requests served at once. */
  concurrency: number;
  /** Requests allowed to wait; beyond it, 503 at once. */
  maxQueue: number;
  /** Longest wait in the queue, in ms; past it, 503. */
  maxWaitMs: number;
}

export const BUSY_MESSAGE = 'O servidor está ocupado no momento. Tente novamente em alguns segundos.';

const int = (v: string | undefined, fallback: number, min = 0) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n >= min ? n : fallback;
};

/**
 * From the environment: `DB_CONCURRENCY` (default: 4 on PGlite, whose one connection runs one
 * statement at a time; 2 × the pool on PostgreSQL), `DB_QUEUE_MAX` (default 1000) and
 * `DB_QUEUE_WAIT_MS` (default 5000).
 */
export function admissionFromEnv(kind: 'pglite' | 'postgres', poolSize: number, env: NodeJS.ProcessEnv = process.env): AdmissionOptions {
  return {
    concurrency: int(env.DB_CONCURRENCY, kind === 'pglite' ? 4 : 2 * poolSize, 1),
    maxQueue: int(env.DB_QUEUE_MAX, 1000),
    maxWaitMs: int(env.DB_QUEUE_WAIT_MS, 5000, 1),
  };
}

interface Waiter {
  settle: (admitted: boolean) => void;
  timer: NodeJS.Timeout;
  since: number;
}

/** The middleware (one queue per call: one per app). */
export function admission(opts: AdmissionOptions): MiddlewareHandler {
  let running = 0;
  const queue: Waiter[] = [];
  const retryAfter = String(Math.max(1, Math.ceil(opts.maxWaitMs / 1000)));
  const release = () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      clearTimeout(next.timer);
      // A timer can fire late when the event loop is busy (PGlite runs on it): the deadline decides.
      if (performance.now() - next.since > opts.maxWaitMs) {
        next.settle(false);
        continue;
      }
      // The slot passes on (`running` unchanged), on the next turn of the event loop: PGlite answers
      // through promises only, and admitting in the same microtask chain would starve timers and I/O.
      const admitted = next;
      setImmediate(() => admitted.settle(true));
      return;
    }
    running--;
  };
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    if (running >= opts.concurrency) {
      const admitted =
        queue.length < opts.maxQueue &&
        (await new Promise<boolean>((resolve) => {
          const w: Waiter = {
            settle: resolve,
            since: performance.now(),
            timer: setTimeout(() => {
              const i = queue.indexOf(w);
              if (i >= 0) queue.splice(i, 1);
              resolve(false);
            }, opts.maxWaitMs),
          };
          queue.push(w);
        }));
      if (!admitted) {
        c.header('Retry-After', retryAfter);
        return c.json(errorBody(503, BUSY_MESSAGE), 503);
      }
    } else {
      running++;
      // Let the event loop read the other requests waiting on their sockets first: with PGlite a
      // request may never yield otherwise, and those requests would wait unseen, with no deadline.
      await new Promise((r) => setImmediate(r));
    }
    try {
      await next();
    } finally {
      release();
    }
  };
}
