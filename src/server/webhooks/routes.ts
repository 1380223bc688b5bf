/**
 * `/api/v1/webhooks` (issue 41), for the administrators who manage service accounts
 * (`managesServiceAccounts`); anyone else, a service account's own key included, gets 403:
 * - `GET /`, `POST /` (the answer carries the secret), `GET/PATCH/DELETE /{id}`;
 * - `POST /{id}/rotacionar-segredo` a new secret, the previous one signing too for the grace period;
 * - `POST /{id}/reativar` a paused subscription active again;
 * - `GET /{id}/entregas` the delivery log, `POST /{id}/entregas/{entrega}/reenviar` one sent again;
 * - `POST /{id}/testar` a `ping` event queued for this subscription alone ("Enviar teste").
 * Bad input: 400 with a pt-BR message per field and nothing stored.
 */
import { Hono, type Context } from 'hono';
import { managesServiceAccounts } from '../../../resources/service-accounts';
import { isExternalUser } from '../../access/user';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody } from '../crud/routes';
import { isServiceAccount } from '../service-accounts/authenticate';
import type { WebhookRetry } from './tables';
import {
  createWebhook,
  currentInput,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  parseWebhook,
  pingWebhook,
  reactivateWebhook,
  resendDelivery,
  rotateSecret,
  updateWebhook,
} from './store';
import { listJson } from '../http/list-answer';

function adminOf(c: Context<AppEnv>): string {
  const user = c.get('user');
  if (isServiceAccount(user)) throw new ApiError(403, 'Uma chave de API não gerencia webhooks: entre no portal com a conta de um administrador.');
  if (isExternalUser(user) || !managesServiceAccounts(c.get('ability'))) throw new ApiError(403, 'Só os administradores do portal gerenciam webhooks.');
  return user.email;
}

function idParam(c: Context<AppEnv>, name: string, missing: string): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(404, missing);
  return id;
}
const webhookId = (c: Context<AppEnv>) => idParam(c, 'id', 'Webhook não encontrado.');

export function webhookRoutes(db: Db, opts: { retry?: WebhookRetry } = {}) {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => {
    adminOf(c);
    return listJson(c, await listWebhooks(db));
  });
  r.post('/', async (c) => {
    const by = adminOf(c);
    const input = await parseWebhook(db, await jsonBody(c.req.raw));
    c.header('Cache-Control', 'no-store'); // the secret is in this answer
    return c.json(await createWebhook(db, input, by), 201);
  });
  r.get('/:id', async (c) => {
    adminOf(c);
    return c.json(await getWebhook(db, webhookId(c)));
  });
  r.patch('/:id', async (c) => {
    adminOf(c);
    const id = webhookId(c);
    const input = await parseWebhook(db, await jsonBody(c.req.raw), await currentInput(db, id));
    return c.json(await updateWebhook(db, id, input));
  });
  r.delete('/:id', async (c) => {
    adminOf(c);
    await deleteWebhook(db, webhookId(c));
    return c.body(null, 204);
  });
  r.post('/:id/rotacionar-segredo', async (c) => {
    adminOf(c);
    const id = webhookId(c);
    const body = await jsonBody(c.req.raw);
    c.header('Cache-Control', 'no-store');
    return c.json(await rotateSecret(db, id, body));
  });
  r.post('/:id/reativar', async (c) => {
    adminOf(c);
    return c.json(await reactivateWebhook(db, webhookId(c)));
  });
  r.post('/:id/testar', async (c) => {
    const by = adminOf(c);
    return c.json(await pingWebhook(db, webhookId(c), by, opts.retry), 201);
  });
  r.get('/:id/entregas', async (c) => {
    adminOf(c);
    return listJson(c, await listDeliveries(db, webhookId(c)));
  });
  r.post('/:id/entregas/:entrega/reenviar', async (c) => {
    adminOf(c);
    return c.json(await resendDelivery(db, webhookId(c), idParam(c, 'entrega', 'Entrega não encontrada.'), opts.retry));
  });
  return r;
}
