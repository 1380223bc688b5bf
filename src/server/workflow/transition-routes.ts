/**
 * The transitions' routes of an entity whose schema has a workflow, added to its CRUD routes
 * (`crudRoutes`, src/server/crud/routes.ts) through the engine's lifecycle (src/server/crud/lifecycle.ts):
 * `GET /:id/transitions` (what the caller may do now) and `POST /:id/transitions/:name`.
 */
import type { Hono } from 'hono';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { listJson } from '../http/list-answer';
import { actorOf, jsonBody } from '../crud/routes';
import { listTransitions, takeTransition } from './transition';

export function transitionRoutes(r: Hono<AppEnv>, db: Db, current: () => EntitySchema): void {
  if (!current().workflow) return;
  r.get('/:id/transitions', async (c) => listJson(c, await listTransitions(db, current(), actorOf(c), c.req.param('id'))));
  r.post('/:id/transitions/:name', async (c) =>
    c.json(await takeTransition(db, current(), actorOf(c), c.req.param('id'), c.req.param('name'), await jsonBody(c.req.raw))),
  );
}
