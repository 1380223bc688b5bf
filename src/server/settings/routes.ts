/**
 * `GET/PUT /api/v1/configuracoes`: the portal settings (declared.ts) with their declarations, so
 * the administrators' form is built from what the API answers. Staff read them; only whoever
 * manages `Configuracao` (acesso_total) changes them.
 */
import { Hono } from 'hono';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody } from '../crud/routes';
import { PORTAL_SETTINGS } from './declared';
import { parseSettings, readSettings, writeSettings } from './store';

export function settingsRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  const answer = async (c: { get: (k: 'ability') => AppEnv['Variables']['ability'] }, values?: Awaited<ReturnType<typeof readSettings>>) => ({
    declaracoes: PORTAL_SETTINGS,
    valores: values ?? (await readSettings(db)),
    podeAlterar: c.get('ability').can('manage', 'Configuracao'),
  });
  r.get('/', async (c) => {
    if (!c.get('ability').can('read', 'Configuracao')) throw new ApiError(403, 'As configurações do portal são só para colaboradores.');
    return c.json(await answer(c));
  });
  r.put('/', async (c) => {
    if (!c.get('ability').can('manage', 'Configuracao')) throw new ApiError(403, 'Só os administradores alteram as configurações do portal.');
    const values = parseSettings(await jsonBody(c.req.raw));
    return c.json(await answer(c, await writeSettings(db, values, c.get('user').email)));
  });
  return r;
}
