/**
 * A small round-robin HTTP proxy in front of several portal processes, as a load balancer would be
 * (the multi-process test, tests/cluster/, and `bench:load`'s three-process run). Each request goes
 * to the next backend that is up; one that refuses the connection is skipped and the request goes
 * to the next (the body is held, so it can be sent again). A backend that dies after taking the
 * request gives the caller a 502, as a real balancer does: the caller retries (with its
 * Idempotency-Key). Responses stream through (server-sent events included). The proxy appends the
 * caller's address to X-Forwarded-For (the portal runs with TRUST_PROXY=1 behind it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Requests sent to each backend so far (by its port). */
  counts: Map<number, number>;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backendPorts: () => number[], opts: { host?: string } = {}): Promise<RoundRobinProxy> {
  const host = opts.host ?? '127.0.0.1';
  const counts = new Map<number, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Set<number>) => {
    const ports = backendPorts().filter((p) => !tried.has(p));
    if (!ports.length) {
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"Nenhum processo do portal respondeu."}');
      return;
    }
    const port = ports[next++ % ports.length];
    tried.add(port);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      { host, port, method: req.method, path: req.url, agent, headers: { ...req.headers, 'x-forwarded-for': forwarded, connection: 'keep-alive' } },
      (up) => {
        counts.set(port, (counts.get(port) ?? 0) + 1);
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        up.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (e: NodeJS.ErrnoException) => {
      if (res.headersSent) return void res.destroy();
      // Refused: the process is down — the next one takes the request. Anything else: it took it and died.
      if (e.code === 'ECONNREFUSED') return forward(req, res, body, tried);
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"O processo caiu no meio da requisição."}');
    });
    // The caller went away (e.g. a closed event stream): stop the upstream request too.
    res.on('close', () => !res.writableFinished && upstream.destroy());
    upstream.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
