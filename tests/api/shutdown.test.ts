/**
 * Graceful shutdown of the real server process (issue 27): `src/server/main.ts` started as
 * `npm run server` starts it (tsx), with a production-shaped identity configuration (no local
 * identity stack), no demo data and a built app of two files, one of them large. A download is
 * under way, held by a client that reads slowly, when SIGTERM arrives: new connections are refused,
 * requests still arriving on the open connection get 503 (readiness says why), the download ends
 * whole with 200, and the process exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS } from './backends';
import { scratchPostgres } from './fresh-database';

const root = join(__dirname, '..', '..');
const BIG = 48 * 1024 * 1024;
const LIMIT_MS = 8000;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The responses in a raw HTTP/1.1 byte stream (Content-Length bodies). */
function parseResponses(raw: Buffer): Answer[] {
  const out: Answer[] = [];
  let at = 0;
  while (at < raw.length) {
    const end = raw.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const [statusLine, ...lines] = raw.subarray(at, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body: raw.subarray(end + 4, end + 4 + length) });
    at = end + 4 + length;
  }
  return out;
}

/** A TCP port free on 127.0.0.1 right now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });

describe.each(ENGINE_BACKENDS)('graceful shutdown of the server process (%s)', { timeout: 120_000 }, (backend) => {
  let dir: string;
  let port: number;
  let child: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-shutdown-'));
    mkdirSync(join(dir, 'app', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'app', 'index.html'), '<!doctype html><title>Portal</title>');
    writeFileSync(join(dir, 'app', 'assets', 'grande-0a1b2c3d.bin'), Buffer.alloc(BIG, 7));
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      STATIC_DIR: join(dir, 'app'),
      SEED: '0',
      SHUTDOWN_TIMEOUT_MS: String(LIMIT_MS),
      // A Cognito configuration: nothing local is started, and nothing is asked of it here.
      COGNITO_USER_POOL_ID: 'us-east-1_Teste1234',
      COGNITO_CLIENT_ID: 'cliente-de-teste',
      COGNITO_DOMAIN: 'login.exemplo.com.br',
    };
    delete env.DATABASE_URL;
    delete env.METRICS_TOKEN;
    delete env.S3_BUCKET;
    if (backend === 'postgres') {
      const scratch = await scratchPostgres('portal_shutdown');
      env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
    child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'src/server/main.ts')], { cwd: root, env, stdio: 'pipe' });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`o servidor não subiu:\n${output}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }, 120_000);

  afterAll(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    await dropDatabase?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets the request in flight finish, refuses new connections, answers 503 meanwhile and exits 0 in time', async () => {
    const ready = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`);
    expect(ready.status).toBe(200);

    // A download of the large file, read slowly: its first bytes, then nothing until after SIGTERM.
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const first = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.on('data', (d: Buffer) => chunks.push(d));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(`GET /assets/grande-0a1b2c3d.bin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await first;
    socket.pause();

    const t0 = Date.now();
    child.kill('SIGTERM');
    // The listening socket closes at once: a new connection is refused.
    let isRefused = false;
    while (!isRefused && Date.now() - t0 < 3000) isRefused = await refused(port);
    expect(isRefused).toBe(true);

    // Two more requests on the busy connection (read once the download is flushed): readiness, then any route.
    socket.write(`GET /api/v1/health/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\nGET /api/v1/config HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 500));
    expect(child.exitCode).toBeNull(); // still draining: the download is not done
    socket.resume();
    await closed;

    const [download, readiness, other] = parseResponses(Buffer.concat(chunks));
    expect(download.status).toBe(200);
    expect(Number(download.headers['content-length'])).toBe(BIG);
    expect(download.body.length).toBe(BIG);
    expect(readiness.status).toBe(503);
    const body = JSON.parse(readiness.body.toString('utf8'));
    expect(body.verificacoes.processo).toEqual({ status: 'falha', mensagem: expect.stringContaining('encerrado') });
    expect(body.verificacoes.banco.status).toBe('ok'); // the database closes only after the drain
    expect(other.status).toBe(503);
    expect(other.headers.connection).toBe('close');
    expect(JSON.parse(other.body.toString('utf8'))).toEqual({ statusCode: 503, message: expect.stringMatching(/encerrado ou reiniciado/) });

    expect(await exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(LIMIT_MS);
    expect(output).toContain('[encerramento] SIGTERM');
    expect(output).not.toMatch(/com cortes no limite/);
  });
});
