/**
 * Delivers the webhooks (issue 41): each `webhook_entrega` row has a pg-boss job on the `webhook`
 * queue (src/server/webhooks/outbox.ts). The worker re-reads the row (skipped once delivered) and
 * POSTs its body as JSON, signed (src/server/webhooks/signature.ts) with the current secret and,
 * during a rotation's grace period, the previous one, within a 10-second timeout. The connection
 * goes to the address the SSRF guard checked (`lookupChecked` as the agent's `lookup`; a literal
 * address is checked before), and redirects are not followed: a 3xx is a failure like any non-2xx.
 * - 2xx: `entregue`, never sent again; the subscription's failures in a row start over;
 * - otherwise: `falhou`, the job fails and pg-boss retries it with backoff (about 24 hours); the
 *   last attempt gives it up (`desistiu`), and after `pauseAfter` deliveries given up in a row the
 *   subscription is paused and its owner e-mailed.
 */
import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { JobResult, JobWithMetadata, PgBoss } from 'pg-boss';
import { WEBHOOK_HEADERS } from '../../../resources/webhooks';
import type { Db } from '../db/connect';
import { bossOf } from '../db/boss';
import { enqueueMail } from '../mail/queue';
import { signatureHeader } from './signature';
import { lookupChecked, ssrfOptionsFromEnv, type SsrfOptions } from './ssrf';
import { scanOutbox, type OutboxOptions } from './outbox';
import { WEBHOOK_ANSWER_BYTES, WEBHOOK_PAUSE_AFTER, WEBHOOK_QUEUE, type WebhookJob } from './tables';

export interface DeliveryOptions {
  /** Timeout of one POST, in ms (default 10 s). */
  timeoutMs?: number;
  /** Deliveries given up in a row that pause a subscription (default WEBHOOK_PAUSE_AFTER). */
  pauseAfter?: number;
  /** The SSRF guard's settings (default: read from the environment at each delivery). */
  ssrf?: () => SsrfOptions;
}

/** What one POST got: the status and the answer's first bytes, or why it failed. */
export interface PostResult {
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

/** A `lookup` that resolves only to addresses the guard allows (the one connected to). */
function checkedLookup(ssrf: () => SsrfOptions): LookupFunction {
  return (hostname, options, callback) => {
    lookupChecked(hostname, ssrf()).then(
      (a) => (options.all ? callback(null, [a]) : callback(null, a.address, a.family)),
      (e: NodeJS.ErrnoException) => callback(e, '', 0),
    );
  };
}

/** A failed connection's reason in pt-BR (the delivery log shows it), with Node's code for support. */
export function networkErrorText(e: NodeJS.ErrnoException): string {
  const code = e.code ?? '';
  const text: Record<string, string> = {
    ECONNREFUSED: 'O destino recusou a conexão.',
    ECONNRESET: 'O destino encerrou a conexão antes de responder.',
    ETIMEDOUT: 'O destino não respondeu a tempo.',
    EHOSTUNREACH: 'O destino está inacessível a partir do portal.',
    ENETUNREACH: 'A rede do destino está inacessível a partir do portal.',
    ENOTFOUND: 'Não foi possível resolver o endereço.',
    EAI_AGAIN: 'Não foi possível resolver o endereço agora.',
    ERR_TLS_CERT_ALTNAME_INVALID: 'O certificado HTTPS do destino não vale para este endereço.',
    CERT_HAS_EXPIRED: 'O certificado HTTPS do destino venceu.',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'O certificado HTTPS do destino é autoassinado.',
    SELF_SIGNED_CERT_IN_CHAIN: 'O certificado HTTPS do destino não é de uma autoridade reconhecida.',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'O certificado HTTPS do destino não pôde ser verificado.',
  };
  if (text[code]) return `${text[code]} (${code})`;
  // The guard's own refusals and the timeout are already pt-BR; anything else keeps Node's words and code.
  return code ? `Falha na conexão: ${e.message} (${code})` : e.message;
}

/** POSTs `body` to `url`; never follows a redirect. */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, opts: DeliveryOptions = {}): Promise<PostResult> {
  const ssrf = opts.ssrf ?? (() => ssrfOptionsFromEnv());
  const started = Date.now();
  const done = (status: number | null, excerpt: string | null, error: string | null): PostResult => ({
    status,
    durationMs: Date.now() - started,
    excerpt,
    error,
  });
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'https:' && !(ssrf().allowHttp && target.protocol === 'http:')) throw new Error('O endereço deve usar HTTPS.');
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) await lookupChecked(host, ssrf()); // a literal address never goes through `lookup`
  } catch (e) {
    return done(null, null, e instanceof Error ? e.message : String(e));
  }
  const https = target.protocol === 'https:';
  const agent = https ? new HttpsAgent({ lookup: checkedLookup(ssrf), keepAlive: false }) : new HttpAgent({ lookup: checkedLookup(ssrf), keepAlive: false });
  const payload = Buffer.from(body);
  return new Promise<PostResult>((resolve) => {
    const req = (https ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        agent,
        timeout: opts.timeoutMs ?? 10_000,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length), 'user-agent': 'Portal-Webhooks/1' },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_ANSWER_BYTES) chunks.push(chunk.subarray(0, WEBHOOK_ANSWER_BYTES - size));
          size += chunk.length;
          if (size >= WEBHOOK_ANSWER_BYTES) res.destroy();
        });
        const finish = () => {
          let text = Buffer.concat(chunks).toString('utf8');
          while (Buffer.byteLength(text) > WEBHOOK_ANSWER_BYTES) text = text.slice(0, -1); // a character cut at the limit
          resolve(done(res.statusCode ?? null, text, null));
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`Sem resposta em ${Math.round((opts.timeoutMs ?? 10_000) / 1000)} s.`)));
    req.on('error', (e) => resolve(done(null, null, networkErrorText(e))));
    req.end(payload);
  }).finally(() => agent.destroy());
}

interface DeliveryRow {
  situacao: string;
  job_id: string | null;
  payload: unknown;
  webhook_id: string;
  url: string;
  nome: string;
  dono: string;
  ws: string;
  segredo: string;
  segredo_anterior: string | null;
  anterior_vale: boolean;
}

type Outcome = 'sent' | 'skipped' | { error: string };

/** Attempt `retryCount` (0 = first) of delivery `id`, out of `retryLimit + 1`. */
export async function deliverWebhook(db: Db, id: string, last: boolean, opts: DeliveryOptions = {}, jobId?: string): Promise<Outcome> {
  const r = await sql<DeliveryRow>`select e.situacao, e.payload, e.webhook_id, e.job_id, w.url, w.nome, w.dono, w.situacao as ws, w.segredo, w.segredo_anterior,
      coalesce(w.segredo_anterior_ate > now(), false) as anterior_vale
    from webhook_entrega e join webhook w on w.id = e.webhook_id where e.id = ${id}`.execute(db);
  const d = r.rows[0];
  if (!d || d.situacao === 'entregue' || d.situacao === 'desistiu') return 'skipped';
  // "Reenviar" gave the delivery a new job: the one it replaced (a retry still waiting) sends nothing.
  if (jobId && d.job_id && d.job_id !== jobId) return 'skipped';
  if (d.ws !== 'ativo') {
    await sql`update webhook_entrega set situacao = 'desistiu', erro = 'Assinatura pausada.' where id = ${id}`.execute(db);
    return 'skipped';
  }
  const body = typeof d.payload === 'string' ? d.payload : JSON.stringify(d.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const secrets = d.segredo_anterior && d.anterior_vale ? [d.segredo, d.segredo_anterior] : [d.segredo];
  const eventId = (JSON.parse(body) as { id: string }).id;
  const res = await postWebhook(
    d.url,
    body,
    { [WEBHOOK_HEADERS.id]: eventId, [WEBHOOK_HEADERS.timestamp]: String(timestamp), [WEBHOOK_HEADERS.signature]: signatureHeader(secrets, timestamp, body) },
    opts,
  );
  const ok = res.status !== null && res.status >= 200 && res.status < 300;
  const error = ok ? null : (res.error ?? `HTTP ${res.status}`);
  const situacao = ok ? 'entregue' : last ? 'desistiu' : 'falhou';
  await db.transaction().execute(async (trx) => {
    await sql`update webhook_entrega set situacao = ${situacao}, tentativas = tentativas + 1, status_http = ${res.status}, duracao_ms = ${res.durationMs},
      resposta = ${res.excerpt}, erro = ${error}, ultima_tentativa_em = now(), entregue_em = ${ok ? sql`now()` : null} where id = ${id}`.execute(trx);
    if (ok) await sql`update webhook set falhas_consecutivas = 0 where id = ${d.webhook_id}`.execute(trx);
    else if (last) await givenUp(trx, d, opts.pauseAfter ?? WEBHOOK_PAUSE_AFTER);
  });
  return ok ? 'sent' : { error: error! };
}

/** One more delivery given up: at `pauseAfter` in a row, the subscription is paused and its owner told. */
async function givenUp(trx: Db, d: DeliveryRow, pauseAfter: number) {
  const r = await sql<{ falhas: number; pausou: boolean }>`update webhook set falhas_consecutivas = falhas_consecutivas + 1,
      situacao = case when falhas_consecutivas + 1 >= ${pauseAfter} then 'pausado' else situacao end, updated_at = now()
    where id = ${d.webhook_id} returning falhas_consecutivas as falhas, situacao = 'pausado' as pausou`.execute(trx);
  const row = r.rows[0];
  if (!row?.pausou || Number(row.falhas) !== pauseAfter) return;
  await enqueueMail(trx, {
    to: [d.dono],
    subject: `Webhook "${d.nome}" pausado`,
    text: [
      `O webhook "${d.nome}" (${d.url}) foi pausado: ${pauseAfter} entregas seguidas falharam mesmo depois de todas as novas tentativas.`,
      'Confira o registro de entregas no portal (Administração → Webhooks), corrija o sistema que recebe as entregas e reative o webhook.',
    ].join('\n\n'),
    ref: `webhooks/${d.webhook_id}`,
  });
}

export interface WebhookWorker {
  stop(): Promise<void>;
}

/**
 * This process's worker of the `webhook` queue on the database's engine (`startEngine` first), and
 * its outbox pass every `outboxIntervalMs` (default 2 s; one pass at a time across the processes).
 */
export async function startWebhookWorker(
  db: Db,
  opts: DeliveryOptions & OutboxOptions & { batchSize?: number; pollingIntervalSeconds?: number; outboxIntervalMs?: number } = {},
): Promise<WebhookWorker> {
  const boss: PgBoss | undefined = bossOf(db);
  if (!boss) throw new Error('startWebhookWorker: no pg-boss engine is running for this database (startEngine).');
  const id = await boss.work<WebhookJob>(
    WEBHOOK_QUEUE,
    { batchSize: opts.batchSize ?? 5, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, perJobResults: true, includeMetadata: true },
    async (jobs) => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        let out: Outcome;
        try {
          out = await deliverWebhook(db, job.data.id, job.retryCount >= (job as JobWithMetadata<WebhookJob>).retryLimit, opts, job.id);
        } catch (e) {
          out = { error: e instanceof Error ? e.message : String(e) };
        }
        results.push(typeof out === 'object' ? { id: job.id, status: 'failed', output: { erro: out.error } } : { id: job.id, status: 'completed' });
      }
      return results;
    },
  );
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = scanOutbox(db, opts)
      .catch((e) => console.error('[webhooks] erro ao ler o histórico:', e instanceof Error ? e.message : e))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.outboxIntervalMs ?? 2000);
      });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await boss.offWork(WEBHOOK_QUEUE, { id, wait: true });
    },
  };
}
