/**
 * The person's devices for push notifications (issue 41), `/api/v1/push`:
 * - `GET /chave`: the server's VAPID public key (the `applicationServerKey` of the browser's subscribe);
 * - `GET /assinaturas`: the caller's devices;
 * - `POST /assinaturas`: turns notifications on for this device (the browser's subscription,
 *   checked by src/server/push/subscription.ts); the same endpoint sent again is updated, and moves
 *   to the caller when someone else had subscribed it on that browser;
 * - `DELETE /assinaturas/{id}`: turns a device off (the caller's own only).
 * What is sent to the devices, and when, is src/server/notifications/.
 */
import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody } from '../crud/routes';
import { vapidKeys } from '../notifications/vapid';
import { deviceName } from '../sessions/device';
import type { PushDevice, PushKey } from '../../../resources/notificacoes';
import { parseSubscription } from './subscription';
import { listJson } from '../http/list-answer';

/** Devices kept per person: subscribing one more forgets the least recently used. */
export const MAX_DEVICES = 20;

interface DeviceRow {
  id: string;
  aparelho: string;
  endpoint: string;
  criada_em: Date | string;
  ultimo_envio_em: Date | string | null;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const asDevice = (r: DeviceRow): PushDevice => ({
  id: Number(r.id),
  aparelho: r.aparelho,
  servico: new URL(r.endpoint).hostname,
  endpoint: r.endpoint,
  criadoEm: iso(r.criada_em),
  ultimoEnvioEm: r.ultimo_envio_em ? iso(r.ultimo_envio_em) : null,
});

function emailOf(c: Context<AppEnv>): string {
  const email = c.get('user').email?.toLowerCase();
  if (!email) throw new ApiError(403, 'Seu usuário não tem e-mail: não há notificações a enviar.');
  return email;
}

export function pushRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  r.get('/chave', (c) => {
    emailOf(c);
    return c.json({ chavePublica: vapidKeys().publicKey } satisfies PushKey);
  });
  r.get('/assinaturas', async (c) => {
    const rows = await sql<DeviceRow>`select id, aparelho, endpoint, criada_em, ultimo_envio_em from push_assinatura
      where email = ${emailOf(c)} order by criada_em desc, id desc`.execute(db);
    return listJson(c, rows.rows.map(asDevice));
  });
  r.post('/assinaturas', async (c) => {
    const email = emailOf(c);
    const sub = parseSubscription(await jsonBody(c.req.raw));
    const aparelho = sub.aparelho ?? deviceName(c.req.header('user-agent'));
    const row = await db.transaction().execute(async (trx) => {
      const saved = await sql<DeviceRow>`insert into push_assinatura (email, endpoint, p256dh, auth, aparelho)
        values (${email}, ${sub.endpoint}, ${sub.keys.p256dh}, ${sub.keys.auth}, ${aparelho})
        on conflict (endpoint) do update set email = excluded.email, p256dh = excluded.p256dh, auth = excluded.auth,
          aparelho = excluded.aparelho, erro = null
        returning id, aparelho, endpoint, criada_em, ultimo_envio_em`.execute(trx);
      await sql`delete from push_assinatura where id in (
        select id from push_assinatura where email = ${email}
        order by coalesce(ultimo_envio_em, criada_em) desc, id desc offset ${MAX_DEVICES})`.execute(trx);
      return saved.rows[0];
    });
    return c.json(asDevice(row), 201);
  });
  r.delete('/assinaturas/:id', async (c) => {
    const email = emailOf(c);
    const id = c.req.param('id');
    const gone = /^\d{1,15}$/.test(id)
      ? await sql`delete from push_assinatura where id = ${Number(id)} and email = ${email}`.execute(db)
      : { numAffectedRows: BigInt(0) };
    if (!Number(gone.numAffectedRows ?? 0)) throw new ApiError(404, 'Aparelho não encontrado entre os seus.');
    return c.body(null, 204);
  });
  return r;
}
