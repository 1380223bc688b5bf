/**
 * The trash's API (issue 35): `GET /lixeira` (list), `POST /lixeira/:id/restaurar` (restore: the
 * delete right on the record as it was) and `DELETE /lixeira/:id` (discard for good: administrators).
 */
import { Hono } from 'hono';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import type { FileStorage } from '../storage/storage';
import { removeStoredFiles } from '../storage/file-access';
import { tableWritten } from '../crud/write-events';
import { actorOf } from '../crud/routes';
import { EXTERNAL_REFUSAL, listTrash } from './list';
import { lockedEntry, mayHandle, restoreEntry } from './restore';
import { discardEntries } from './purge';

const MAX_PAGE = 200;

function page(c: { req: { query: (k: string) => string | undefined } }): { start: number; end: number } {
  const errors: Record<string, string[]> = {};
  const read = (name: '_start' | '_end', fallback: number, min: number): number => {
    const raw = c.req.query(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < min) errors[name] = [`Informe um número inteiro a partir de ${min}.`];
    return n;
  };
  const start = read('_start', 0, 0);
  const end = read('_end', start + 25, 1);
  if (!errors._start && !errors._end && end <= start) errors._end = ['Deve ser maior que _start.'];
  if (Object.keys(errors).length) throw new ApiError(400, 'Paginação inválida.', errors);
  return { start, end: Math.min(end, start + MAX_PAGE) };
}

export function trashRoutes(db: Db, storage?: FileStorage) {
  const r = new Hono<AppEnv>();
  r.get('/', async (c) => {
    const { items, total, dias } = await listTrash(db, actorOf(c), { ...page(c), recurso: c.req.query('recurso'), q: c.req.query('q') });
    c.header('x-total-count', String(total));
    c.header('access-control-expose-headers', 'x-total-count');
    return c.json({ itens: items, total, dias });
  });
  r.post('/:id/restaurar', async (c) => {
    const actor = actorOf(c);
    if (actor.client) throw new ApiError(403, EXTERNAL_REFUSAL);
    const done = await db.transaction().execute(async (trx) => restoreEntry(trx, actor, await lockedEntry(trx, c.req.param('id'))));
    for (const t of done.tables) tableWritten(t);
    return c.json({ recurso: done.schema.resource, id: done.id, mensagem: `${done.schema.label} restaurado da lixeira.` });
  });
  r.delete('/:id', async (c) => {
    const actor = actorOf(c);
    if (actor.client) throw new ApiError(403, EXTERNAL_REFUSAL);
    if (!actor.ability.can('manage', 'all')) throw new ApiError(403, 'Só os administradores excluem definitivamente um item da lixeira.');
    const freed = await db.transaction().execute(async (trx) => {
      const entry = await lockedEntry(trx, c.req.param('id'));
      await mayHandle(trx, actor, entry);
      return discardEntries(trx, [entry.id]);
    });
    if (storage && freed.length) await removeStoredFiles(storage, freed);
    return c.json({ mensagem: 'Item excluído definitivamente.' });
  });
  return r;
}
