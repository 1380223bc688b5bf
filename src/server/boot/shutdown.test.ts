import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulShutdown, onShutdownSignals, shutdownTimeoutFromEnv, trackConnections, type SignalSource } from './shutdown';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

/**
 * A server whose `/lento` answers after `slowMs` (never, when negative); everything else at once.
 * `slowArrived` resolves once the server holds a `/lento` request (a busy machine may take longer
 * than any fixed wait to deliver it).
 */
async function serverWith(slowMs: number) {
  let arrived!: () => void;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer((req, res) => {
    if (req.url !== '/lento') return void res.end('rápido');
    arrived();
    if (slowMs >= 0) setTimeout(() => res.end('lento'), slowMs);
  });
  servers.push(server);
  const connections = trackConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, connections, slowArrived, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('graceful shutdown', () => {
  it('waits for the request in flight and the running work, then runs the last steps in order', async () => {
    const { server, connections, url, slowArrived } = await serverWith(400);
    const steps: string[] = [];
    // A keep-alive connection left idle: it must not hold the shutdown until its timeout.
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve) => http.get(`${url}/rapido`, { agent }, (r) => (r.resume(), r.on('end', resolve))));
    const inFlight = fetch(`${url}/lento`).then(async (r) => ({ status: r.status, body: await r.text() }));
    await slowArrived;
    const t0 = Date.now();
    const outcome = await gracefulShutdown({
      server,
      connections,
      beginDrain: () => steps.push('drain'),
      stopWork: [() => later(600, null).then(() => steps.push('job')), async () => steps.push('mailer')],
      finally: [async () => steps.push('listener'), () => later(20, null).then(() => steps.push('database'))],
      timeoutMs: 5000,
      log: () => undefined,
    });
    expect(await inFlight).toEqual({ status: 200, body: 'lento' });
    expect(outcome.clean).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(580); // the running job was awaited
    expect(Date.now() - t0).toBeLessThan(3000); // the idle keep-alive connection was ended
    expect(steps).toEqual(['drain', 'mailer', 'job', 'listener', 'database']);
    expect(server.listening).toBe(false);
    agent.destroy();
  });

  it('refuses new connections while the drain runs', async () => {
    const { server, connections, url, slowArrived } = await serverWith(300);
    const inFlight = fetch(`${url}/lento`);
    await slowArrived;
    const done = gracefulShutdown({ server, connections, beginDrain: () => undefined, stopWork: [], finally: [], timeoutMs: 5000, log: () => undefined });
    await expect(fetch(`${url}/rapido`)).rejects.toThrow();
    expect((await inFlight).status).toBe(200);
    expect((await done).clean).toBe(true);
  });

  it('cuts what is still running at the limit, and still closes the rest', async () => {
    const { server, connections, url, slowArrived } = await serverWith(-1);
    const messages: string[] = [];
    const stuck = fetch(`${url}/lento`).then(
      (r) => r.status,
      () => 'cortada',
    );
    await slowArrived;
    let closed = false;
    const t0 = Date.now();
    const outcome = await gracefulShutdown({
      server,
      connections,
      beginDrain: () => undefined,
      stopWork: [() => new Promise(() => undefined)], // a job that never ends
      finally: [async () => (closed = true)],
      timeoutMs: 300,
      log: (m) => messages.push(m),
    });
    expect(outcome.clean).toBe(false);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await stuck).toBe('cortada');
    expect(closed).toBe(true);
    expect(messages.join('\n')).toMatch(/requisições ainda em andamento após 300 ms/);
    expect(messages.join('\n')).toMatch(/tarefas em segundo plano ainda em andamento/);
  });

  it('gives a database close that hangs only the grace after the limit', async () => {
    const { server, connections } = await serverWith(0);
    const t0 = Date.now();
    const outcome = await gracefulShutdown({
      server,
      connections,
      beginDrain: () => undefined,
      stopWork: [],
      finally: [() => new Promise(() => undefined)],
      timeoutMs: 100,
      graceMs: 200,
      log: () => undefined,
    });
    expect(outcome.clean).toBe(false);
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  it('exits 0 after the first signal’s shutdown, and 1 at once on a second signal (not the first one passed on again)', async () => {
    const source = new EventEmitter() as EventEmitter & SignalSource;
    const codes: number[] = [];
    let finish!: () => void;
    const off = onShutdownSignals(() => new Promise<void>((resolve) => (finish = resolve)), {
      source,
      exit: (c) => codes.push(c),
      log: () => undefined,
      duplicateMs: 200,
    });
    source.emit('SIGTERM', 'SIGTERM');
    source.emit('SIGTERM', 'SIGTERM'); // the same signal, relayed by a wrapper
    await later(10, null);
    expect(codes).toEqual([]); // still shutting down
    await later(250, null);
    source.emit('SIGINT', 'SIGINT');
    expect(codes).toEqual([1]);
    finish();
    await later(10, null);
    expect(codes).toEqual([1, 0]);
    off();
    expect(source.listenerCount('SIGTERM')).toBe(0);
  });

  it('reads SHUTDOWN_TIMEOUT_MS, 10 s by default', () => {
    expect(shutdownTimeoutFromEnv({})).toBe(10_000);
    expect(shutdownTimeoutFromEnv({ SHUTDOWN_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(shutdownTimeoutFromEnv({ SHUTDOWN_TIMEOUT_MS: 'dez' })).toBe(10_000);
  });
});
