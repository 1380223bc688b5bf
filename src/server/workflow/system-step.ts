/**
 * A declared step the portal takes itself, as the effect of something a schema declares (a client's
 * answer puts a ticket waiting for the client back in service: `clientReplyTakes`, schemas/kinds.ts).
 * Inside the caller's transaction: the record is locked, the step is taken only when it is open from
 * the record's state, and it is recorded in the history with the person whose action caused it and a
 * comment, like any transition; the SLA's clocks are recomputed. No permission check and no
 * workflow e-mail: the cause was already checked and already tells who must know.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { diffRecords, writeAudit } from '../crud/audit';
import { selectOne, type Row } from '../crud/record-access';
import { toColumnValues as toColumns } from '../db/columns';
import { engineLifecycle } from '../crud/lifecycle';
import { findTransition } from './definition';

/** Takes the step `name` on the record when it is open from its state; returns whether it did. */
export async function takeSystemStep(trx: Db, schema: EntitySchema, id: number, name: string, cause: { by: string; comment: string }): Promise<boolean> {
  const wf = schema.workflow;
  const t = wf && findTransition(wf, name);
  if (!wf || !t || !t.to) return false;
  const before = await selectOne(trx, schema, id, true);
  if (!before) return false;
  const state = before[wf.field] as string;
  if (!t.from.includes(state)) return false;
  const r = await trx
    .updateTable(schema.name)
    .set({ ...toColumns(schema, { [wf.field]: t.to }, 'update'), version: sql`version + 1`, updated_at: sql`now()`, updated_by: cause.by })
    .where('id', '=', id)
    .returning(sql<Row>`to_jsonb(${sql.table(schema.name)}.*)`.as('row'))
    .executeTakeFirst();
  if (!r) return false;
  const after = flattenExtra(r.row as Row);
  await writeAudit(trx, schema, id, 'transition', cause.by, diffRecords(schema, before, after), {
    transition: { name: t.name, label: t.label, from: state, to: t.to },
    comment: cause.comment,
  });
  await engineLifecycle().afterStore(trx, schema, after); // the SLA's clocks (src/server/sla)
  return true;
}
