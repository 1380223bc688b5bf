/**
 * The personal calendar feed (issue 41).
 * - Public (no sign-in: calendar apps cannot sign in; the token in the address is the credential,
 *   counted by the API's anonymous rate limit): `GET /calendario/{token}.ics`. An unknown, revoked
 *   or malformed token, and the token of a person now inactive, all answer the same 404.
 * - The signed-in person's own address, `/calendario/endereco`: `GET` (status), `POST` (issue a
 *   new one, the previous stops working; the address is shown only in this answer), `DELETE`.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { ApiError, errorBody } from '../http/errors';
import { serverConfig } from '../config';
import { calendarFeedPath, type CalendarFeedIssued } from '../../../resources/calendar-feed';
import { feedEvents, type FeedDeps } from './feed';
import { renderCalendar } from './ics';
import { feedOwner, feedStatus, issueFeed, revokeFeed } from './store';

export const FEED_NOT_FOUND = 'Endereço de calendário não encontrado. Ele pode ter sido desativado ou trocado por um novo no perfil do portal.';

/** Mounted at `/calendario` before the authentication. */
export function calendarFeedPublicRoutes(deps: FeedDeps) {
  const r = new Hono<AppEnv>();
  // Only `….ics` is public: `/calendario/endereco` goes on to the signed-in routes.
  r.get('/:arquivo', async (c, next) => {
    const arquivo = c.req.param('arquivo');
    if (arquivo === 'endereco') return next();
    const stored = arquivo.endsWith('.ics') ? await feedOwner(deps.db, arquivo.slice(0, -'.ics'.length)) : undefined;
    const feed = stored && (await feedEvents(deps, stored));
    if (!feed) return c.json(errorBody(404, FEED_NOT_FOUND), 404);
    return c.body(renderCalendar(feed.name, feed.events), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="portal.ics"',
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    });
  });
  return r;
}

function emailOf(c: Context<AppEnv>): string {
  const email = c.get('user').email?.toLowerCase();
  if (!email) throw new ApiError(403, 'Seu usuário não tem e-mail: não há agenda pessoal a publicar.');
  return email;
}

/** Mounted at `/calendario` after the authentication. */
export function calendarFeedRoutes(deps: Pick<FeedDeps, 'db'>) {
  const r = new Hono<AppEnv>();
  r.get('/endereco', async (c) => c.json(await feedStatus(deps.db, emailOf(c))));
  r.post('/endereco', async (c) => {
    emailOf(c);
    const { token, criadoEm } = await issueFeed(deps.db, c.get('user'));
    const url = `${serverConfig().publicUrl}/api/v1${calendarFeedPath(token)}`;
    return c.json({ ativo: true, criadoEm, ultimoUsoEm: null, url } satisfies CalendarFeedIssued, 201);
  });
  r.delete('/endereco', async (c) => {
    if (!(await revokeFeed(deps.db, emailOf(c)))) throw new ApiError(404, 'Você não tem endereço de calendário ativo.');
    return c.body(null, 204);
  });
  return r;
}
