/**
 * `/api/v1/contas-servico` (issue 41), for administrators (`managesServiceAccounts`: `acesso_total`);
 * anyone else, a service account's own key included, gets 403:
 * - `GET /` the accounts; `GET /opcoes` the roles, sites and companies an account may be given;
 * - `POST /` creates one, `GET /{id}` reads it with its keys, `PATCH /{id}` changes it (with the
 *   `version` read: 409 when stale);
 * - `POST /{id}/chaves` issues a key (the answer carries it, once), `DELETE /{id}/chaves/{chave}`
 *   revokes one (kept in the list as "Revogada").
 * Bad input: 400 with a pt-BR message per field and nothing stored.
 */
import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import { STAFF_ROLES, roleName } from '../../access/roles';
import { isExternalUser } from '../../access/user';
import { formatCnpj } from '../../../schemas/shared/cnpj';
import { managesServiceAccounts, type ServiceAccountOptions } from '../../../resources/service-accounts';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody } from '../crud/routes';
import { COMPANY } from '../auth/verify';
import { isServiceAccount } from './authenticate';
import { accountDetail, createAccount, issueKey, listAccounts, revokeKey, updateAccount } from './store';
import { checkAccountReferences, parseAccount, parseKey } from './validate';
import { listJson } from '../http/list-answer';

function adminOf(c: Context<AppEnv>): string {
  const user = c.get('user');
  if (isServiceAccount(user)) throw new ApiError(403, 'Uma chave de API não gerencia contas de serviço: entre no portal com a conta de um administrador.');
  if (isExternalUser(user) || !managesServiceAccounts(c.get('ability')))
    throw new ApiError(403, 'Só os administradores do portal gerenciam contas de serviço.');
  return user.email;
}

/** A positive id of the path, or 404 (a junk id names no account). */
function idParam(c: Context<AppEnv>, name: string, what: string): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(404, `${what} não encontrada.`);
  return id;
}

async function options(db: Db): Promise<ServiceAccountOptions> {
  const sites = await sql<{ id: string; nome: string | null }>`select "Id_Lista" as id, nome from obra order by "Id_Lista" limit 2000`.execute(db);
  const companies = await sql<{
    cnpj: string;
    nome: string | null;
  }>`select cnpj, nome from empresa where coalesce(ativo, true) order by nome limit 2000`.execute(db);
  return {
    roles: STAFF_ROLES.map((r) => ({ valor: r, rotulo: roleName(r) })),
    obra: sites.rows.map((s) => ({ valor: s.id, rotulo: s.nome ? `${s.id} — ${s.nome}` : s.id })),
    empresa: [
      { valor: COMPANY, rotulo: `${COMPANY} (colaboradores)` },
      ...companies.rows.map((e) => ({ valor: e.cnpj, rotulo: `${e.nome ?? ''} (${formatCnpj(e.cnpj)})`.trim() })),
    ],
  };
}

export function serviceAccountRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => {
    adminOf(c);
    return listJson(c, await listAccounts(db));
  });
  r.get('/opcoes', async (c) => {
    adminOf(c);
    return c.json(await options(db));
  });
  r.post('/', async (c) => {
    const by = adminOf(c);
    const input = parseAccount(await jsonBody(c.req.raw));
    await checkAccountReferences(db, input);
    return c.json(await createAccount(db, input, by), 201);
  });
  r.get('/:id', async (c) => {
    adminOf(c);
    return c.json(await accountDetail(db, idParam(c, 'id', 'Conta de serviço')));
  });
  r.patch('/:id', async (c) => {
    const by = adminOf(c);
    const id = idParam(c, 'id', 'Conta de serviço');
    const current = await accountDetail(db, id);
    const input = parseAccount(await jsonBody(c.req.raw), current);
    await checkAccountReferences(db, input, id);
    return c.json(await updateAccount(db, id, input, by));
  });
  r.post('/:id/chaves', async (c) => {
    const by = adminOf(c);
    const id = idParam(c, 'id', 'Conta de serviço');
    const input = parseKey(await jsonBody(c.req.raw));
    const issued = await issueKey(db, id, input, by);
    c.header('Cache-Control', 'no-store'); // the key is in this answer only
    return c.json(issued, 201);
  });
  r.delete('/:id/chaves/:chave', async (c) => {
    const by = adminOf(c);
    return c.json(await revokeKey(db, idParam(c, 'id', 'Conta de serviço'), idParam(c, 'chave', 'Chave'), by));
  });
  return r;
}
