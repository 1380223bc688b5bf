/**
 * An entity administrator's import may put a record in any declared state of its workflow (the
 * administrators' "Alterar situação" needs the same `manage` right): written as a step named
 * "Importação" in the history, with the file and line as its comment, and the SLA clocks updated.
 */
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { ApiError } from '../http/errors';
import { diffRecords, writeAudit } from '../crud/audit';
import { type Actor, type Row } from '../crud/record-access';
import { toColumnValues as toColumns } from '../db/columns';
import { stripUnreadable } from '../crud/read-fields';
import { applySla } from '../sla/engine';
import { stateLabel, stateOf } from '../workflow/definition';

export const IMPORT_STEP = { name: 'importacao', label: 'Importação' };

export async function setStateByImport(trx: Db, schema: EntitySchema, actor: Actor, before: Row, to: string, note: string): Promise<Row> {
  const wf = schema.workflow!;
  if (!stateOf(wf, to)) {
    const msg = `Situação desconhecida: "${to}".`;
    throw new ApiError(400, msg, { [wf.field]: [msg] });
  }
  if (!actor.ability.can('manage' as never, subject(schema.subject, { ...before }) as never)) {
    const msg = `Só administradores definem a situação na importação ("${stateLabel(wf, to)}").`;
    throw new ApiError(403, msg, { [wf.field]: [msg] });
  }
  const r = await trx
    .updateTable(schema.name)
    .set({ ...toColumns(schema, { [wf.field]: to }, 'update'), version: sql`version + 1`, updated_at: sql`now()`, updated_by: actor.email })
    .where('id', '=', before.id)
    .where('version', '=', before.version)
    .returning(sql<Row>`to_jsonb(${sql.table(schema.name)}.*)`.as('row'))
    .executeTakeFirst();
  if (!r) throw new ApiError(409, 'Este registro foi alterado por outra pessoa. Simule de novo.');
  const after = flattenExtra(r.row as Row);
  await writeAudit(trx, schema, before.id, 'transition', actor.email, diffRecords(schema, before, after), {
    transition: { ...IMPORT_STEP, from: String(before[wf.field] ?? ''), to },
    comment: note,
  });
  return stripUnreadable(actor.ability, schema, await applySla(trx, schema, after));
}
