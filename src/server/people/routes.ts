/**
 * `GET /api/v1/pessoas?q=…&perfil=…&obra=…`: the portal's people (name and e-mail) for person
 * pickers, searched by name or e-mail, optionally limited to those holding one of the given roles
 * and to the people of one site (its directory rows name it; the caller must read the site, else
 * 404). Staff only: an external user (client, supplier, partner firm) gets 403, so the staff
 * directory is not exposed outside the company.
 */
import { subject } from '@casl/ability';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { quoted } from '../http/input-guards';
import { isExternalUser, type PortalUser } from '../../access/user';
import { serviceAccountPerson } from '../service-accounts/store';

export const PEOPLE_LIMIT = 20;

export interface PersonOption {
  mail: string;
  nome: string;
}

/** The first PEOPLE_LIMIT people found, and how many match in all (the list's `x-total-count`). */
export async function searchPeopleCounted(db: Db, q: string, roles: string[], obra?: string): Promise<{ people: PersonOption[]; total: number }> {
  const text = q.replaceAll('\u0000', '').trim().slice(0, 100);
  const pattern = `%${text.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
  const r = await sql<PersonOption & { total: string | number }>`
    select email as mail, nome, count(*) over () as total from usuario
    where coalesce(ativo, true)
      and (${text} = '' or portal_fold(nome) like portal_fold(${pattern}) or portal_fold(email) like portal_fold(${pattern}))
      and (${roles.length} = 0 or jsonb_exists_any(coalesce(roles, '[]'::jsonb), cast(${roles} as text[])))
      and (cast(${obra ?? null} as text) is null or jsonb_exists(coalesce(obra, '[]'::jsonb), ${obra ?? ''}))
    order by nome, email
    limit ${PEOPLE_LIMIT}`.execute(db);
  return { people: r.rows.map(({ mail, nome }) => ({ mail, nome })), total: Number(r.rows[0]?.total ?? 0) };
}

export async function searchPeople(db: Db, q: string, roles: string[], obra?: string): Promise<PersonOption[]> {
  return (await searchPeopleCounted(db, q, roles, obra)).people;
}

export function peopleRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => {
    if (isExternalUser(c.get('user') as PortalUser)) throw new ApiError(403, 'A lista de pessoas do portal é restrita aos colaboradores.');
    const roles = (c.req.queries('perfil') ?? [])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    // A role name that cannot exist is refused, not dropped: dropping it would widen the answer to everyone.
    const bad = roles.find((v) => !/^[\w.-]{1,60}$/.test(v));
    if (bad !== undefined) throw new ApiError(400, 'Perfil inválido.', { perfil: [`Perfil inválido: "${quoted(bad, 60)}".`] });
    const obra = c.req.query('obra')?.trim() || undefined;
    if (obra !== undefined) {
      // Who works on a site is told only to someone who reads the site.
      // The whole row: a rule may condition on any of its fields (the site manager, the client…).
      const site = await sql<{ row: Record<string, unknown> }>`select to_jsonb(o.*) as row from obra o where "Id_Lista" = ${obra.slice(0, 100)}`.execute(db);
      const row = site.rows[0]?.row;
      if (!row || !c.get('ability').can('read', subject('Obra', { ...row }) as never)) throw new ApiError(404, 'Obra não encontrada.');
    }
    // A service account's address (issue 41) is found only when typed whole: its name in histories, never in a picker.
    const account = !roles.length && obra === undefined ? await serviceAccountPerson(db, c.req.query('q') ?? '') : undefined;
    if (account) return c.json(account, 200, { 'x-total-count': String(account.length) });
    const { people, total } = await searchPeopleCounted(db, c.req.query('q') ?? '', roles, obra);
    c.header('x-total-count', String(total));
    return c.json(people);
  });
  return r;
}
