/**
 * The access events the API sees itself (issue 35), mounted after the authentication:
 * - a sign-in, when a request first carries a new session: the ID token's `origin_jti` (Cognito
 *   keeps it, and `auth_time`, through the token's renewals, and so does the local identity stack:
 *   src/server/identity/session-claims.ts), else `sub` + `auth_time`, else the token itself;
 *   recorded once per session (unique key in `evento_acesso`), whatever the process;
 * - a file download (`GET /arquivos/<chave>`, not the thumbnails) and a daily report's PDF, with the
 *   record the file belongs to;
 * - an export: the app's export (src/app/views/export-run.ts) sends `X-Portal-Exportacao: xlsx` on
 *   the list requests it makes; the first page is recorded with the module, the filters and the
 *   total. (The rows are the API's; someone calling the API by hand can leave the header out, as
 *   they can read the list without exporting it: the list's own rules are what protects the rows.)
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { requestOrigin, logRequestError } from '../http/request-context';
import { bearerToken } from '../auth/verify';
import { isApiKeyText } from '../auth/api-key';
import { recordAccessEvent } from './access-events';

export const EXPORT_HEADER = 'x-portal-exportacao';

/** The session of a token the authentication accepted. */
export function sessionKeyOf(token: string): string {
  try {
    const claims = decodeJwt(token);
    if (typeof claims.origin_jti === 'string' && claims.origin_jti) return `jti:${claims.origin_jti}`;
    if (claims.sub && typeof claims.auth_time === 'number') return `auth:${claims.sub}:${claims.auth_time}`;
  } catch {
    // not a JWT (the tests' tokens): the token stands for its session
  }
  return `token:${createHash('sha256').update(token).digest('base64url')}`;
}

/** Keys already seen by this process (bounded), so a session costs one insert per process. */
class SeenKeys {
  private keys = new Map<string, number>();
  constructor(private readonly max = 5000) {}
  /** True when `key` was seen within `ttlMs` (and remembers it now otherwise). */
  seen(key: string, ttlMs = Infinity, now = Date.now()): boolean {
    const at = this.keys.get(key);
    if (at !== undefined && now - at < ttlMs) return true;
    if (this.keys.size >= this.max) this.keys.clear();
    this.keys.set(key, now);
    return false;
  }
}

/**
 * The request's ID token: the bearer, or a download's cookie (src/server/auth/middleware.ts). An API
 * key (issue 41) is no session: its use is kept on the key (src/server/service-accounts/store.ts).
 */
export const tokenOf = (c: Context): string | undefined => {
  const token = bearerToken(c.req.header('authorization')) ?? (c.req.path.startsWith('/api/v1/arquivos/') ? getCookie(c, 'portal_id') : undefined);
  return isApiKeyText(token) ? undefined : token;
};

/** The file key of a download path, or undefined (thumbnails, uploads). */
function downloadKey(path: string): string | undefined {
  const m = /^\/api\/v1\/arquivos\/(.+)$/.exec(path);
  if (!m || m[1].endsWith('/thumb')) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
}

async function recordDownload(db: Db, email: string, key: string): Promise<void> {
  const o = requestOrigin();
  await sql`insert into evento_acesso (tipo, usuario, ip, dispositivo, recurso, registro, detalhes, id_requisicao)
    select 'download', ${email}, ${o?.ip ?? null}, ${o?.userAgent ?? null}, v.recurso, cast(v.registro_id as text),
      jsonb_build_object('arquivo', coalesce(a.nome, cast(${key} as text)), 'chave', cast(${key} as text), 'campo', v.campo), ${o?.requestId ?? null}
    from (select 1) um
    left join arquivo a on a.key = ${key}
    left join lateral (select recurso, registro_id, campo from arquivo_vinculo where key = ${key} order by criado_em limit 1) v on true`.execute(db);
}

/** The list's filters as sent (paging left out), for the export's entry. */
function filtersOf(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(url).searchParams) if (k !== '_start' && k !== '_end') out[k] = out[k] ? `${out[k]},${v}` : v;
  return out;
}

export interface AccessTrackingOptions {
  /** Sign-ins seen in the tokens (default true); the local identity stack records its own (src/server/identity/throttle.ts). */
  signIns?: boolean;
}

export function accessTracking(db: Db, opts: AccessTrackingOptions = {}): MiddlewareHandler<AppEnv> {
  const sessions = new SeenKeys();
  const downloads = new SeenKeys(2000);
  return async (c, next) => {
    const user = c.get('user');
    const token = opts.signIns === false ? undefined : tokenOf(c);
    if (token && user.email) {
      const sessao = sessionKeyOf(token);
      if (!sessions.seen(sessao)) {
        await recordAccessEvent(db, { tipo: 'entrada', usuario: user.email, sessao, detalhes: { nome: user.name } }).catch((e) =>
          logRequestError(c, 'warn', 'auditoria: entrada não registrada', e),
        );
      }
    }
    await next();
    if (c.req.method !== 'GET' || c.res.status !== 200) return;
    try {
      const key = downloadKey(c.req.path);
      // The same file again within a minute (a browser reloading an image) is one download.
      if (key && !downloads.seen(`${user.email}\n${key}`, 60_000)) return await recordDownload(db, user.email, key);
      const pdf = /^\/api\/v1\/diarios\/(\d+)\/pdf$/.exec(c.req.path);
      if (pdf) {
        const name = /filename="([^"]+)"/.exec(c.res.headers.get('content-disposition') ?? '')?.[1];
        return void (await recordAccessEvent(db, {
          tipo: 'download',
          usuario: user.email,
          recurso: 'diarios',
          registro: pdf[1],
          detalhes: { arquivo: name ?? 'PDF' },
        }));
      }
      const format = c.req.header(EXPORT_HEADER);
      const start = c.req.query('_start');
      if (format && (!start || start === '0')) {
        const resource = c.req.path.replace(/^\/api\/v1\//, '').split('/')[0];
        const total = Number(c.res.headers.get('x-total-count'));
        await recordAccessEvent(db, {
          tipo: 'exportacao',
          usuario: user.email,
          recurso: resource,
          detalhes: { formato: format.slice(0, 10), filtros: filtersOf(c.req.url), ...(Number.isFinite(total) ? { total } : {}) },
        });
      }
    } catch (e) {
      logRequestError(c, 'warn', 'auditoria: acesso não registrado', e);
    }
  };
}
