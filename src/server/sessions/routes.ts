/**
 * The caller's own sessions (issue 35), for everyone, staff and external users alike:
 * - `guard`, after the authentication: records the session's use (store.ts) and refuses a request
 *   of an ended session with 401 `codigo: 'sessao-encerrada'` (the app signs out and says why);
 * - `GET /sessoes`: the active sessions, most recently used first, the current one marked;
 * - `DELETE /sessoes/:id` ("Sair deste"): that session ends; its tokens are refused from the next
 *   request on, in every process;
 * - `POST /sessoes/sair-de-todos`: every session of the caller ends, the current one included, and
 *   the identity provider signs the person out everywhere (refresh tokens revoked: no device gets a
 *   new token).
 * Each ending is an entry of the audit trail (`encerramento_sessao`: who ended it, whose, which
 * device), written in the ending's transaction; an open live stream of an ended session is cut by
 * the hub (`streamCheck`, src/server/events/hub.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { decodeJwt } from 'jose';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError, errorBody } from '../http/errors';
import { logRequestError, requestOrigin } from '../http/request-context';
import { sessionKeyOf, tokenOf } from '../audit/access-tracking';
import { recordAccessEvent } from '../audit/access-events';
import type { IdentityAdmin } from '../site-users/identity-admin';
import { deviceName, placeName } from './device';
import { SESSION_ENDED, activeSessions, endAllSessions, endSession, sessionEnded, type OnEnded } from './store';
import { listJson } from '../http/list-answer';

/** The token's `auth_time` (seconds), when it is a JWT that has one. */
function authTimeOf(token: string): number | undefined {
  try {
    const t = decodeJwt(token).auth_time;
    return typeof t === 'number' && Number.isFinite(t) ? t : undefined;
  } catch {
    return undefined;
  }
}

const iso = (v: Date | string) => new Date(v).toISOString();

export interface SessionsFeature {
  guard: MiddlewareHandler<AppEnv>;
  routes: Hono<AppEnv>;
  /** Whether the request's session is still open, asked again later (a live stream's check); no use is recorded. */
  streamCheck(c: Context<AppEnv>): () => Promise<boolean>;
}

/** The audit trail's entry of an ending: `by` ended `email`'s session(s), one (`uma`) or all (`todas`). */
const auditEnding =
  (by: string, email: string, escopo: 'uma' | 'todas'): OnEnded =>
  async (trx, ended) => {
    const one = escopo === 'uma' ? ended[0] : undefined;
    await recordAccessEvent(trx, {
      tipo: 'encerramento_sessao',
      usuario: by,
      detalhes: {
        titular: email.toLowerCase(),
        escopo,
        sessoes: ended.length,
        ...(one ? { dispositivo: deviceName(one.agente), local: placeName(one.ip), ip: one.ip } : {}),
      },
    });
  };

export function sessionsFeature(db: Db, identityAdmin?: IdentityAdmin): SessionsFeature {
  /** The request's session key, or undefined (no token: nothing to track). */
  const keyOf = (c: Context<AppEnv>) => {
    const token = tokenOf(c);
    return token ? { key: sessionKeyOf(token), authTime: authTimeOf(token) } : undefined;
  };

  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const email = c.get('user').email;
    const session = keyOf(c);
    if (email && session) {
      const origin = requestOrigin();
      const ended = await sessionEnded(db, { ...session, email, ip: origin?.ip, userAgent: origin?.userAgent });
      if (ended) return c.json({ ...errorBody(401, SESSION_ENDED.message), codigo: SESSION_ENDED.codigo }, 401);
    }
    await next();
  };

  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    const current = keyOf(c)?.key;
    // The current one is in use now (its stored last use may be up to a minute old): first.
    const rows = (await activeSessions(db, c.get('user').email)).sort((a, b) => Number(b.chave === current) - Number(a.chave === current));
    return listJson(
      c,
      rows.map((r) => ({
        id: Number(r.id),
        dispositivo: deviceName(r.agente),
        local: placeName(r.ip),
        ip: r.ip,
        iniciadaEm: iso(r.iniciada_em),
        ultimoUso: r.chave === current ? new Date().toISOString() : iso(r.ultimo_uso),
        atual: r.chave === current,
      })),
    );
  });

  routes.post('/sair-de-todos', async (c) => {
    const user = c.get('user');
    if (!user.email) throw new ApiError(403, 'Esta conta não tem sessões a encerrar.');
    const encerradas = await endAllSessions(db, user.email, user.email, auditEnding(user.email, user.email, 'todas'));
    let provedor = false;
    if (identityAdmin) {
      try {
        const account = await identityAdmin.findUserByEmail(user.email);
        if (account) {
          await identityAdmin.signOutEverywhere(account.username);
          provedor = true;
        }
      } catch (e) {
        // The API's refusal holds on its own: the sessions are ended whatever the provider says.
        logRequestError(c, 'error', 'sessões: saída global no provedor de identidade falhou', e);
      }
    }
    return c.json({ encerradas, provedor, mensagem: 'Você saiu de todas as sessões.' });
  });

  routes.delete('/:id', async (c) => {
    const user = c.get('user');
    const id = Number(c.req.param('id'));
    const done =
      Number.isSafeInteger(id) && id > 0 && user.email ? await endSession(db, user.email, id, user.email, auditEnding(user.email, user.email, 'uma')) : false;
    // Someone else's session, or an ended one: as if it did not exist.
    if (!done) throw new ApiError(404, 'Sessão não encontrada.');
    return c.json({ id, mensagem: 'Sessão encerrada.' });
  });

  const streamCheck = (c: Context<AppEnv>) => {
    const email = c.get('user').email;
    const session = keyOf(c);
    if (!email || !session) return async () => true;
    return async () => !(await sessionEnded(db, { ...session, email, touch: false }));
  };

  return { guard, routes, streamCheck };
}
