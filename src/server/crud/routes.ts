import { Hono } from 'hono';
import type { EntitySchema } from '../../../schemas/kinds';
import type { AppEnv } from '../http/env';
import type { Db } from '../db/connect';
import { jsonBody } from '../http/input-guards';
import { parseListParams } from './list-query';
import { aggregateRecords, parseAggregateParams } from './aggregate';
import { refuseUnreadableQuery, searchableFor } from './query-fields';
import { refuseMailProbe, searchableForReader } from './external-privacy';
import type { PortalUser } from '../../access/user';
import { isExternalUser } from '../../access/user';
import { createRecord, deleteRecord, getRecord, listRecords, recordHistory, updateRecord, type Actor } from './repository';
import type { WorkflowActor } from './record-access';
import { engineLifecycle } from './lifecycle';
import { revertToVersion } from './record-revert';
import { listJson } from '../http/list-answer';

/** The signed-in caller as the repository and the workflow engine see it. */
export const actorOf = (c: { get: (k: 'user' | 'ability') => any }): Actor & WorkflowActor => {
  const user = c.get('user') as PortalUser;
  return { email: user.email, name: user.name, ability: c.get('ability'), client: isExternalUser(user), roles: user.roles, emNomeDe: user.emNomeDe };
};

export { jsonBody };

/**
 * The simple-rest routes of one entity, all driven by its schema. Given a getter, each request uses
 * the schema it returns then (the effective schema with the administrators' overlay,
 * src/server/schema-config); the routes themselves (e.g. transitions) follow the schema given at start.
 */
export function crudRoutes(db: Db, schemaOrGetter: EntitySchema | (() => EntitySchema)) {
  const current = typeof schemaOrGetter === 'function' ? schemaOrGetter : () => schemaOrGetter;
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => {
    const actor = actorOf(c);
    const schema = searchableForReader(actor, searchableFor(c.get('ability'), current()));
    const params = parseListParams(schema, c.req.queries());
    refuseUnreadableQuery(c.get('ability'), schema, params);
    refuseMailProbe(actor, schema, params); // decision 29: no probing of staff addresses
    const { rows, total, kind } = await listRecords(db, schema, actor, params);
    c.header('x-total-count', String(total));
    if (kind === 'estimate') c.header('x-total-count-estimate', 'true');
    if (kind === 'atLeast') c.header('x-total-count-at-least', 'true');
    // Without `_start`/`_end` the list stops at LIST_MAX rows; the header says whether rows were left out.
    if (params.unpaged) c.header('x-list-truncated', String(rows.length >= params.end - params.start && total > rows.length));
    return c.json(rows);
  });
  // Before `/:id`, so that "aggregate" is not read as an id.
  r.get('/aggregate', async (c) => {
    const schema = searchableForReader(actorOf(c), current());
    const params = parseAggregateParams(schema, c.req.queries(), c.get('ability'));
    refuseUnreadableQuery(c.get('ability'), schema, params.filters);
    refuseMailProbe(actorOf(c), schema, params.filters, params.groupBy);
    return c.json(await aggregateRecords(db, schema, actorOf(c), params));
  });
  r.get('/:id', async (c) => c.json(await getRecord(db, current(), actorOf(c), c.req.param('id'))));
  r.get('/:id/historico', async (c) => listJson(c, await recordHistory(db, current(), actorOf(c), c.req.param('id'))));
  // "Restaurar esta versão" (issue 35): an earlier version's fields written back as a new version.
  r.post('/:id/historico/:entrada/restaurar', async (c) => c.json(await revertToVersion(db, current(), actorOf(c), c.req.param('id'), c.req.param('entrada'))));
  // The transitions of a schema with a workflow (src/server/workflow/transition-routes.ts, through lifecycle.ts).
  engineLifecycle().recordRoutes(r, db, current);
  r.post('/', async (c) => c.json(await createRecord(db, current(), actorOf(c), await jsonBody(c.req.raw)), 201));
  r.patch('/:id', async (c) => c.json(await updateRecord(db, current(), actorOf(c), c.req.param('id'), await jsonBody(c.req.raw))));
  r.put('/:id', async (c) => c.json(await updateRecord(db, current(), actorOf(c), c.req.param('id'), await jsonBody(c.req.raw))));
  r.delete('/:id', async (c) => c.json(await deleteRecord(db, current(), actorOf(c), c.req.param('id'))));
  return r;
}
