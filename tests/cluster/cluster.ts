/**
 * Several portal processes as one portal (issue 27), for `npm run test:cluster`: a scratch
 * database on the local PostgreSQL (TEST_DATABASE_URL), an S3 stand-in (s3rver), one local
 * identity stack that every process trusts (COGNITO_ENDPOINT), N real server processes
 * (`src/server/main.ts`, each its own port and data directory, mail written to files there), and
 * the round-robin proxy in front (scripts/lib/round-robin-proxy.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { startIdentityStack, type IdentityStack } from '../../src/server/identity/start';
import { staffSignIn } from '../../src/server/identity/test-helpers';
import { DEMO_PASSWORD } from '../../src/server/identity/seed';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../scripts/lib/round-robin-proxy';
import { scratchPostgres } from '../api/fresh-database';
import { startTcpRelay, type TcpRelay } from './tcp-relay';

export interface PortalProcess {
  name: string;
  port: number;
  dataDir: string;
  child?: ChildProcess;
  /** The process's output (stdout and stderr), for the failure message. */
  log: string[];
}

export interface ClusterOptions {
  processes: number;
  /** Extra environment of every process. */
  env?: Record<string, string>;
}

const BUCKET = 'portal-cluster';

/** A TCP port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export class Cluster {
  readonly processes: PortalProcess[] = [];
  proxy!: RoundRobinProxy;
  identity!: IdentityStack;
  databaseUrl = '';
  /** The processes reach the database through this relay (the database-restart fault cuts it). */
  relay!: TcpRelay;
  private processDatabaseUrl = '';
  pool!: pg.Pool;
  private cleanup: (() => Promise<unknown>)[] = [];
  private s3?: S3rver;
  private s3Endpoint = '';
  private identityDir = '';

  constructor(private readonly opts: ClusterOptions) {}

  async start(): Promise<void> {
    const db = await scratchPostgres('portal_cluster');
    this.databaseUrl = db.url;
    this.cleanup.push(db.drop);
    this.pool = new pg.Pool({ connectionString: db.url, max: 3 });
    this.cleanup.push(() => this.pool.end());
    const u = new URL(db.url);
    this.relay = await startTcpRelay({ host: u.hostname, port: Number(u.port || 5432) });
    this.cleanup.push(() => this.relay.close());
    u.port = String(this.relay.port);
    this.processDatabaseUrl = u.toString();

    const s3Dir = mkdtempSync(join(tmpdir(), 'portal-cluster-s3-'));
    this.s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir });
    const { port: s3Port } = await this.s3.run();
    this.s3Endpoint = `http://127.0.0.1:${s3Port}`;
    this.cleanup.push(async () => {
      await this.s3?.close();
      rmSync(s3Dir, { recursive: true, force: true });
    });
    const s3 = new S3Client({
      endpoint: this.s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    s3.destroy();

    for (let i = 0; i < this.opts.processes; i++) {
      this.processes.push({ name: String.fromCharCode(65 + i), port: await freePort(), dataDir: mkdtempSync(join(tmpdir(), 'portal-cluster-p-')), log: [] });
    }
    this.proxy = await startRoundRobinProxy(() => this.processes.filter((p) => p.child).map((p) => p.port));
    this.cleanup.push(() => this.proxy.close());

    this.identityDir = mkdtempSync(join(tmpdir(), 'portal-cluster-id-'));
    this.identity = await startIdentityStack({ dataDir: this.identityDir, publicUrl: this.proxy.url });
    this.cleanup.push(async () => {
      await this.identity.stop();
      rmSync(this.identityDir, { recursive: true, force: true });
    });

    // The first process migrates and seeds; the others start on the ready database.
    await this.spawn(0, { SEED: '1' });
    await Promise.all(this.processes.slice(1).map((_, i) => this.spawn(i + 1)));
  }

  /** The environment of process `i`. */
  private env(i: number, extra: Record<string, string>): NodeJS.ProcessEnv {
    const p = this.processes[i];
    const c = this.identity.config;
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(p.port),
      HOST: '127.0.0.1',
      DATA_DIR: p.dataDir,
      STATIC_DIR: join(p.dataDir, 'sem-aplicativo'),
      DATABASE_URL: this.processDatabaseUrl,
      PG_POOL_MAX: '4',
      SEED: '0',
      PUBLIC_URL: this.proxy.url,
      COGNITO_USER_POOL_ID: c.userPoolId,
      COGNITO_CLIENT_ID: c.userPoolClientId,
      COGNITO_DOMAIN: c.oauth.domain,
      COGNITO_ENDPOINT: c.userPoolEndpoint!,
      IDENTITY_ADMIN_SECRET: this.identity.adminSecret!,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: this.s3Endpoint,
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      TRUST_PROXY: '1',
      API_RATE_LIMIT_PER_MIN: '1000000',
      SHUTDOWN_TIMEOUT_MS: '5000',
      ...this.opts.env,
      ...extra,
    };
  }

  /** Starts process `i` and resolves once it is ready (GET /api/v1/health/ready answers 200). */
  async spawn(i: number, extra: Record<string, string> = {}): Promise<void> {
    const p = this.processes[i];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: this.env(i, extra), stdio: ['ignore', 'pipe', 'pipe'] });
    p.child = undefined; // not in the proxy's list until ready
    const keep = (b: Buffer) => {
      p.log.push(b.toString());
      if (p.log.length > 200) p.log.shift();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`processo ${p.name} saiu (${code}):\n${p.log.join('')}`))));
    exited.catch(() => undefined);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${p.port}/api/v1/health/ready`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`processo ${p.name} não ficou pronto em 120 s:\n${p.log.join('')}`);
      await Promise.race([new Promise((r) => setTimeout(r, 250)), exited]);
    }
    child.once('exit', () => {
      if (p.child === child) p.child = undefined;
    });
    p.child = child;
  }

  /** `kill -9`: the process dies at once, whatever it was doing. */
  kill9(i: number): void {
    const p = this.processes[i];
    p.child?.kill('SIGKILL');
    p.child = undefined;
  }

  /** SIGTERM and wait for the exit (graceful shutdown). */
  async stop(i: number): Promise<number | null> {
    const p = this.processes[i];
    const child = p.child;
    if (!child) return null;
    const code = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    child.kill('SIGTERM');
    return code;
  }

  /** An ID token of a demo account: staff through the corporate sign-in, others with their password. */
  async token(email: string, staff: boolean): Promise<string> {
    if (staff) {
      const r = await staffSignIn(this.identity, email, DEMO_PASSWORD);
      if (!r.ok || !r.tokens.id_token) throw new Error(`login de ${email} falhou`);
      return r.tokens.id_token;
    }
    const res = await fetch(this.identity.config.userPoolEndpoint + '/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: this.identity.config.userPoolClientId,
        AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
      }),
    });
    const body = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
    if (!body.AuthenticationResult) throw new Error(`login de ${email} falhou: ${JSON.stringify(body)}`);
    return body.AuthenticationResult.IdToken;
  }

  /** The subjects of every e-mail file the processes wrote (mail to files, `DATA_DIR/mail`). */
  mailSubjects(): string[] {
    const out: string[] = [];
    for (const p of this.processes) {
      let files: string[] = [];
      try {
        files = readdirSync(join(p.dataDir, 'mail'));
      } catch {
        continue;
      }
      for (const f of files) {
        const m = /^Subject: (.*)$/m.exec(readFileSync(join(p.dataDir, 'mail', f), 'utf8'));
        if (m) out.push(m[1].trim());
      }
    }
    return out;
  }

  async close(): Promise<void> {
    for (const p of this.processes) {
      if (p.child) await this.stop(this.processes.indexOf(p)).catch(() => undefined);
    }
    for (const p of this.processes) rmSync(p.dataDir, { recursive: true, force: true });
    for (const f of this.cleanup.reverse()) await f().catch(() => undefined);
  }
}
