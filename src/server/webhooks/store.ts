/**
 * Webhook subscriptions as stored (issue 41): their bodies checked before anything is written
 * (400 with a pt-BR message per field: an address that is not HTTPS or points to a private range —
 * src/server/webhooks/ssrf.ts, after DNS —, an event outside the catalogue, a secret under 32
 * characters, an unknown service account), the subscription's CRUD, the secret's rotation with a
 * grace period, the reactivation of a paused one, the delivery log and a delivery sent again.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SCHEMAS } from '../../../schemas';
import {
  WEBHOOK_LIMITS as L,
  isWebhookEvent,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookPayload,
  type WebhookRotation,
} from '../../../resources/webhooks';
import type { Db } from '../db/connect';
import { bossOf } from '../db/boss';
import { ApiError } from '../http/errors';
import type { FieldErrors } from '../crud/validate';
import { checkWebhookUrl, ssrfOptionsFromEnv, type SsrfOptions } from './ssrf';
import { queueDelivery, sendDeliveryJob } from './outbox';
import { WEBHOOK_RETRY, type WebhookRetry } from './tables';

const INPUT_KEYS = new Set(['nome', 'url', 'eventos', 'contaServico', 'segredo']);
const ROTATION_KEYS = new Set(['segredo', 'carenciaHoras']);
const INVALID = 'Webhook inválido. Nada foi gravado.';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

function secretError(v: unknown): string | null {
  if (typeof v !== 'string') return 'Informe o segredo como texto.';
  if (v.length < L.segredoMin) return `O segredo deve ter pelo menos ${L.segredoMin} caracteres.`;
  if (v.length > L.segredoMax) return `O segredo pode ter até ${L.segredoMax} caracteres.`;
  return null;
}

/** A create body (no `current`) or a PATCH body (absent fields keep `current`'s), checked in full. */
export async function parseWebhook(db: Db, body: unknown, current?: WebhookInput, ssrf: SsrfOptions = ssrfOptionsFromEnv()): Promise<WebhookInput> {
  if (!isObject(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const errors: FieldErrors = Object.create(null);
  for (const k of Object.keys(body)) if (!INPUT_KEYS.has(k)) errors[k] = ['Campo desconhecido.'];
  const has = (k: string) => body[k] !== undefined || !current;
  const out: WebhookInput = { ...(current ?? { nome: '', url: '', eventos: [], contaServico: 0 }) };
  if (has('nome')) {
    if (typeof body.nome !== 'string' || !body.nome.trim()) errors.nome = ['Informe o nome do webhook (ex.: ERP — contratos aprovados).'];
    else if (body.nome.trim().length > L.nome) errors.nome = [`O nome pode ter até ${L.nome} caracteres.`];
    else out.nome = body.nome.trim();
  }
  if (has('url')) {
    const problem =
      typeof body.url !== 'string' || !body.url.trim()
        ? 'Informe o endereço que recebe as entregas.'
        : body.url.length > L.url
          ? `O endereço pode ter até ${L.url} caracteres.`
          : await checkWebhookUrl(body.url.trim(), ssrf);
    if (problem) errors.url = [problem];
    else out.url = String(body.url).trim();
  }
  if (has('eventos')) {
    const v = body.eventos;
    const resources = SCHEMAS.map((s) => s.resource);
    if (!Array.isArray(v) || !v.length || v.some((e) => typeof e !== 'string')) errors.eventos = ['Escolha pelo menos um evento.'];
    else if (v.length > L.eventos) errors.eventos = [`No máximo ${L.eventos} eventos.`];
    else {
      const unknown = (v as string[]).filter((e) => !isWebhookEvent(e, resources));
      if (unknown.length) errors.eventos = [`Evento inexistente: ${unknown.slice(0, 5).join(', ')}.`];
      else out.eventos = [...new Set(v as string[])];
    }
  }
  if (has('contaServico')) {
    const id = body.contaServico;
    const found =
      typeof id === 'number' && Number.isSafeInteger(id) && id > 0
        ? (await sql<{ ativo: boolean }>`select ativo from conta_servico where id = ${id}`.execute(db)).rows[0]
        : undefined;
    if (!found) errors.contaServico = ['Escolha uma conta de serviço existente: as entregas mostram o que ela pode ler.'];
    else if (!found.ativo) errors.contaServico = ['Esta conta de serviço está inativa.'];
    else out.contaServico = id as number;
  }
  if (body.segredo !== undefined) {
    const problem = secretError(body.segredo);
    if (problem) errors.segredo = [problem];
    else out.segredo = body.segredo as string;
  }
  if (Object.keys(errors).length) throw new ApiError(400, INVALID, errors);
  return out;
}

type Row = Record<string, unknown> & { id: string | number };

function webhookOf(r: Row): Webhook {
  return {
    id: Number(r.id),
    nome: String(r.nome),
    url: String(r.url),
    eventos: r.eventos as string[],
    contaServico: Number(r.conta_id),
    situacao: r.situacao as Webhook['situacao'],
    falhasConsecutivas: Number(r.falhas_consecutivas),
    dono: String(r.dono),
    segredoAnteriorAte:
      r.segredo_anterior && r.segredo_anterior_ate && new Date(r.segredo_anterior_ate as string) > new Date() ? iso(r.segredo_anterior_ate as string) : null,
    createdAt: iso(r.created_at as string)!,
    updatedAt: iso(r.updated_at as string)!,
  };
}

const COLUMNS = sql`id, nome, url, eventos, conta_id, situacao, falhas_consecutivas, dono, segredo_anterior, segredo_anterior_ate, created_at, updated_at`;
const textArray = (v: string[]) => sql`cast(${`{${v.map((e) => `"${e}"`).join(',')}}`} as text[])`;

export async function listWebhooks(db: Db): Promise<Webhook[]> {
  return (await sql<Row>`select ${COLUMNS} from webhook order by lower(nome), id`.execute(db)).rows.map(webhookOf);
}

export async function getWebhook(db: Db, id: number): Promise<Webhook> {
  const row = (await sql<Row>`select ${COLUMNS} from webhook where id = ${id}`.execute(db)).rows[0];
  if (!row) throw new ApiError(404, 'Webhook não encontrado.');
  return webhookOf(row);
}

/** Creates a subscription; the answer carries its secret (the one given, or one generated). */
export async function createWebhook(db: Db, input: WebhookInput, owner: string): Promise<Webhook> {
  const segredo = input.segredo ?? newSecret();
  const r = await sql<Row>`insert into webhook (nome, url, eventos, conta_id, segredo, dono)
    values (${input.nome}, ${input.url}, ${textArray(input.eventos)}, ${input.contaServico}, ${segredo}, ${owner}) returning ${COLUMNS}`.execute(db);
  return { ...webhookOf(r.rows[0]), segredo };
}

export async function currentInput(db: Db, id: number): Promise<WebhookInput> {
  const w = await getWebhook(db, id);
  return { nome: w.nome, url: w.url, eventos: w.eventos, contaServico: w.contaServico };
}

export async function updateWebhook(db: Db, id: number, input: WebhookInput): Promise<Webhook> {
  const r = await sql<Row>`update webhook set nome = ${input.nome}, url = ${input.url}, eventos = ${textArray(input.eventos)}, conta_id = ${input.contaServico},
    segredo = coalesce(${input.segredo ?? null}, segredo), updated_at = now() where id = ${id} returning ${COLUMNS}`.execute(db);
  if (!r.rows[0]) throw new ApiError(404, 'Webhook não encontrado.');
  return webhookOf(r.rows[0]);
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  const r = await sql`delete from webhook where id = ${id}`.execute(db);
  if (!Number(r.numAffectedRows ?? 0)) throw new ApiError(404, 'Webhook não encontrado.');
}

/** A new secret; the previous one keeps signing (a second signature) for the grace period. */
export async function rotateSecret(db: Db, id: number, body: unknown): Promise<Webhook> {
  if (!isObject(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const errors: FieldErrors = Object.create(null);
  for (const k of Object.keys(body)) if (!ROTATION_KEYS.has(k)) errors[k] = ['Campo desconhecido.'];
  const given = body as WebhookRotation;
  if (given.segredo !== undefined && secretError(given.segredo)) errors.segredo = [secretError(given.segredo)!];
  const hours = given.carenciaHoras ?? 24;
  if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < 0 || hours > L.carenciaHorasMax)
    errors.carenciaHoras = [`Informe um número inteiro de horas entre 0 e ${L.carenciaHorasMax}.`];
  if (Object.keys(errors).length) throw new ApiError(400, 'Rotação de segredo inválida. Nada foi gravado.', errors);
  const segredo = given.segredo ?? newSecret();
  const r = await sql<Row>`update webhook set segredo_anterior = segredo, segredo_anterior_ate = now() + make_interval(hours => ${hours}),
    segredo = ${segredo}, updated_at = now() where id = ${id} returning ${COLUMNS}`.execute(db);
  if (!r.rows[0]) throw new ApiError(404, 'Webhook não encontrado.');
  return { ...webhookOf(r.rows[0]), segredo };
}

/** A paused subscription active again, its count of failures in a row back to zero. */
export async function reactivateWebhook(db: Db, id: number): Promise<Webhook> {
  const r = await sql<Row>`update webhook set situacao = 'ativo', falhas_consecutivas = 0, updated_at = now() where id = ${id} returning ${COLUMNS}`.execute(
    db,
  );
  if (!r.rows[0]) throw new ApiError(404, 'Webhook não encontrado.');
  return webhookOf(r.rows[0]);
}

function deliveryOf(r: Row): WebhookDelivery {
  return {
    id: Number(r.id),
    eventoId: String(r.evento_id),
    evento: String(r.evento),
    situacao: r.situacao as WebhookDelivery['situacao'],
    tentativas: Number(r.tentativas),
    statusHttp: r.status_http === null ? null : Number(r.status_http),
    duracaoMs: r.duracao_ms === null ? null : Number(r.duracao_ms),
    resposta: (r.resposta as string | null) ?? null,
    erro: (r.erro as string | null) ?? null,
    criadaEm: iso(r.criada_em as string)!,
    ultimaTentativaEm: iso(r.ultima_tentativa_em as string),
    entregueEm: iso(r.entregue_em as string),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as WebhookPayload,
  };
}

/** The latest deliveries of a subscription (at most 200). */
export async function listDeliveries(db: Db, id: number): Promise<WebhookDelivery[]> {
  await getWebhook(db, id);
  const r = await sql<Row>`select * from webhook_entrega where webhook_id = ${id} order by id desc limit 200`.execute(db);
  return r.rows.map(deliveryOf);
}

/** "Reenviar": a delivery not yet delivered goes back to the queue with a new job (a delivered one is 409). */
export async function resendDelivery(db: Db, id: number, entrega: number, retry: WebhookRetry = WEBHOOK_RETRY): Promise<WebhookDelivery> {
  await getWebhook(db, id);
  return db.transaction().execute(async (trx) => {
    const found = (await sql<Row>`select * from webhook_entrega where id = ${entrega} and webhook_id = ${id} for update`.execute(trx)).rows[0];
    if (!found) throw new ApiError(404, 'Entrega não encontrada.');
    if (found.situacao === 'entregue') throw new ApiError(409, 'Esta entrega já foi recebida (resposta 2xx) e não é enviada de novo.');
    const jobId = randomUUID();
    const r = await sql<Row>`update webhook_entrega set situacao = 'pendente', job_id = ${jobId} where id = ${entrega} returning *`.execute(trx);
    if (bossOf(trx)) await sendDeliveryJob(trx, String(entrega), jobId, retry);
    return deliveryOf(r.rows[0]);
  });
}

/** "Enviar teste": a `ping` event queued for this subscription alone (a paused one is 409). */
export async function pingWebhook(db: Db, id: number, by: string, retry: WebhookRetry = WEBHOOK_RETRY): Promise<WebhookDelivery> {
  const w = await getWebhook(db, id);
  if (w.situacao === 'pausado') throw new ApiError(409, 'O webhook está pausado: reative-o antes de enviar um teste.');
  const payload: WebhookPayload = {
    id: `ping-${randomUUID()}`,
    evento: 'ping',
    em: new Date().toISOString(),
    ator: { nome: by, email: by },
    recurso: null,
    registro: null,
  };
  return db.transaction().execute(async (trx) => {
    await queueDelivery(trx, String(id), payload, null, retry);
    const r = await sql<Row>`select * from webhook_entrega where webhook_id = ${id} and evento_id = ${payload.id}`.execute(trx);
    return deliveryOf(r.rows[0]);
  });
}
