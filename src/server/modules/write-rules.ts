import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';

/**
 * Business rules that go beyond field validation, as explicit overrides per entity.
 * A rule runs inside the write's transaction, may refuse the write (ApiError) and may return
 * server-set values (e.g. sequential numbers of read-only fields).
 */
export interface WriteContext {
  trx: Db;
  schema: EntitySchema;
  op: 'create' | 'update';
  before?: Record<string, unknown>;
  /** The record as it will be after the write. */
  after: Record<string, unknown>;
}
export type WriteRule = (ctx: WriteContext) => Promise<Record<string, unknown> | void>;

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: process.env.TZ_PORTAL ?? 'America/Sao_Paulo' });

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

/** SGI: a record receives its sequential ID when it goes in progress. */
const sgiCodigoWhenInProgress: WriteRule = async ({ trx, schema, after }) => {
  if (after.status === 'EM ANDAMENTO' && (after.codigo === null || after.codigo === undefined)) {
    return { codigo: await nextNumber(trx, schema.name, 'codigo') };
  }
};

/** Post-sales tickets are numbered when opened. */
const ticketNumber: WriteRule = async ({ trx, schema, op }) => {
  if (op === 'create') return { codigo: await nextNumber(trx, schema.name, 'codigo') };
};

/** Ethics reports get a protocol the reporter can quote: ET-<year>-<number>. */
const ethicsProtocol: WriteRule = async ({ trx, op }) => {
  if (op !== 'create') return;
  await sql`select pg_advisory_xact_lock(hashtext('relatoEtica.protocolo'))`.execute(trx);
  const year = new Date().getFullYear();
  const r = await sql<{ n: number }>`select count(*) + 1 as n from ${sql.table('relatoEtica')} where protocolo like ${`ET-${year}-%`}`.execute(trx);
  return { protocolo: `ET-${year}-${String(r.rows[0].n).padStart(5, '0')}` };
};

export const WRITE_RULES: Record<string, WriteRule[]> = {
  diario: [rdoOnePerSiteToday],
  ticketSgi: [sgiCodigoWhenInProgress],
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
