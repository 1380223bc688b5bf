/**
 * "Restaurar esta versão" (issue 35): the fields of a record as they were after one of its history
 * entries are written back as a new version, through the ordinary update (permissions, workflow
 * locks, validation, version check), and the history shows it as a restore of that version. The
 * workflow state is not reverted, nor anything the server sets (read-only fields).
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { formatDateTimeBr } from '../time';
import { forbiddenMessage, notFoundMessage } from './messages';
import { readableFields } from './read-fields';
import { stableJson } from './audit';
import { canOn, parseId, readActionOf, selectOne, type Actor, type Row } from './record-access';
import { updateRecord } from './repository';

const NOT_IN_HISTORY = 'Esta versão não está no histórico deste registro.';

/** The values to write back: for each field changed after the entry, its value before the first later change. */
export async function versionValues(db: Db, schema: EntitySchema, id: number, entryId: number): Promise<{ at: Date; values: Record<string, unknown> }> {
  const entry = await db
    .selectFrom('auditoria')
    .select(['id', 'em', 'acao'])
    .where('id', '=', entryId)
    .where('recurso', '=', schema.resource)
    .where('registro_id', '=', id)
    .executeTakeFirst();
  if (!entry || entry.acao === 'delete') throw new ApiError(404, NOT_IN_HISTORY);
  const at = new Date(entry.em as string);
  const later = await db
    .selectFrom('auditoria')
    .select(['alteracoes'])
    .where('recurso', '=', schema.resource)
    .where('registro_id', '=', id)
    // Compared in SQL: a JavaScript date would drop the microseconds PostgreSQL keeps.
    .where(sql<boolean>`(em, id) > (select a.em, a.id from auditoria a where a.id = ${entryId})`)
    .orderBy('em', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const state = schema.workflow?.field;
  const writable = new Set(schema.fields.filter((f) => !f.readOnly && f.name !== state).map((f) => f.name));
  const values: Record<string, unknown> = {};
  for (const h of later) {
    for (const [field, change] of Object.entries((h.alteracoes ?? {}) as Record<string, { de: unknown }>)) {
      if (writable.has(field) && !(field in values)) values[field] = change?.de ?? null;
    }
  }
  return { at, values };
}

export async function revertToVersion(db: Db, schema: EntitySchema, actor: Actor, rawId: string, rawEntry: string): Promise<Row> {
  const id = parseId(schema, rawId);
  if (!/^\d{1,15}$/.test(rawEntry)) throw new ApiError(404, NOT_IN_HISTORY);
  const row = await selectOne(db, schema, id);
  if (!row) throw new ApiError(404, notFoundMessage(schema));
  if (!(await canOn(db, schema, actor, readActionOf(schema), row))) throw new ApiError(403, forbiddenMessage(schema, 'read'));
  const { at, values } = await versionValues(db, schema, id, Number(rawEntry));
  // Only what differs from now is written back.
  for (const k of Object.keys(values)) if (stableJson(values[k]) === stableJson(row[k] ?? null)) delete values[k];
  const readable = readableFields(actor.ability, schema, row);
  if (readable && Object.keys(values).some((f) => !readable.has(f)))
    throw new ApiError(403, 'Esta versão tem campos que você não pode ver; peça a quem pode vê-los para restaurá-la.');
  if (!Object.keys(values).length) throw new ApiError(400, 'Os campos desta versão são iguais aos atuais: não há o que restaurar.');
  return updateRecord(db, schema, actor, rawId, { ...values, version: row.version }, { note: `Restaurada a versão de ${formatDateTimeBr(at)}.` });
}
