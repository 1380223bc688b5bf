/**
 * Authentication by API key (issue 41). `createApp` wraps its `authenticate` with this: a request
 * carrying a key (`Authorization: Bearer ptl_…` or `X-API-Key: ptl_…`, told from an ID token by its
 * prefix) is the key's service account, as a `PortalUser` of staff kind with the account's roles,
 * sites and companies, so the same CASL rules apply (`defineAbilityFor`, cached like a person's). The
 * key and its account are read on every request (one indexed read): a revoked or expired key, or a
 * deactivated account, is refused from its next request on, in every process. Its use (time and
 * address) is written at most once a minute, and at once from a new address.
 *
 * `guard`, mounted just before the API's authentication middleware, answers:
 * - 400 `chave-api-cabecalho` to a key sent anywhere else (another scheme, no scheme, the URL);
 * - 401 `chave-invalida`, `chave-revogada`, `chave-expirada`, `conta-servico-inativa`;
 * - 403 `chave-somente-leitura` to any write (a method other than GET, HEAD, OPTIONS) of a read-only key.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { normalizeUser, type PortalUser } from '../../access/user';
import { SERVICE_ACCOUNT_TIPO, serviceAccountLabel } from '../../../resources/service-accounts';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { errorBody } from '../http/errors';
import { clientIp } from '../http/client-ip';
import { apiKeyMatches, apiKeyOf, apiKeyPrefix } from '../auth/api-key';
import { formatDateTimeBr } from '../time';
import { keyRecord, touchKey } from './store';

export interface KeyCaller {
  user: PortalUser;
  keyId: number;
  prefixo: string;
  somenteLeitura: boolean;
}

type Resolution =
  { kind: 'none' } | { kind: 'misplaced'; message: string } | { kind: 'refused'; message: string; codigo: string } | { kind: 'ok'; caller: KeyCaller };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const list = (v: unknown): string[] => {
  const x = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : [];
};
const when = (v: string) => formatDateTimeBr(new Date(v)).replace(', ', ' ');
const ASK = 'Peça uma nova chave a um administrador do portal.';

/** Whether the user is a service account (a key's caller). */
export const isServiceAccount = (user: PortalUser | undefined): boolean => user?.tipo === SERVICE_ACCOUNT_TIPO;

/** The user a key acts as. */
export function serviceAccountUser(conta: { id: number; nome: string; email: string; roles: string[]; obra: string[]; empresa: string[] }): PortalUser {
  return normalizeUser({
    id_user: `conta-servico:${conta.id}`,
    username: conta.email,
    email: conta.email,
    name: serviceAccountLabel(conta.nome),
    empresa: conta.empresa,
    obra: conta.obra,
    roles: conta.roles,
    tipo: SERVICE_ACCOUNT_TIPO,
  });
}

/**
 * The user an active account acts as, by its id, or undefined (unknown or deactivated): for whatever
 * acts as an account without a key — a webhook subscription's payload is read with its rights.
 */
export async function accountUser(db: Db, id: number): Promise<PortalUser | undefined> {
  const r = await sql<{ id: string; nome: string; email: string; roles: unknown; obra: unknown; empresa: unknown; ativo: boolean }>`
    select id, nome, email, roles, obra, empresa, ativo from conta_servico where id = ${id}`.execute(db);
  const row = r.rows[0];
  if (!row?.ativo) return undefined;
  return serviceAccountUser({ id: Number(row.id), nome: row.nome, email: row.email, roles: list(row.roles), obra: list(row.obra), empresa: list(row.empresa) });
}

async function resolve(db: Db, c: Context): Promise<Resolution> {
  const presence = apiKeyOf(c);
  if (presence.kind !== 'key') return presence;
  const prefixo = apiKeyPrefix(presence.key);
  const k = prefixo ? await keyRecord(db, prefixo) : undefined;
  if (!k || !apiKeyMatches(presence.key, k.hash))
    return {
      kind: 'refused',
      codigo: 'chave-invalida',
      message: `Chave de API inválida. Confira se ela foi copiada inteira; se foi perdida, ${ASK.toLowerCase()}`,
    };
  if (k.revogadaEm) return { kind: 'refused', codigo: 'chave-revogada', message: `Esta chave de API foi revogada em ${when(k.revogadaEm)}. ${ASK}` };
  if (Date.parse(k.expiraEm) <= Date.now())
    return { kind: 'refused', codigo: 'chave-expirada', message: `Esta chave de API expirou em ${when(k.expiraEm)}. ${ASK}` };
  if (!k.conta.ativo)
    return {
      kind: 'refused',
      codigo: 'conta-servico-inativa',
      message: `A conta de serviço “${k.conta.nome}” está desativada: as suas chaves não são aceitas. Fale com um administrador do portal.`,
    };
  await touchKey(db, k, clientIp(c));
  return { kind: 'ok', caller: { user: serviceAccountUser(k.conta), keyId: k.id, prefixo: k.prefixo, somenteLeitura: k.somenteLeitura } };
}

export function serviceAccountAuth(db: Db) {
  const memo = new WeakMap<Request, Promise<Resolution>>();
  const resolved = (c: Context): Promise<Resolution> => {
    let r = memo.get(c.req.raw);
    if (!r) memo.set(c.req.raw, (r = resolve(db, c)));
    return r;
  };

  /** `authenticate` with keys: the key's account, else (no key at all) the wrapped authentication. */
  const authenticate =
    (inner: (c: Context) => Promise<PortalUser | null>) =>
    async (c: Context): Promise<PortalUser | null> => {
      const r = await resolved(c);
      if (r.kind === 'ok') return r.caller.user;
      return r.kind === 'none' ? inner(c) : null;
    };

  /** The rate limit's counter of a key's request (its own budget), or undefined. */
  const rateKey = async (c: Context): Promise<string | undefined> => {
    const r = await resolved(c).catch(() => undefined);
    return r?.kind === 'ok' ? r.caller.prefixo : undefined;
  };

  const guard: MiddlewareHandler = async (c, next) => {
    const r = await resolved(c);
    if (r.kind === 'misplaced') return c.json({ ...errorBody(400, r.message), codigo: 'chave-api-cabecalho' }, 400);
    if (r.kind === 'refused') return c.json({ ...errorBody(401, r.message), codigo: r.codigo }, 401, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    if (r.kind === 'ok' && r.caller.somenteLeitura && !READS.has(c.req.method))
      return c.json(
        {
          ...errorBody(403, 'Esta chave de API é somente leitura: ela consulta, mas não grava. Use uma chave de leitura e gravação da mesma conta de serviço.'),
          codigo: 'chave-somente-leitura',
        },
        403,
      );
    await next();
  };

  return { authenticate, rateKey, guard };
}
