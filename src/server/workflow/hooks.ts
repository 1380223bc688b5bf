/**
 * The named server-side checks (`guard`) and effects (`after`) that workflows declare: they look
 * at or change other records than the one moving, inside the same transaction. One function per
 * name, next to nothing else.
 */
import { sql } from 'kysely';
import { SCHEMAS, schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { writeAudit, diffRecords } from '../crud/audit';
import { todayIso } from '../time';
import type { WorkflowActor } from './definition';
import { inviteToSurvey } from '../survey/invitations';
import { flattenExtra } from '../db/columns';

export interface HookContext {
  trx: Db;
  schema: EntitySchema;
  row: Record<string, unknown>;
  actor: WorkflowActor;
  /** Queue the e-mails of a record that moved as a consequence (same transaction). */
  notifyMoved: (schema: EntitySchema, before: Record<string, unknown>, after: Record<string, unknown>, label: string) => Promise<void>;
}

type Hook = (ctx: HookContext) => Promise<void>;

/** Schemas holding `status`-tracked records that point to `schema` through a field named `field`. */
function children(schema: EntitySchema, field: string): EntitySchema[] {
  return SCHEMAS.filter((s) => s.fields.some((f) => f.name === field && f.kind === 'reference' && f.ref === schema.name));
}

async function countWhere(trx: Db, table: string, field: string, id: unknown, statusNot: string): Promise<number> {
  const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(field)} = ${Number(id)} and status is distinct from ${statusNot}`.execute(trx);
  return Number(r.rows[0].n);
}

/** A work order is concluded only when every checklist filled for it is concluded. */
const checklistsConcluidos: Hook = async ({ trx, schema, row }) => {
  let open = 0;
  for (const c of children(schema, 'os')) open += await countWhere(trx, c.name, 'os', row.id, 'Concluído');
  if (open) {
    throw new ApiError(400, `Conclua os checklists desta OS antes de concluí-la: ${open} ainda em preenchimento.`);
  }
};

/** An SGI record is finalised only when all its action plans are concluded. */
const planosConcluidos: Hook = async ({ trx, row }) => {
  const open = await countWhere(trx, 'planoAcao', 'ticket', row.id, 'Concluído');
  if (open) throw new ApiError(400, `Conclua os planos de ação deste registro antes de finalizá-lo: ${open} em aberto.`);
};

/** Concluding the last action plan of an SGI record in progress finalises the record, in the same transaction. */
const finalizarRegistroSgi: Hook = async ({ trx, row, actor, notifyMoved }) => {
  const sgi = schemaByName('ticketSgi')!;
  const r = await sql<{ row: Record<string, unknown> }>`select to_jsonb(t.*) as row from ${sql.table(sgi.name)} t where id = ${Number(row.ticket)} for update`.execute(trx);
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

/** A materials list moves forward only when every item has a quantity above zero (the items are named). */
const itensComQuantidade: Hook = async ({ row }) => {
  const itens = Array.isArray(row.itens) ? (row.itens as { descricao?: unknown; codigo?: unknown; quantidade?: unknown }[]) : [];
  const zero = itens.map((it, i) => ({ it, i })).filter(({ it }) => !(Number(it?.quantidade) > 0));
  if (!zero.length) return;
  const name = ({ it, i }: (typeof zero)[number]) => `${i + 1}. ${String(it?.descricao ?? it?.codigo ?? 'item sem descrição')}`;
  const listed = zero.slice(0, 10).map(name).join('; ') + (zero.length > 10 ? `; e mais ${zero.length - 10}` : '');
  throw new ApiError(
    400,
    `Informe a quantidade dos itens antes de liberar a lista: ${zero.length === 1 ? 'o item' : 'os itens'} ${listed} ${zero.length === 1 ? 'está' : 'estão'} com quantidade zero.`,
    Object.fromEntries(zero.map(({ i }) => [`itens.${i}.quantidade`, ['Informe uma quantidade maior que zero antes de liberar a lista.']])),
  );
};

export const GUARDS: Record<string, Hook> = { checklistsConcluidos, planosConcluidos, itensComQuantidade };
/** A concluded post-sales ticket invites its client contact to the satisfaction survey (src/server/survey). */
const convidarPesquisa: Hook = async ({ trx, row }) => {
  await inviteToSurvey(trx, row);
};

export const AFTER: Record<string, Hook> = { finalizarRegistroSgi, convidarPesquisa };
