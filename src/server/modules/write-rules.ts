import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { todayIso } from '../time';
import { subject } from '@casl/ability';
import type { AppAbility } from '../../access/ability';

/**
 * Business rules that go beyond field validation, as explicit overrides per entity.
 * A rule runs inside the write's transaction, may refuse the write (ApiError) and may return
 * server-set values (e.g. sequential numbers of read-only fields).
 */
export interface WriteContext {
  trx: Db;
  schema: EntitySchema;
  /** Who writes (the seed writes without one). */
  actor?: { email: string; name?: string; ability: AppAbility };
  op: 'create' | 'update';
  before?: Record<string, unknown>;
  /** The record as it will be after the write. */
  after: Record<string, unknown>;
}
export type WriteRule = (ctx: WriteContext) => Promise<Record<string, unknown> | void>;

const today = () => todayIso();

/** Next number of a sequential column, serialised per table by an advisory lock. */
async function nextNumber(trx: Db, table: string, column: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext(${table + '.' + column}))`.execute(trx);
  const r = await sql<{ n: number }>`select coalesce(max(${sql.ref(column)}), 0) + 1 as n from ${sql.table(table)}`.execute(trx);
  return Number(r.rows[0].n);
}

/** Release notes: a daily report cannot repeat another's date of the same site when that date is today. */
const rdoOnePerSiteToday: WriteRule = async ({ trx, op, after, before }) => {
  if (op !== 'create' && before?.data === after.data && before?.obra === after.obra) return;
  if (after.data !== today()) return;
  const other = await trx
    .selectFrom('diario')
    .select('id')
    .where('obra', '=', after.obra as string)
    .where('data', '=', after.data as string)
    .$if(!!before, (q) => q.where('id', '!=', before!.id as number))
    .executeTakeFirst();
  if (other) {
    throw new ApiError(400, 'Já existe um diário desta obra com a data de hoje.', {
      data: ['Já existe um diário desta obra com a data de hoje.'],
    });
  }
};

/**
 * Materials (access.md decision 20): `create_obra` / `create_projeto` decide which origin of list a
 * user may create; a user who manages Materiais may create both.
 */
const materialOrigin: WriteRule = async ({ op, after, actor }) => {
  if (op !== 'create' || !actor) return;
  const action = after.origem === 'Projeto' ? 'create_projeto' : 'create_obra';
  if (!actor.ability.can(action as never, subject('Materiais', { ...after }) as never)) {
    const msg = `Você não tem permissão para criar listas de materiais de origem "${String(after.origem ?? 'Obra')}".`;
    throw new ApiError(403, msg, { origem: [msg] });
  }
};

/** A work order's realised hours are the sum of the hours of its daily reports' teams. */
const osHoursFromReports: WriteRule = async ({ trx, before, after }) => {
  for (const [field, table] of [['osField', 'osField'], ['osAutomacao', 'osAutomacao']] as const) {
    const ids = new Set([before?.[field], after[field]].filter((v) => v !== null && v !== undefined).map(Number));
    for (const id of ids) {
      await sql`
        update ${sql.table(table)} o set "horasRealizadas" = coalesce((
          select round(sum(coalesce((e ->> 'horas')::numeric, 0)), 1)
          from "diarioOs" d, jsonb_array_elements(coalesce(d.equipe, '[]'::jsonb)) e
          where d.${sql.ref(field)} = ${id} and d.id is distinct from ${Number(after.id ?? before?.id ?? 0)}
        ), 0) + ${hoursOf(after, field, id)}
        where o.id = ${id}`.execute(trx);
    }
  }
};

/** Hours of the report being written, when it belongs to order `id` (it is not in the table yet). */
function hoursOf(row: Record<string, unknown>, field: string, id: number): number {
  if (Number(row[field]) !== id) return 0;
  const equipe = Array.isArray(row.equipe) ? (row.equipe as { horas?: unknown }[]) : [];
  return Math.round(equipe.reduce((s, e) => s + (Number(e.horas) || 0), 0) * 10) / 10;
}

/** A contract item's total is its quantity times its unit price (what the contract's total adds up). */
const contractItemTotal: WriteRule = async ({ after }) => {
  const q = Number(after.quantidade);
  const unit = Number(after.valorUnitario);
  if (!Number.isFinite(q) || !Number.isFinite(unit)) return { valorTotal: null };
  return { valorTotal: Math.round(q * unit * 100) / 100 };
};

/**
 * A daily report gets the next number of its site when it is created (gap-free: the per-site lock
 * is held until commit, so concurrent reports of one site take consecutive numbers).
 */
const rdoNumber: WriteRule = async ({ trx, op, after }) => {
  if (op !== 'create') return;
  const obra = String(after.obra ?? '');
  await sql`select pg_advisory_xact_lock(hashtext(${'diario.numero:' + obra}))`.execute(trx);
  const r = await sql<{ n: number }>`select coalesce(max(numero), 0) + 1 as n from diario where obra = ${obra}`.execute(trx);
  return { numero: Number(r.rows[0].n) };
};

/** Post-sales tickets are numbered when opened. */
const ticketNumber: WriteRule = async ({ trx, schema, op }) => {
  if (op === 'create') return { codigo: await nextNumber(trx, schema.name, 'codigo') };
};

/**
 * Ethics reports (access.md decision 27): the reporter is the signed-in user, whatever the body
 * says (so "my reports" cannot be forged), the name is dropped from an anonymous report, and the
 * report gets a protocol the reporter can quote: ET-<year>-<number>.
 */
const ethicsProtocol: WriteRule = async ({ trx, op, actor, after }) => {
  if (op !== 'create') return;
  const who = actor ? { emailRelator: actor.email, dataRelato: new Date().toISOString(), ...(after.anonimo === false ? {} : { nomeRelator: null }) } : {};
  await sql`select pg_advisory_xact_lock(hashtext('relatoEtica.protocolo'))`.execute(trx);
  const year = new Date().getFullYear();
  const r = await sql<{ n: number }>`select count(*) + 1 as n from ${sql.table('relatoEtica')} where protocolo like ${`ET-${year}-%`}`.execute(trx);
  return { ...who, protocolo: `ET-${year}-${String(r.rows[0].n).padStart(5, '0')}` };
};

export const WRITE_RULES: Record<string, WriteRule[]> = {
  diario: [rdoOnePerSiteToday, rdoNumber],
  produtoContrato: [contractItemTotal],
  material: [materialOrigin],
  diarioOs: [osHoursFromReports],
  posvenda: [ticketNumber],
  relatoEtica: [ethicsProtocol],
};

export async function applyWriteRules(ctx: WriteContext): Promise<Record<string, unknown>> {
  let extra: Record<string, unknown> = {};
  for (const rule of WRITE_RULES[ctx.schema.name] ?? []) {
    const out = await rule({ ...ctx, after: { ...ctx.after, ...extra } });
    if (out) extra = { ...extra, ...out };
  }
  return extra;
}
