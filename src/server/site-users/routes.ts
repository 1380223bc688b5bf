/**
 * `/api/v1/obras/:obra/usuarios` and `/api/v1/fabricacao/:obra/usuarios`: who has access to a site
 * (GET), add a person (POST `{ email, nome?, roles?, empresa? }`; 201 when a client account was
 * created and invited, 200 otherwise), remove a person from the site (DELETE `…/usuarios/:email`).
 */
import { Hono } from 'hono';
import type { SitePeopleScope } from '../../access/site-people';
import { jsonBody } from '../crud/routes';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import type { IdentityAdmin } from './identity-admin';
import { addSitePerson, listSitePeople, removeSitePerson, type SiteActor } from './service';
import { listJson } from '../http/list-answer';

export const actorOf = (c: { get: (k: 'user' | 'ability') => any }): SiteActor => {
  const user = c.get('user');
  return { email: user.email, name: user.name, ability: c.get('ability') };
};

/** The routes of one scope, to mount at `/obras` or `/fabricacao`. */
export function sitePeopleRoutes(db: Db, admin: IdentityAdmin, scope: SitePeopleScope) {
  const r = new Hono<AppEnv>();
  r.get('/:obra/usuarios', async (c) => listJson(c, await listSitePeople(db, admin, actorOf(c), scope, c.req.param('obra'))));
  r.post('/:obra/usuarios', async (c) => {
    const result = await addSitePerson(db, admin, actorOf(c), scope, c.req.param('obra'), await jsonBody(c.req.raw));
    return c.json(result, result.criado ? 201 : 200);
  });
  r.delete('/:obra/usuarios/:email', async (c) => c.json(await removeSitePerson(db, admin, actorOf(c), scope, c.req.param('obra'), c.req.param('email'))));
  return r;
}
