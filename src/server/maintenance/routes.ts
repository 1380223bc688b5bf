/**
 * The maintenance switch's API (issue 40):
 * - `GET /api/v1/manutencao` (public: the app's guard reads it before and after sign-in): what is in
 *   maintenance now, and every scope that can be (the portal and the modules; `telas`: each screen);
 * - `PUT /api/v1/manutencao/{escopo}` `{ mensagem, fimPrevisto }` and `DELETE /api/v1/manutencao/{escopo}`:
 *   administrators (staff with an unconditional `manage` on `Configuracao`) start, change and end one;
 * - the guard: a write (POST, PUT, PATCH, DELETE) to a resource in maintenance (its screen or its module), or any
 *   write while the whole portal is, answers 503 with `Retry-After` (seconds to the expected end) and
 *   the administrators' message, `codigo: 'manutencao'`; administrators pass. Reads go on.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { MAINTENANCE_SCOPES, bypassesMaintenance, maintenanceScreens, resourceMaintenance, type ActiveMaintenance } from '../../../resources/maintenance';
import { isExternalUser } from '../../access/user';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError, errorBody } from '../http/errors';
import { jsonBody } from '../crud/routes';
import { activeMaintenance, endMaintenance, maintenanceMessage, parseMaintenance, startMaintenance } from './store';

export { maintenanceMessage };

export const MAINTENANCE_CODE = 'manutencao';
/** Retry-After when the expected end has already passed (the maintenance runs over). */
const OVERDUE_RETRY_S = 300;
/** Writes that go on whatever is in maintenance: the switch itself and the person's own session and second factor. */
const ALWAYS_OPEN = new Set(['manutencao', 'sessoes', 'mfa']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Public: what is in maintenance now, and the scopes. */
export function maintenancePublicRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => c.json({ ativas: await activeMaintenance(db), escopos: MAINTENANCE_SCOPES, telas: maintenanceScreens() }));
  return r;
}

function requireAdmin(c: { get: <K extends keyof AppEnv['Variables']>(k: K) => AppEnv['Variables'][K] }): string {
  const user = c.get('user');
  if (isExternalUser(user) || !bypassesMaintenance(c.get('ability'))) throw new ApiError(403, 'Só os administradores colocam o portal em manutenção.');
  return user.email;
}

/** Administrators: start or change (PUT) and end (DELETE) a scope's maintenance. */
export function maintenanceRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  r.put('/:escopo', async (c) => {
    const by = requireAdmin(c);
    const input = parseMaintenance(await jsonBody(c.req.raw));
    return c.json(await startMaintenance(db, c.req.param('escopo'), input, by));
  });
  r.delete('/:escopo', async (c) => {
    const by = requireAdmin(c);
    const escopo = c.req.param('escopo');
    await endMaintenance(db, escopo, by);
    return c.json({ escopo, mensagem: 'Manutenção encerrada.' });
  });
  return r;
}

/** Seconds to the expected end (at least one minute), or 5 minutes once it has passed. */
export function retryAfterSeconds(m: ActiveMaintenance, now: number = Date.now()): number {
  const left = Math.ceil((Date.parse(m.fimPrevisto) - now) / 1000);
  return left > 0 ? Math.max(60, left) : OVERDUE_RETRY_S;
}

/** After authentication: 503 to the writes a maintenance closes, administrators excepted. */
export function maintenanceGuard(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (READS.has(c.req.method)) return next();
    const resource = /^\/api\/v1\/([^/]+)/.exec(c.req.path)?.[1] ?? '';
    if (ALWAYS_OPEN.has(resource)) return next();
    const active = await activeMaintenance(db);
    const m = resourceMaintenance(resource, active);
    if (!m || bypassesMaintenance(c.get('ability'))) return next();
    return c.json(
      { ...errorBody(503, maintenanceMessage(m)), codigo: MAINTENANCE_CODE, escopo: m.escopo, mensagem: m.mensagem, fimPrevisto: m.fimPrevisto },
      503,
      { 'Retry-After': String(retryAfterSeconds(m)) },
    );
  };
}
