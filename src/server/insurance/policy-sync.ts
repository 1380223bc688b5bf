/**
 * Keeping a policy's "in force" fields (src/server/insurance/in-force.ts) true to its issued
 * endorsements, inside the write that changes them: the policy's own edits (`beforeChange`), an
 * endorsement entering or leaving "Emitido" (the workflow's `onLeave` effect), and the check that
 * an endorsement is issued within the policy's validity (the `emitir` guard).
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { ApiError } from '../http/errors';
import { diffRecords, writeAudit } from '../crud/audit';
import { toColumnValues as toColumns } from '../db/columns';
import type { AfterChangeRule, WriteRule } from '../crud/hooks-registry';
import type { TransitionHook } from '../workflow/hooks';
import { formatDateBr, todayIso } from '../time';
import { CANCELLATION, ISSUED, effectiveDate, inForce, pairOfEndorsement, pairOfPolicy, runningStatus, vencimentoOf, type InsurancePair } from './in-force';

type Row = Record<string, unknown>;

const schemaOf = (name: string): EntitySchema => {
  const s = schemaByName(name);
  if (!s) throw new Error(`Schema ${name} is not declared.`);
  return s;
};

/** A record as the API reads it, locked for the rest of the transaction. */
async function lockedRow(trx: Db, table: string, id: number): Promise<Row | undefined> {
  const r = await sql<{ row: Row }>`select to_jsonb(t.*) as row from ${sql.table(table)} t where id = ${id} for update`.execute(trx);
  return r.rows[0]?.row && flattenExtra(r.rows[0].row);
}

/** The issued endorsements of a policy (but `exceptId`). */
export async function issuedEndorsements(trx: Db, pair: InsurancePair, policyId: number, exceptId?: number): Promise<Row[]> {
  const r = await sql<{ row: Row }>`select to_jsonb(e.*) as row from ${sql.table(pair.endorsement)} e
    where apolice = ${policyId} and situacao = ${ISSUED} and id is distinct from ${exceptId ?? null}`.execute(trx);
  return r.rows.map((x) => flattenExtra(x.row));
}

/** The server-set fields of `policy` on `today`, with its issued endorsements. */
export function serverSetValues(policy: Row, issued: Row[], today = todayIso()): Row {
  const values = inForce(policy, issued);
  return { ...values, vencimento: vencimentoOf(policy.status, values.fimVigenciaAtual, today) };
}

/** `beforeChange` of a policy: its values in force from what is being written and its issued endorsements. */
export const policyInForce: WriteRule = async ({ trx, schema, op, after }) => {
  const pair = pairOfPolicy(schema.name);
  if (!pair) return;
  const issued = op === 'update' && after.id !== undefined ? await issuedEndorsements(trx, pair, Number(after.id)) : [];
  return serverSetValues(after, issued);
};

/**
 * Writes the policy in force again, from the contracted policy and its issued endorsements, with a
 * history entry naming why; `cancellation` is the effect of a cancellation endorsement that was
 * just issued ('apply': the policy is cancelled) or taken back ('revert': running again).
 */
export async function recomputePolicy(
  trx: Db,
  pair: InsurancePair,
  policyId: number,
  by: string,
  note: string,
  cancellation?: 'apply' | 'revert',
): Promise<Row | undefined> {
  const schema = schemaOf(pair.policy);
  const before = await lockedRow(trx, schema.name, policyId);
  if (!before) return undefined;
  const today = todayIso();
  const issued = await issuedEndorsements(trx, pair, policyId);
  const values: Row = { ...inForce(before, issued) };
  let status = before.status;
  if (cancellation === 'apply') status = 'Cancelada';
  else if (cancellation === 'revert' && status === 'Cancelada') status = String(values.fimVigenciaAtual) < today ? 'Vencida' : 'Vigente';
  status = runningStatus(status, values.fimVigenciaAtual, today) ?? status;
  values.status = status;
  values.vencimento = vencimentoOf(status, values.fimVigenciaAtual, today);
  const changes = diffRecords(schema, before, { ...before, ...values });
  if (!Object.keys(changes).length) return before;
  const r = await trx
    .updateTable(schema.name)
    .set({ ...toColumns(schema, values, 'update'), version: sql`version + 1`, updated_at: sql`now()`, updated_by: by })
    .where('id', '=', policyId)
    .returning(sql<Row>`to_jsonb(${sql.table(schema.name)}.*)`.as('row'))
    .executeTakeFirstOrThrow();
  await writeAudit(trx, schema, policyId, 'update', by, changes, { comment: note });
  return flattenExtra(r.row as Row);
}

/** The endorsement's number as people read it in a history note. */
const named = (e: Row) => `Endosso ${String(e.numero ?? e.id)}`;

/** `onLeave` effect of an endorsement moving into or out of "Emitido": the policy in force again. */
export const recomputeOnStep: TransitionHook = async ({ trx, schema, row, actor, step }) => {
  const pair = pairOfEndorsement(schema.name);
  if (!pair || !step) return;
  const into = step.to === ISSUED;
  const note = into ? `${named(row)} emitido: apólice em vigor recalculada.` : `${named(row)} deixou de estar emitido: apólice em vigor recalculada sem ele.`;
  const cancellation = row.tipo === CANCELLATION ? (into ? 'apply' : 'revert') : undefined;
  await recomputePolicy(trx, pair, Number(row.apolice), actor.email, note, cancellation);
};

/** The `emitir` guard: the endorsement takes effect within the policy's validity in force (without itself); else 400 per field. */
export const withinValidity: TransitionHook = async ({ trx, schema, row }) => {
  const pair = pairOfEndorsement(schema.name);
  if (!pair) return;
  const policy = await lockedRow(trx, pair.policy, Number(row.apolice));
  if (!policy) throw new ApiError(400, 'A apólice deste endosso não existe mais.', { apolice: ['Escolha uma apólice existente.'] });
  const start = String(policy.inicioVigencia ?? '');
  const end = inForce(policy, await issuedEndorsements(trx, pair, Number(policy.id), Number(row.id))).fimVigenciaAtual;
  const validity = `${formatDateBr(start)} a ${formatDateBr(end)}`;
  const errors: Record<string, string[]> = {};
  const at = effectiveDate(row);
  const atField = row.inicioVigencia ? 'inicioVigencia' : 'dataEmissao';
  if (at && (at < start || at > end)) {
    const what = atField === 'inicioVigencia' ? 'O início da vigência do endosso' : 'A data de emissão do endosso (ele não informa início da vigência)';
    errors[atField] = [`${what}, ${formatDateBr(at)}, está fora da vigência da apólice em vigor (${validity}).`];
  }
  const novoFim = typeof row.fimVigencia === 'string' ? row.fimVigencia : undefined;
  if (novoFim && (novoFim < start || (at !== undefined && novoFim < at))) {
    errors.fimVigencia = [`O novo fim da vigência, ${formatDateBr(novoFim)}, deve ser posterior ao início da apólice e ao início do endosso.`];
  }
  if (Object.keys(errors).length) {
    throw new ApiError(
      400,
      `Este endosso não pode ser emitido: ele está fora da vigência da apólice ${String(policy.numeroApolice ?? '')} (${validity}).`,
      errors,
    );
  }
};

/**
 * `afterChange` of a policy: the renewal that becomes "Vigente" marks the policy it renews
 * "Renovada" (when it was running), with a history entry.
 */
export const markRenewed: AfterChangeRule = async ({ trx, schema, actor, op, before, row }) => {
  const previousId = Number(row.apoliceAnterior);
  if (!previousId || row.status !== 'Vigente' || (op === 'update' && before?.status === 'Vigente')) return;
  const prev = await lockedRow(trx, schema.name, previousId);
  if (!prev || (prev.status !== 'Vigente' && prev.status !== 'Vencida')) return;
  const values = { status: 'Renovada', vencimento: null };
  const by = actor?.email ?? 'sistema';
  await trx
    .updateTable(schema.name)
    .set({ ...toColumns(schema, values, 'update'), version: sql`version + 1`, updated_at: sql`now()`, updated_by: by })
    .where('id', '=', previousId)
    .execute();
  await writeAudit(trx, schema, previousId, 'update', by, diffRecords(schema, prev, { ...prev, ...values }), {
    comment: `Renovada pela apólice ${String(row.numeroApolice ?? row.id)}.`,
  });
};
