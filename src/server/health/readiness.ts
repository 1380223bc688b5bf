/**
 * Liveness and readiness (issue 27), public, before authentication:
 * - `GET /api/v1/health`: liveness. No database nor disk: 200 while the process answers at all
 *   (scripts/e2e.mjs and the benchmarks wait for it), during a shutdown too.
 * - `GET /api/v1/health/ready`: readiness. The database answers a `select 1`, the mail queue
 *   (pg-boss's `email` jobs, `mailBacklog`) answers (pending messages and the oldest one's age), the file store takes a write
 *   (local directory) or its bucket answers (S3 HeadBucket), each within `timeoutMs`; and the process
 *   is not shutting down. 200 when all answer, 503 naming what failed. Messages are fixed Portuguese
 *   texts: nothing of the underlying error (addresses, bucket names, credentials) reaches the body;
 *   the error goes to the server's log.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import type { FileStorage } from '../storage/storage';

export const READY_TIMEOUT_MS = 2000;
export const NOT_READY_MESSAGE = 'O portal não está pronto para atender: veja em "verificacoes" o que falhou.';
export const DRAINING_MESSAGE = 'O servidor está sendo encerrado ou reiniciado. Tente novamente em alguns segundos.';

export type CheckResult = { status: 'ok'; ms: number } | { status: 'falha'; mensagem: string };
export type QueueResult = { status: 'ok'; ms: number; pendentes: number; maisAntigaSegundos: number | null } | { status: 'falha'; mensagem: string };

export interface Readiness {
  status: 'ok' | 'indisponivel';
  version: string;
  verificacoes: { processo: CheckResult; banco: CheckResult; filaEmails: QueueResult; arquivos: CheckResult };
}

export interface HealthOptions {
  db: Db;
  storage: FileStorage;
  version: string;
  /** True from the shutdown signal on (src/server/main.ts): readiness says not ready. */
  draining?: () => boolean;
  /** Longest wait for each part, in ms (default 2 s). */
  timeoutMs?: number;
  /** Where a failed part's real error goes (default console.warn). */
  log?: (message: string, error: unknown) => void;
}

class Timeout extends Error {}

function within<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Timeout()), ms)));
  return Promise.race([work(), limit]).finally(() => clearTimeout(timer));
}

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;

/** Runs one part; a failure or a timeout becomes its Portuguese message. */
async function probe<T extends object>(
  what: string,
  work: () => Promise<T>,
  opts: Required<Pick<HealthOptions, 'timeoutMs' | 'log'>>,
): Promise<({ status: 'ok'; ms: number } & T) | { status: 'falha'; mensagem: string }> {
  const t0 = performance.now();
  try {
    const extra = await within(work, opts.timeoutMs);
    return { status: 'ok', ms: Math.round(performance.now() - t0), ...extra };
  } catch (e) {
    opts.log(`[saude] ${what}: ${e instanceof Timeout ? 'sem resposta no prazo' : 'falhou'}`, e instanceof Timeout ? '' : e);
    return { status: 'falha', mensagem: e instanceof Timeout ? `${what} não respondeu em ${seconds(opts.timeoutMs)}.` : `${what} não respondeu.` };
  }
}

/**
 * Messages waiting to be sent and the oldest one's age in seconds: the `email` jobs pg-boss holds
 * queued, retrying or active, plus the rows still without a job (queued while no engine ran).
 */
export async function mailBacklog(db: Db): Promise<{ pendentes: number; maisAntigaSegundos: number | null }> {
  const orphans = sql`select criada_em as desde from mensagem
    where job_id is null and enviada_em is null and proxima_tentativa < 'infinity'::timestamptz`;
  const installed = (await sql<{ ok: boolean }>`select to_regclass('pgboss.job') is not null as ok`.execute(db)).rows[0]?.ok;
  const jobs = installed ? sql`union all select created_on from pgboss.job where name = 'email' and state in ('created', 'retry', 'active')` : sql``;
  const r = await sql<{ pendentes: number | string; idade: number | string | null }>`
    select count(*)::int as pendentes, extract(epoch from now() - min(desde))::float8 as idade from (${orphans} ${jobs}) q`.execute(db);
  const row = r.rows[0];
  return { pendentes: Number(row?.pendentes ?? 0), maisAntigaSegundos: row?.idade == null ? null : Math.max(0, Math.round(Number(row.idade))) };
}

/** Every part at once; `status` is 'ok' only when all answered. */
export async function checkReadiness(opts: HealthOptions): Promise<Readiness> {
  const o = {
    timeoutMs: opts.timeoutMs ?? READY_TIMEOUT_MS,
    log: opts.log ?? ((m: string, e: unknown) => console.warn(m, e instanceof Error ? e.message : e)),
  };
  const processo: CheckResult = opts.draining?.() ? { status: 'falha', mensagem: DRAINING_MESSAGE } : { status: 'ok', ms: 0 };
  const [banco, filaEmails, arquivos] = await Promise.all([
    probe('O banco de dados', async () => (await sql`select 1`.execute(opts.db), {}), o),
    probe('A fila de e-mails', () => mailBacklog(opts.db), o),
    probe('O armazenamento de arquivos', async () => (await opts.storage.check(), {}), o),
  ]);
  const verificacoes = { processo, banco, filaEmails, arquivos };
  const ok = Object.values(verificacoes).every((v) => v.status === 'ok');
  return { status: ok ? 'ok' : 'indisponivel', version: opts.version, verificacoes };
}

/** `GET /health` and `GET /health/ready`, mounted on the API before authentication. */
export function healthRoutes(opts: HealthOptions) {
  const r = new Hono<AppEnv>();
  r.get('/health', (c) => c.json({ status: 'ok', version: opts.version }));
  r.get('/health/ready', async (c) => {
    const ready = await checkReadiness(opts);
    if (ready.status === 'ok') return c.json(ready, 200);
    return c.json({ message: NOT_READY_MESSAGE, statusCode: 503, ...ready }, 503, { 'Retry-After': '5' });
  });
  return r;
}
