/**
 * Each person's own preferences, kept by e-mail: whether they receive the daily digest of what
 * waits for them (issue 25) and, per kind of notice, on which channels they are told (issue 41:
 * e-mail, push to their devices, daily digest; src/server/notifications/preferences.ts). A person
 * without a row has the defaults. `GET/PUT /api/v1/preferencias` read and change the caller's own
 * row only; `resumoDiario` stays as it was (it is `notificacoes.pendencia.resumo`).
 */
import { Hono } from 'hono';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody } from '../crud/routes';
import type { PortalUser } from '../../access/user';
import { parsePreferencesChange, readPreferences, writePreferences } from '../notifications/preferences';

export { readPreferences } from '../notifications/preferences';
export type { Preferences } from '../../../resources/notificacoes';

export const PREFERENCES_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS preferencia_usuario (
     email text primary key, resumo_diario boolean not null default true,
     atualizado_em timestamptz not null default now())`,
  // Per kind and channel, only what the person changed from the defaults (issue 41).
  `ALTER TABLE preferencia_usuario ADD COLUMN IF NOT EXISTS notificacoes jsonb not null default '{}'::jsonb`,
];

export function preferencesRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  const emailOf = (c: { get: (k: 'user') => unknown }) => {
    const email = (c.get('user') as PortalUser).email?.toLowerCase();
    if (!email) throw new ApiError(403, 'Seu usuário não tem e-mail: não há preferências a guardar.');
    return email;
  };
  r.get('/', async (c) => c.json(await readPreferences(db, emailOf(c))));
  r.put('/', async (c) => {
    const email = emailOf(c);
    const change = parsePreferencesChange(await jsonBody(c.req.raw));
    await db.transaction().execute((trx) => writePreferences(trx, email, change));
    return c.json(await readPreferences(db, email));
  });
  return r;
}
