/**
 * Opening an SGI record from another record's finding (a checklist's non-conformity, an RIT's
 * finding, issue 40): the record is created as a draft with the link back to its origin, then sent
 * to triage through the workflow's declared step, so the SGI team takes it up (the team is e-mailed).
 * Both writes are in the caller's transaction and in the record's history.
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import { flattenExtra, toColumnValues } from '../db/columns';
import { diffRecords, writeAudit } from '../crud/audit';
import { queueTransitionMail } from '../workflow/notify';

type Row = Record<string, unknown>;

/** Creates the SGI record (`values`, status RASCUNHO) and sends it to triage; returns it as stored. `why`: "não conformidade do checklist". */
export async function openSgiInTriage(trx: Db, values: Row, actor: { email: string; name?: string } | undefined, why: string): Promise<Row> {
  const sgi = schemaByName('ticketSgi')!;
  const by = actor?.email ?? 'sistema';
  const inserted = await trx
    .insertInto(sgi.name)
    .values({ ...toColumnValues(sgi, { ...values, status: 'RASCUNHO' }, 'insert'), created_by: by, updated_by: by })
    .returning(sql<Row>`to_jsonb(${sql.table(sgi.name)}.*)`.as('row'))
    .executeTakeFirstOrThrow();
  const draft = flattenExtra(inserted.row as Row);
  await writeAudit(trx, sgi, Number(draft.id), 'create', by, diffRecords(sgi, {}, draft));
  const step = sgi.workflow!.transitions.find((t) => t.name === 'enviar-triagem')!;
  const moved = await sql<{ row: Row }>`
    update ${sql.table(sgi.name)} set status = ${step.to!}, version = version + 1, updated_at = now(), updated_by = ${by}
    where id = ${Number(draft.id)} returning to_jsonb(${sql.table(sgi.name)}.*) as row`.execute(trx);
  const after = flattenExtra(moved.rows[0].row);
  const label = `${step.label} (${why})`;
  await writeAudit(trx, sgi, Number(draft.id), 'transition', by, diffRecords(sgi, draft, after), {
    transition: { name: step.name, label, from: String(draft.status), to: step.to! },
    comment: null,
  });
  await queueTransitionMail(trx, sgi, draft, after, { label }, actor ?? { email: by });
  return after;
}
