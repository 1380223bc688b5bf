/**
 * The thread of an ethics report on its page in the portal (issue 40), mounted before the generic
 * routes of `relatos-etica`:
 *
 *   GET  /api/v1/relatos-etica/:id/mensagens  → { mensagens, podeEnviar, comoAutor }
 *   POST /api/v1/relatos-etica/:id/mensagens  { texto } → the thread
 *
 * Whoever reads the report reads its thread (the investigators, `etica`; a staff reporter their own
 * report). Whoever may edit it (the investigators) writes as 'apuracao' — the reporter of a public
 * report reads it on the follow-up page; the staff member who filed it writes as 'relator' (nothing
 * about them kept with the message). A finished report takes no more messages (409).
 */
import { Hono, type Context } from 'hono';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf, jsonBody } from '../crud/routes';
import { canOn, parseId, selectOne } from '../crud/record-access';
import { notFoundMessage } from '../crud/messages';
import { addMessage, messageText, refuseIfFinished, threadOf, type Author } from './thread';

export function ethicsThreadRoutes(db: Db) {
  const schema = schemaByName('relatoEtica') as EntitySchema;
  const r = new Hono<AppEnv>();

  /** The report and how the caller takes part (404 when they may not read it: its existence is not told). */
  async function standing(c: Context<AppEnv>, trx: Db = db, lock = false) {
    const actor = actorOf(c);
    const id = parseId(schema, c.req.param('id') ?? '');
    const record = await selectOne(trx, schema, id, lock);
    if (!record || !(await canOn(trx, schema, actor, 'read', record))) throw new ApiError(404, notFoundMessage(schema));
    const own = typeof record.emailRelator === 'string' && record.emailRelator.toLowerCase() === actor.email.toLowerCase();
    const as: Author | null = own ? 'relator' : (await canOn(trx, schema, actor, 'edit', record)) ? 'apuracao' : null;
    return { actor, id, record, as };
  }

  r.get('/:id/mensagens', async (c) => {
    const { id, record, as } = await standing(c);
    return c.json({ mensagens: await threadOf(db, id, true), podeEnviar: as !== null && record.status !== 'Finalizada', comoAutor: as });
  });

  r.post('/:id/mensagens', async (c) => {
    const body = await jsonBody(c.req.raw);
    const id = await db.transaction().execute(async (trx) => {
      const { actor, id, record, as } = await standing(c, trx, true);
      if (!as) throw new ApiError(403, 'Só a equipe de apuração e quem fez o relato escrevem nesta conversa.');
      refuseIfFinished(record.status);
      await addMessage(trx, id, as, messageText(body), { email: actor.email, nome: actor.name });
      return id;
    });
    return c.json({ mensagens: await threadOf(db, id, true) }, 201);
  });

  return r;
}
