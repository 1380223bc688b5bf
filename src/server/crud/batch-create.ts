/**
 * Many new records of one entity written at once, in the caller's transaction (the spreadsheet
 * import, src/server/import/batch-rows.ts): each record gets the outcome `createRecord` would give
 * it, one by one in order — the same validation, permission checks (CASL rules on each record and
 * field), reference filters, entity rules (through their batch version, `beforeCreateBatch` in
 * hooks-registry.ts), number, initial workflow state, SLA, files and history entry — but with a
 * few statements per batch instead of about ten per record: one multi-row INSERT of the records,
 * one of their history entries (whose triggers feed the live events, the search index and the
 * webhooks exactly as one entry at a time), one lock and counter per numbering scope.
 *
 * Entities whose rules have no batch version (`batchCreateBlocker`) are written by the caller one
 * record at a time. A database refusal of the batch (a unique or foreign key the checks above did
 * not foresee) or a file refused after the insert rolls the batch back to its savepoint and answers
 * 'perRecord': the caller writes those records one at a time, each with its own message.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import { hasMatrixFields, matrixDefaults } from '../../../schemas/matrix';
import { copyingFields } from '../../../schemas/copies';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { ApiError } from '../http/errors';
import { checkFieldsMessage, forbiddenMessage } from './messages';
import { validateBody } from './validate';
import { diffRecords, writeCreateAudits } from './audit';
import { createRulesBatchable, entityHooks, runBeforeCreateBatch, runWriteGates } from './hooks-registry';
import { referenceFilterError } from './reference-filter';
import { engineLifecycle } from './lifecycle';
import { nextNumbers } from './numbering';
import { actionFor, canOn, tableOf, type Actor, type Row } from './record-access';
import { checkFields, toColumns } from './repository';

export interface NewRecord {
  body: Record<string, unknown>;
  /** The history entry's comment ("Importado de planilha.xlsx, linha 7."). */
  note?: string;
}

export type Created = { row: Row } | { error: ApiError };

/**
 * Why this entity's creates cannot be written in batch (undefined when they can): server rules
 * with no batch version (`beforeValidate`, a `beforeChange` no `beforeCreateBatch` covers,
 * `afterCreate`, `afterChange`), values copied from a chosen record, or rights read from a parent.
 */
export function batchCreateBlocker(schema: EntitySchema): string | undefined {
  const h = entityHooks(schema.name);
  if (h.beforeValidate.length) return 'regra beforeValidate';
  if (!createRulesBatchable(schema.name)) return 'regra beforeChange sem versão em lote';
  if (h.afterCreate.length || h.afterChange.length) return 'regra afterCreate/afterChange';
  if (copyingFields(schema).length) return 'campos copiados de outro registro';
  if (schema.accessVia) return 'permissões do registro pai';
  return undefined;
}

const asApiError = (e: unknown): ApiError | undefined => (e instanceof ApiError ? e : undefined);

/** Validation and permissions of one record, as `createRecord` does them; its values as they will be stored. */
async function checked(trx: Db, schema: EntitySchema, actor: Actor, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { values, errors } = validateBody(schema, input, undefined, { mail: actor.email, ...(actor.name ? { nome: actor.name } : {}) });
  if (Object.keys(errors).length) throw new ApiError(400, checkFieldsMessage(schema, errors), errors);
  const by = schema.createActionBy;
  const action = (by && by.actions[String(values[by.field])]) || actionFor(schema, 'create');
  if (schema.workflow) values[schema.workflow.field] = schema.workflow.initial;
  if (!(await canOn(trx, schema, actor, action, values))) throw new ApiError(403, forbiddenMessage(schema, action));
  checkFields(schema, actor, action, values, Object.keys(values));
  return values;
}

/** Writes the records (see the file's comment); per record its stored row or its refusal, in order. */
export async function createRecords(trx: Db, schema: EntitySchema, actor: Actor, items: NewRecord[]): Promise<Created[] | 'perRecord'> {
  if (batchCreateBlocker(schema)) return 'perRecord';
  const out: (Created | undefined)[] = items.map(() => undefined);
  const refuseAll = (e: ApiError) => items.map(() => ({ error: e }));
  try {
    await runWriteGates({ db: trx, schema, actor });
  } catch (e) {
    const api = asApiError(e);
    if (api) return refuseAll(api);
    throw e;
  }
  const possible = [actionFor(schema, 'create'), ...Object.values(schema.createActionBy?.actions ?? {})];
  if (!possible.some((a) => actor.ability.can(a as never, schema.subject as never))) return refuseAll(new ApiError(403, forbiddenMessage(schema, possible[0])));

  // Defaults from the site's responsibility matrix (one read per site), validation, permissions.
  const matrices = new Map<string, unknown>();
  const ready: { i: number; values: Record<string, unknown> }[] = [];
  for (const [i, item] of items.entries()) {
    try {
      let input = item.body;
      const obra = schema.obraField ? input[schema.obraField] : undefined;
      if (hasMatrixFields(schema) && typeof obra === 'string' && obra && obra.length <= 20 && !obra.includes('\u0000')) {
        if (!matrices.has(obra)) {
          const site = await trx.selectFrom('obra').select('matrizResponsabilidade').where('Id_Lista', '=', obra).executeTakeFirst();
          matrices.set(obra, site?.matrizResponsabilidade);
        }
        input = { ...input, ...matrixDefaults(schema, input, matrices.get(obra)) };
      }
      ready.push({ i, values: await checked(trx, schema, actor, input) });
    } catch (e) {
      const api = asApiError(e);
      if (!api) throw e;
      out[i] = { error: api };
    }
  }

  // Reference filters (one read per value), then the entity's rules for the whole batch.
  const filterErrors = new Map<string, string | undefined>();
  const passing: typeof ready = [];
  for (const r of ready) {
    const errors: Record<string, string[]> = {};
    for (const f of schema.fields) {
      if (f.kind !== 'reference' || !f.refFilter) continue;
      const k = `${f.name}\u0000${String(r.values[f.name] ?? '')}`;
      if (!filterErrors.has(k)) filterErrors.set(k, await referenceFilterError(trx, f, r.values[f.name]));
      const msg = filterErrors.get(k);
      if (msg) errors[f.name] = [msg];
    }
    const fields = Object.keys(errors);
    if (fields.length) out[r.i] = { error: new ApiError(400, errors[fields[0]][0], errors) };
    else passing.push(r);
  }
  const rules = await runBeforeCreateBatch(
    { trx, schema, actor },
    passing.map((r) => r.values),
  );
  const toStore: { i: number; values: Record<string, unknown> }[] = [];
  passing.forEach((r, k) => {
    const res = rules[k];
    if ('error' in res) {
      const api = asApiError(res.error);
      if (!api) throw res.error;
      out[r.i] = { error: api };
    } else toStore.push({ i: r.i, values: { ...r.values, ...res.set } });
  });
  if (!toStore.length) return out as Created[];

  await sql`savepoint batch_create`.execute(trx);
  try {
    const stored = await store(trx, schema, actor, items, toStore);
    await sql`release savepoint batch_create`.execute(trx);
    toStore.forEach((r, k) => (out[r.i] = { row: stored[k] }));
    return out as Created[];
  } catch (e) {
    // The batch as a whole was refused: each record goes the one-at-a-time way, with its own message.
    await sql`rollback to savepoint batch_create`.execute(trx);
    await sql`release savepoint batch_create`.execute(trx);
    if (e instanceof ApiError || (e as { code?: string }).code?.startsWith('23')) return 'perRecord';
    throw e;
  }
}

/** Numbers, ids, the rows, SLA and files, history: what `storeNewRecord` does, for the batch. */
async function store(
  trx: Db,
  schema: EntitySchema,
  actor: Actor,
  items: NewRecord[],
  toStore: { i: number; values: Record<string, unknown> }[],
): Promise<Row[]> {
  const n = schema.numbering;
  if (n?.on === 'create') {
    const numbers = await nextNumbers(
      trx,
      schema,
      toStore.map((r) => r.values),
    );
    toStore.forEach((r, k) => (r.values = { ...r.values, [n.field]: numbers[k] }));
  }
  // Ids first, so that each stored row is known as its record's (the ids follow the file's order, as one by one).
  const ids = await sql<{ id: string }>`select nextval(pg_get_serial_sequence(${`"${schema.name}"`}, 'id')) as id
    from generate_series(1, ${toStore.length})`.execute(trx);
  const idList = ids.rows.map((x) => Number(x.id)).sort((a, b) => a - b);
  const rows = toStore.map((r, k) => ({ ...toColumns(schema, r.values, 'insert'), id: idList[k], created_by: actor.email, updated_by: actor.email }));
  const inserted = await trx
    .insertInto(schema.name)
    .values(rows)
    .returning(sql<Row>`to_jsonb(${tableOf(schema)}.*)`.as('row'))
    .execute();
  const byId = new Map(inserted.map((x) => flattenExtra(x.row as Row)).map((row) => [Number(row.id), row]));
  const engine = engineLifecycle();
  const out: Row[] = [];
  for (const id of idList) {
    const row = await engine.afterStore(trx, schema, byId.get(id)!); // deadlines of the SLA (entities that have one)
    await engine.attachFiles(trx, schema, actor, row.id, undefined, row);
    out.push(row);
  }
  await writeCreateAudits(
    trx,
    schema,
    actor.email,
    out.map((row, k) => ({ id: row.id, changes: diffRecords(schema, {}, row), comment: items[toStore[k].i].note })),
  );
  return out;
}
