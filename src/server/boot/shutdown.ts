/**
 * Graceful shutdown of the server process (issue 27), on SIGTERM or SIGINT (src/server/main.ts):
 * 1. the app starts answering 503 (readiness says not ready) and the live-update streams end;
 * 2. the listening socket closes (new connections are refused) and idle keep-alive connections
 *    are ended, while the requests in flight run to their end (a request that still arrives on an
 *    open connection gets 503 and `Connection: close`, app.ts);
 * 3. meanwhile the pg-boss engine stops its workers (mail, daily jobs, SLA), each after the job it is running;
 * 4. once all that is done, or `timeoutMs` (SHUTDOWN_TIMEOUT_MS, default 10 s) has passed, the
 *    remaining connections are cut, and the last steps (listener, identity, database) run, within
 *    what is left of the limit plus a short grace;
 * and the process exits 0. A second signal exits at once (1).
 */
import net from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the drain needs of the HTTP server (Node's http.Server). */
export type DrainableServer = net.Server;

/**
 * The server's connections and the requests running on each, tracked from the start (the drain
 * must know which connections are busy). Node's own `closeIdleConnections` (called by
 * `http.Server.close`) destroys a connection whose response has been handed over but is still being
 * flushed (a large file to a slow client): the drain ends idle connections itself, gracefully.
 */
export interface ConnectionTracker {
  /** Ends (FIN after the pending bytes) each connection without a running request for `idleMs`. */
  endIdle(idleMs: number): void;
  /** Cuts every connection (the limit has passed). */
  destroyAll(): void;
  /** Open connections. */
  readonly size: number;
}

export function trackConnections(server: DrainableServer): ConnectionTracker {
  const sockets = new Map<net.Socket, { running: number; since: number }>();
  server.on('connection', (socket: net.Socket) => {
    sockets.set(socket, { running: 0, since: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = sockets.get(req.socket);
    if (!state) return;
    state.running++;
    res.once('close', () => {
      state.running--;
      state.since = Date.now();
    });
  });
  return {
    endIdle(idleMs) {
      const now = Date.now();
      for (const [socket, state] of sockets)
        if (state.running === 0 && socket.writableLength === 0 && now - state.since >= idleMs && !socket.writableEnded) socket.end();
    },
    destroyAll() {
      for (const socket of sockets.keys()) socket.destroy();
    },
    get size() {
      return sockets.size;
    },
  };
}

export interface ShutdownPlan {
  server: DrainableServer;
  /** The server's connections, tracked since it started (trackConnections). */
  connections: ConnectionTracker;
  /** Flag the app as draining and end the open streams (before the server closes). */
  beginDrain: () => void;
  /** Background work to stop, each awaited (its running job or drain finishes), beside the HTTP drain. */
  stopWork: (() => Promise<unknown>)[];
  /** After the HTTP drain and the work, in order (listener, identity, database last). */
  finally: (() => Promise<unknown>)[];
  timeoutMs: number;
  /** After the limit, how long the last steps may still take (default 2 s): a database close never hangs the exit. */
  graceMs?: number;
  log?: (message: string) => void;
}

export interface ShutdownOutcome {
  /** False when the limit cut requests or work short. */
  clean: boolean;
  ms: number;
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** How long a connection without a running request stays open during the drain. */
const IDLE_MS = 200;

/** `SHUTDOWN_TIMEOUT_MS`: how long in-flight requests and running jobs get (default 10 s). */
export function shutdownTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.SHUTDOWN_TIMEOUT_MS);
  return env.SHUTDOWN_TIMEOUT_MS && Number.isInteger(n) && n >= 0 ? n : DEFAULT_SHUTDOWN_TIMEOUT_MS;
}

/** Resolves `true` when `work` settles before `deadline` (epoch ms), `false` otherwise; never rejects. */
function before(deadline: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))));
  const done = work.then(
    () => true,
    () => true,
  );
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}

export async function gracefulShutdown(plan: ShutdownPlan): Promise<ShutdownOutcome> {
  const t0 = Date.now();
  const deadline = t0 + plan.timeoutMs;
  const log = plan.log ?? ((m: string) => console.log(m));
  plan.beginDrain();
  // Stop listening (new connections are refused) without http.Server.close's own closing of idle
  // connections (see trackConnections); the callback runs once every connection has closed.
  const httpDrained = new Promise<void>((resolve) => net.Server.prototype.close.call(plan.server, () => resolve()));
  // A connection stays open for keep-alive after its last response: end it once idle a moment (a
  // request pipelined behind a running one is read when that one is flushed, and answered 503).
  plan.connections.endIdle(IDLE_MS);
  const idle = setInterval(() => plan.connections.endIdle(IDLE_MS), 50);
  const work = Promise.all(plan.stopWork.map((stop) => Promise.resolve().then(stop)));
  const [httpClean, workClean] = await Promise.all([before(deadline, httpDrained), before(deadline, work)]);
  clearInterval(idle);
  if (!httpClean) {
    log(`[encerramento] requisições ainda em andamento após ${plan.timeoutMs} ms: conexões encerradas`);
    plan.connections.destroyAll();
  }
  if (!workClean) log(`[encerramento] tarefas em segundo plano ainda em andamento após ${plan.timeoutMs} ms`);
  const last = Math.max(deadline, Date.now()) + (plan.graceMs ?? 2000);
  let lastClean = true;
  for (const step of plan.finally) lastClean = (await before(last, Promise.resolve().then(step))) && lastClean;
  if (!lastClean) log('[encerramento] o fechamento do banco de dados (ou da identidade) não terminou a tempo');
  return { clean: httpClean && workClean && lastClean, ms: Date.now() - t0 };
}

/** Where the signals come from (the process; an EventEmitter in tests). */
export interface SignalSource {
  on(signal: 'SIGTERM' | 'SIGINT', listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: 'SIGTERM' | 'SIGINT', listener: (signal: NodeJS.Signals) => void): unknown;
}

/**
 * Runs `shutdown` on the first SIGTERM/SIGINT and exits 0 when it ends; a second signal exits 1 at once.
 * A signal within `duplicateMs` (default 1 s) of the first is the same one, delivered again: Ctrl-C
 * or `kill -- -<group>` reach every process of the group, and the wrappers (`npm start`'s
 * scripts/start.mjs, tsx) pass it on to the server as well. Returns the removal of the handlers.
 */
export function onShutdownSignals(
  shutdown: () => Promise<unknown>,
  opts: { exit?: (code: number) => void; source?: SignalSource; log?: (message: string) => void; duplicateMs?: number } = {},
): () => void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const source: SignalSource = opts.source ?? process;
  const log = opts.log ?? ((m: string) => console.log(m));
  let started = 0;
  const handler = (signal: NodeJS.Signals) => {
    if (started) {
      if (Date.now() - started < (opts.duplicateMs ?? 1000)) return;
      log(`[encerramento] ${signal} de novo: saindo sem esperar`);
      exit(1);
      return;
    }
    started = Date.now();
    log(`[encerramento] ${signal}: terminando as requisições em andamento…`);
    void shutdown().then(
      () => exit(0),
      (e) => {
        console.error('[encerramento] falhou', e);
        exit(1);
      },
    );
  };
  source.on('SIGTERM', handler);
  source.on('SIGINT', handler);
  return () => {
    source.off('SIGTERM', handler);
    source.off('SIGINT', handler);
  };
}
