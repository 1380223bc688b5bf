import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { notFoundMessage, forbiddenMessage } from './messages';
import { deletedRecordAsWas } from './audit';
import { readableFields } from './read-fields';
import { historyFor } from './external-privacy';
import { historyTitles } from './reference-titles';
import { canOn, parseId, readActionOf, selectOne, type Actor } from './record-access';

export async function recordHistory(db: Db, schema: EntitySchema, actor: Actor, rawId: string) {
  const id = parseId(schema, rawId);
  const row = await selectOne(db, schema, id);
  if (row && !(await canOn(db, schema, actor, readActionOf(schema), row))) throw new ApiError(403, forbiddenMessage(schema, 'read'));
  // A deleted record's history follows the rules of the record it describes, as it was when deleted.
  const subjectRow = row ?? (await deletedRecordAsWas(db, schema, id));
  if (!row && (!subjectRow || !(await canOn(db, schema, actor, readActionOf(schema), subjectRow)))) throw new ApiError(404, notFoundMessage(schema));
  const r = await db
    .selectFrom('auditoria')
    .select(['id', 'acao as action', 'em as at', 'usuario as user', 'alteracoes as changes', 'transicao as transition', 'comentario as comment'])
    .where('recurso', '=', schema.resource)
    .where('registro_id', '=', id)
    .orderBy('em', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  if (!r.length && !row) throw new ApiError(404, notFoundMessage(schema));
  const readable = subjectRow ? readableFields(actor.ability, schema, subjectRow) : undefined;
  const entries = r.map((h) => {
    const entry: Record<string, unknown> = { ...h, id: Number(h.id), at: new Date(h.at as string).toISOString() };
    if (!entry.transition) {
      delete entry.transition;
      delete entry.comment;
    }
    if (readable) {
      // What the caller may not read of the record is not shown through its history either.
      const changes = (h.changes ?? {}) as Record<string, unknown>;
      entry.changes = Object.fromEntries(Object.entries(changes).filter(([k]) => readable.has(k)));
      if (!readable.has('created_by') && h.user === subjectRow!.created_by) entry.user = null;
    }
    return entry;
  });
  return historyTitles(db, schema, actor, await historyFor(db, actor, schema, entries));
}
