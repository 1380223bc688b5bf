/**
 * Test helper of the webhook API tests: a local receiver for the enclosing describe block, on
 * 127.0.0.1, which records each request (path, headers, body) and answers the status `answer(path)`
 * gives (200 by default; a 3xx redirects to `/alvo-do-redirecionamento`); while it runs, the
 * environment lets webhooks reach it (plain HTTP, 127.0.0.1 allowed). Registered after `useApi`, so
 * the file's own hooks (an engine and a worker) start after it and stop before it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { client } from './workflow-helpers';

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The environment that lets a test's webhooks reach the local receiver. */
export const RECEIVER_ENV = { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' };

export function useWebhookReceiver(answer: (path: string) => number = () => 200): { received: Received[]; origin: string } {
  const ctx = { received: [] as Received[], origin: '' };
  const saved: Record<string, string | undefined> = {};
  let server: Server | undefined;
  beforeAll(async () => {
    for (const [k, v] of Object.entries(RECEIVER_ENV)) [saved[k], process.env[k]] = [process.env[k], v];
    const listening = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (d: Buffer) => chunks.push(d));
      req.on('end', () => {
        const path = req.url ?? '/';
        ctx.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = answer(path);
        const redirect = status >= 300 && status < 400 ? { location: '/alvo-do-redirecionamento' } : {};
        res.writeHead(status, { 'content-type': 'text/plain', ...redirect }).end(status < 300 ? 'ok' : `falhou ${'x'.repeat(3000)}`);
      });
    });
    await new Promise<void>((r) => listening.listen(0, '127.0.0.1', r));
    server = listening;
    ctx.origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });
  return ctx;
}

/** A service account created by the administrator; its id. */
export async function newServiceAccount(c: ReturnType<typeof client>, nome: string, roles: string[], obra: string[] = []): Promise<number> {
  const r = await c.post('/api/v1/contas-servico', { nome, roles, obra }, 'admin@portal.local');
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}
