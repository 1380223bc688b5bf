import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { notFoundMessage, forbiddenMessage } from './messages';
import { deletedRecordAsWas } from './audit';
import { readableFields } from './read-fields';
import { historyFor, namesOf } from './external-privacy';
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
    .select([
      'id',
      'acao as action',
      'em as at',
      'usuario as user',
      'alteracoes as changes',
      'transicao as transition',
      'comentario as comment',
      'em_nome_de as emNomeDe',
    ])
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
    if (!entry.emNomeDe) delete entry.emNomeDe; // decision 31: only a substitute's writes name the absent person
    if (!entry.transition) delete entry.transition;
    if (!entry.comment) delete entry.comment; // a step's comment, or the trash's and a revert's note
    if (readable) {
      // What the caller may not read of the record is not shown through its history either.
      const changes = (h.changes ?? {}) as Record<string, unknown>;
      entry.changes = Object.fromEntries(Object.entries(changes).filter(([k]) => readable.has(k)));
      if (!readable.has('created_by') && h.user === subjectRow!.created_by) entry.user = null;
    }
    return entry;
  });
  // Decision 29: an external reader gets the absent person (staff) by name, never by address.
  const absent = actor.client ? await namesOf(db, new Set(entries.map((e) => e.emNomeDe).filter((m): m is string => typeof m === 'string'))) : undefined;
  if (absent) for (const e of entries) if (typeof e.emNomeDe === 'string') e.emNomeDe = absent.get(e.emNomeDe) ?? 'Colaborador';
  return historyTitles(db, schema, actor, await historyFor(db, actor, schema, entries));
}
