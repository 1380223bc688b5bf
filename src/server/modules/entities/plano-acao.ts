/** Action plans of SGI records (`schemas/plano-acao.ts`): a supplier's updates; the record finalised with its last plan. */
import { sql } from 'kysely';
import { schemaByName } from '../../../../schemas';
import { flattenExtra } from '../../db/columns';
import { todayIso } from '../../time';
import { writeAudit, diffRecords } from '../../crud/audit';
import { registerEntityHooks } from '../../crud/hooks-registry';
import { registerAfter, type TransitionHook } from '../../workflow/hooks';
import { supplierPlanRows } from '../supplier-rules';
import { countWhere } from './helpers';

/** Concluding the last action plan of an SGI record in progress finalises the record, in the same transaction. */
const finalizarRegistroSgi: TransitionHook = async ({ trx, row, actor, notifyMoved }) => {
  const sgi = schemaByName('ticketSgi')!;
  const r = await sql<{
    row: Record<string, unknown>;
  }>`select to_jsonb(t.*) as row from ${sql.table(sgi.name)} t where id = ${Number(row.ticket)} for update`.execute(trx);
  const ticket = r.rows[0]?.row && flattenExtra(r.rows[0].row);
  if (!ticket || ticket.status !== 'EM ANDAMENTO') return;
  if (await countWhere(trx, 'planoAcao', 'ticket', ticket.id, 'Concluído')) return;
  const u = await sql<{ row: Record<string, unknown> }>`
    update ${sql.table(sgi.name)} set status = 'FINALIZADO', "dataFinalizacao" = ${todayIso()}, version = version + 1,
      updated_at = now(), updated_by = ${actor.email}
    where id = ${Number(ticket.id)} returning to_jsonb(${sql.table(sgi.name)}.*) as row`.execute(trx);
  const after = flattenExtra(u.rows[0].row);
  const label = 'Finalizado automaticamente';
  await writeAudit(trx, sgi, Number(ticket.id), 'transition', actor.email, diffRecords(sgi, ticket, after), {
    transition: { name: 'finalizacao-automatica', label, from: 'EM ANDAMENTO', to: 'FINALIZADO' },
    comment: `Último plano de ação concluído: ${String(row.titulo ?? '')}`,
  });
  await notifyMoved(sgi, ticket, after, label);
};

registerEntityHooks('planoAcao', { beforeChange: supplierPlanRows });
registerAfter('finalizarRegistroSgi', finalizarRegistroSgi);
