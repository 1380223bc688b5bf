/**
 * `/api/v1/pendencias`: the caller's work queue (filters, sort, page), its counts for the header
 * bell, the modules it can hold (the "Módulo" filter), and the bulk action (one step on many
 * records). See ./pendencias.ts.
 */
import { Hono } from 'hono';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { actorOf } from '../crud/routes';
import { declaredRouter } from '../http/declared-route';
import { pendenciasEmLote } from '../../../resources/pendencias';
import { countPendencias, listPendencias, pendingConditions } from './pendencias';
import type { WorkflowActor } from './definition';
import { bulkTransition } from './pendencias-bulk';
import { listJson } from '../http/list-answer';

/**
 * `GET /pendencias/modulos`: the modules whose records can wait for the actor — the "Módulo" filter
 * offers these, from the same conditions the queue runs (issue 36: a client was offered modules it
 * never acts on).
 */
export function pendingModules(schemas: EntitySchema[], actor: WorkflowActor): { resource: string; label: string }[] {
  return schemas
    .filter((s) => pendingConditions(s, actor))
    .map((s) => ({ resource: s.resource, label: s.labelPlural }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
}

export function pendenciasRoutes(db: Db, schemas: EntitySchema[]) {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => {
    const q = (k: string) => c.req.query(k);
    const { total, items } = await listPendencias(db, schemas, actorOf(c), {
      start: q('_start'),
      end: q('_end'),
      resource: q('resource'),
      obra: q('obra'),
      vencimento: q('vencimento'),
      sort: q('_sort'),
      order: q('_order'),
    });
    c.header('x-total-count', String(total));
    return c.json(items);
  });
  r.get('/contagem', async (c) => c.json(await countPendencias(db, schemas, actorOf(c))));
  r.get('/modulos', (c) => listJson(c, pendingModules(schemas, actorOf(c))));
  const { router, add } = declaredRouter('/pendencias');
  add(pendenciasEmLote, async (c, req) => req.reply(200, await bulkTransition(db, schemas, actorOf(c), await req.body())));
  r.route('/', router);
  return r;
}
