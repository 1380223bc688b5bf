import { sql } from 'kysely';
import { subject } from '@casl/ability';
import { permittedFieldsOf } from '@casl/ability/extra';
import type { EntitySchema } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import { flattenExtra, toColumnValues } from '../db/columns';
import { ApiError } from '../http/errors';
import { tableWritten } from './write-events';
import { checkFieldsMessage, forbiddenMessage, notFoundMessage } from './messages';
import { validateBody } from './validate';
import { diffRecords, stableJson, writeAudit } from './audit';
import { runAfterChange, runAfterCreate, runBeforeChange, runBeforeDelete, runBeforeValidate, runWriteGates } from './hooks-registry';
import { checkReferenceFilters } from './reference-filter';
import { hasMatrixFields, matrixDefaults } from '../../../schemas/matrix';
import { copiedValues, copyingFields } from '../../../schemas/copies';
import { stripUnreadable } from './read-fields';
import { actingFor } from './acting-for';
import { engineLifecycle } from './lifecycle';
import { restoreMasked, withoutStaffMailsOne } from './external-privacy';
import { numberOnCreate } from './numbering';
import { attachTitles, titlesSql, withTitles, TITLES_PROPERTY } from './reference-titles';
import { actionFor, canOn, governing, guardDb, parseId, readActionOf, selectOne, tableOf, type Actor, type Row } from './record-access';

// The records' access basics, lists and history live beside this file; importers keep using this module.
export { canOn, guardDb, parseId, readActionOf, readWhere, selectOne, type Actor, type Row } from './record-access';
export { buildListQuery, listParts, listRecords, type TotalKind } from './list-records';
export { recordHistory } from './record-history';

/** A write's answer as the caller receives it (decision 29: an external reader gets staff people by name). */
const forReader = async (db: Db, actor: Actor, schema: EntitySchema, row: Promise<Row>): Promise<Row> => withoutStaffMailsOne(db, actor, schema, await row);

/** A write's result, once committed: the listeners of its table hear of it (crud/write-events.ts). */
async function written<T>(schema: EntitySchema, result: Promise<T>): Promise<T> {
  const value = await result;
  tableWritten(schema.name);
  return value;
}

export async function getRecord(db: Db, schema: EntitySchema, actor: Actor, rawId: string): Promise<Row> {
  // The record and the titles of its references (reference-titles.ts) in one statement.
  const titles = titlesSql(schema, actor, 't');
  const r = await sql<{
    row: Row;
    titles?: unknown;
  }>`select to_jsonb(t.*) as row${titles ? sql`, ${titles} as titles` : sql``} from ${tableOf(schema)} t where id = ${parseId(schema, rawId)}`.execute(db);
  const row = r.rows[0] && flattenExtra(r.rows[0].row);
  if (!row) throw new ApiError(404, notFoundMessage(schema));
  if (!(await canOn(db, schema, actor, readActionOf(schema), row))) throw new ApiError(403, forbiddenMessage(schema, 'read'));
  const read = withTitles({ ...row, [TITLES_PROPERTY]: r.rows[0].titles } as Row, (x) => stripUnreadable(actor.ability, schema, x));
  return withoutStaffMailsOne(db, actor, schema, read);
}

/**
 * A write's answer with the `_titles` a `GET` of the record gives (issue 36: the answer of a create
 * or an update equals a read of the same record), read in the write's transaction.
 */
async function withWriteTitles(trx: Db, schema: EntitySchema, actor: Actor, row: Row): Promise<Row> {
  const titles = titlesSql(schema, actor, 't');
  if (!titles) return row;
  const r = await sql<{ titles: unknown }>`select ${titles} as titles from ${tableOf(schema)} t where id = ${row.id}`.execute(trx);
  return attachTitles(row, r.rows[0]?.titles);
}

/** Equality as stored: datetimes compare as instants, everything else as JSON. */
function sameValue(schema: EntitySchema, name: string, a: unknown, b: unknown): boolean {
  const f = schema.fields.find((x) => x.name === name);
  if (f?.kind === 'datetime' && typeof a === 'string' && typeof b === 'string') return Date.parse(a) === Date.parse(b);
  return stableJson(a) === stableJson(b);
}

/** Values as the columns they are written to (JSON kinds as jsonb, `_extra` fields merged into `_extra`, db/columns.ts). */
export function toColumns(schema: EntitySchema, values: Record<string, unknown>, mode: 'insert' | 'update') {
  return toColumnValues(schema, values, mode);
}

/** Refuses (403, per field) the fields the actor may not write on this record with this action. */
export function checkFields(schema: EntitySchema, actor: Actor, action: string, before: Row | Record<string, unknown>, changed: string[]) {
  const all = schema.fields.map((f) => f.name);
  const allowed = permittedFieldsOf(actor.ability, action as never, subject(schema.subject, { ...before }) as never, {
    fieldsFrom: (rule) => rule.fields || all,
  });
  const denied = changed.filter((f) => !allowed.includes(f));
  if (denied.length) {
    const errors = Object.fromEntries(denied.map((f) => [f, ['Você não tem permissão para alterar este campo.']]));
    throw new ApiError(403, forbiddenMessage(schema, action), errors);
  }
}

/**
 * Values a new record gets before validation: people from its site's responsibility matrix, and
 * what a chosen reference copies (a template's items), only from a record the caller may read.
 */
async function withCreateDefaults(db: Db, schema: EntitySchema, actor: Actor, body: unknown): Promise<unknown> {
  // The entity's `beforeValidate` hooks (e.g. decision 29: a supplier's answer to its SGI record;
  // decision 30: a client's reply on its site's ticket).
  body = await runBeforeValidate({ db, schema, actor }, body);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  let input = body as Record<string, unknown>;
  if (hasMatrixFields(schema) && schema.obraField) {
    const obra = input[schema.obraField];
    if (typeof obra === 'string' && obra && obra.length <= 20 && !obra.includes('\u0000')) {
      const site = await db.selectFrom('obra').select('matrizResponsabilidade').where('Id_Lista', '=', obra).executeTakeFirst();
      input = { ...input, ...matrixDefaults(schema, input, site?.matrizResponsabilidade) };
    }
  }
  for (const field of copyingFields(schema)) {
    const target = schemaByName(field.ref!);
    const key = input[field.name];
    // Only a string or a number can name a record; anything else (even an object whose toString is
    // not a function) is left for validation to report.
    if (!target || (typeof key !== 'string' && typeof key !== 'number') || key === '') continue;
    const refKey = field.refKey ?? 'id';
    if (refKey === 'id' && !/^\d{1,15}$/.test(String(key))) continue; // validation reports it
    if (refKey !== 'id' && (typeof key !== 'string' || key.length > 200 || key.includes('\u0000'))) continue;
    // Read as JSON, like the API reads it: a date is 'aaaa-mm-dd' (a policy's renewal copies one), not a driver's Date.
    const source = await db
      .selectFrom(target.name)
      .select(sql<Row>`to_jsonb(${tableOf(target)}.*)`.as('row'))
      .where(refKey, '=', refKey === 'id' ? Number(key) : String(key))
      .executeTakeFirst();
    const row = source && flattenExtra(source.row as Record<string, unknown>);
    if (row && (await canOn(db, target, actor, 'read', row))) input = { ...input, ...copiedValues(field, row, input) };
  }
  return input;
}

/** Before a write is stored: reference filters, then the entity's `beforeChange` hooks (refuse or set values). */
const beforeChange = async (ctx: Parameters<typeof runBeforeChange>[0]) => (
  await checkReferenceFilters(ctx.trx, ctx.schema, ctx.after, ctx.before),
  runBeforeChange(ctx)
);

/**
 * Options of a write made for someone else than the form (the spreadsheet import, src/server/import):
 * `note`, the history entry's comment ("importado de planilha.xlsx, linha 7").
 */
export interface WriteOptions {
  note?: string;
}

/**
 * The write's own transaction, or the caller's when it already holds one (the spreadsheet import
 * writes many records in one transaction, each behind a savepoint).
 */
const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> => (db.isTransaction ? fn(db) : db.transaction().execute(fn));

export async function createRecord(db: Db, schema: EntitySchema, actor: Actor, body: unknown, opts: WriteOptions = {}): Promise<Row> {
  await runWriteGates({ db, schema, actor });
  const { parent } = governing(schema);
  const possible = [actionFor(schema, 'create'), ...Object.values(schema.createActionBy?.actions ?? {})];
  // No rule at all for any create action: refuse before looking at the data.
  if (!possible.some((a) => actor.ability.can(a as never, (parent ?? schema).subject as never))) {
    throw new ApiError(403, forbiddenMessage(schema, possible[0]));
  }
  const { values, errors } = validateBody(schema, await withCreateDefaults(db, schema, actor, body), undefined, {
    mail: actor.email,
    ...(actor.name ? { nome: actor.name } : {}),
  });
  if (Object.keys(errors).length) throw new ApiError(400, checkFieldsMessage(schema, errors), errors);
  const by = schema.createActionBy;
  const action = (by && by.actions[String(values[by.field])]) || actionFor(schema, 'create');
  // A record starts in its workflow's initial state, whatever the body says.
  if (schema.workflow) values[schema.workflow.field] = schema.workflow.initial;
  if (!(await canOn(db, schema, actor, action, values))) throw new ApiError(403, forbiddenMessage(schema, action));
  if (!parent) checkFields(schema, actor, action, values, Object.keys(values));
  return forReader(
    db,
    actor,
    schema,
    written(
      schema,
      guardDb(schema, () =>
        inTransaction(db, async (trx) =>
          withWriteTitles(trx, schema, actor, stripUnreadable(actor.ability, schema, await storeNewRecord(trx, schema, actor, values, opts))),
        ),
      ),
    ),
  );
}

/**
 * Stores a new record, validated and allowed by the caller, in the caller's transaction with the
 * entity's rules: reference filters and `beforeChange` hooks, its number, its SLA, its files (the
 * actor's own uploads or files they read), the history entry and the after-create hooks. Returns the
 * row as stored (unfiltered). A create's own path, and a step's effect that opens a record from
 * another one (an RIT's finding opening a punch item, src/server/rit/findings.ts).
 */
export async function storeNewRecord(trx: Db, schema: EntitySchema, actor: Actor, values: Record<string, unknown>, opts: WriteOptions = {}): Promise<Row> {
  const rules = await beforeChange({ trx, schema, actor, op: 'create', after: values });
  const extra = { ...rules, ...(await numberOnCreate(trx, schema, { ...values, ...rules })) };
  const cols = { ...toColumns(schema, { ...values, ...extra }, 'insert'), created_by: actor.email, updated_by: actor.email };
  const r = await trx
    .insertInto(schema.name)
    .values(cols)
    .returning(sql<Row>`to_jsonb(${tableOf(schema)}.*)`.as('row'))
    .executeTakeFirstOrThrow();
  const engine = engineLifecycle();
  const row = await engine.afterStore(trx, schema, flattenExtra(r.row as Row)); // deadlines of the SLA (src/server/sla)
  await engine.attachFiles(trx, schema, actor, row.id, undefined, row); // src/server/storage
  await writeAudit(trx, schema, row.id, 'create', actor.email, diffRecords(schema, {}, row), opts.note ? { comment: opts.note } : undefined);
  await runAfterCreate({ trx, schema, actor, row });
  await runAfterChange({ trx, schema, actor, op: 'create', row });
  return row;
}

/** `revert`: the write restores an earlier version (record-revert.ts): the history says so, with this note. */
export async function updateRecord(
  db: Db,
  schema: EntitySchema,
  actor: Actor,
  rawId: string,
  body: unknown,
  revert?: { note: string },
  opts: WriteOptions = {},
): Promise<Row> {
  await runWriteGates({ db, schema, actor });
  const id = parseId(schema, rawId);
  const b = (body ?? {}) as Record<string, unknown>;
  const version = b.version;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.', { _: ['O corpo da requisição deve ser um objeto JSON.'] });
  }
  if (version === undefined || version === null || !Number.isInteger(Number(version))) {
    throw new ApiError(400, 'Informe a versão do registro que está sendo editado.', { version: ['Campo obrigatório.'] });
  }
  const { parent } = governing(schema);
  return forReader(
    db,
    actor,
    schema,
    written(
      schema,
      guardDb(schema, () =>
        inTransaction(db, async (trx) => {
          const before = await selectOne(trx, schema, id, true);
          if (!before) throw new ApiError(404, notFoundMessage(schema));
          const engine = engineLifecycle(); // the workflow's edit rules, the SLA, the files (lifecycle.ts)
          engine.refuseStateEdit(schema, b, before);
          // The edit right: the entity's usual one, or the one the record's workflow state declares.
          const right = engine.stateEditRight(schema, before, actionFor(schema, 'edit'), (a) =>
            actor.ability.can(a as never, subject(schema.subject, { ...before }) as never),
          );
          const action = right.action;
          if (!(await canOn(trx, schema, actor, action, before))) throw new ApiError(403, right.refusal ?? forbiddenMessage(schema, action));
          if (Number(version) !== before.version) {
            throw new ApiError(409, 'Este registro foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual.');
          }
          // Decision 29: what an external user received masked and sends back unchanged stays as stored.
          const { values, errors } = validateBody(schema, await restoreMasked(trx, actor, schema, body, before), before);
          if (Object.keys(errors).length) throw new ApiError(400, checkFieldsMessage(schema, errors), errors);
          const changed = Object.keys(values).filter((k) => !sameValue(schema, k, values[k], before[k]));
          const outside = right.fields ? changed.filter((f) => !right.fields!.includes(f)) : [];
          if (outside.length) {
            throw new ApiError(
              403,
              forbiddenMessage(schema, action),
              Object.fromEntries(outside.map((f) => [f, ['Este campo não pode ser alterado nesta situação.']])),
            );
          }
          if (!parent) checkFields(schema, actor, action, before, changed);
          const after = { ...before, ...values };
          if (!(await canOn(trx, schema, actor, action, after))) throw new ApiError(403, forbiddenMessage(schema, action));
          const extra = await beforeChange({ trx, schema, actor, op: 'update', before, after });
          for (const [k, v] of Object.entries(extra)) if (!sameValue(schema, k, v, before[k])) changed.push(k);
          if (!changed.length) return withWriteTitles(trx, schema, actor, stripUnreadable(actor.ability, schema, before));
          const merged = { ...values, ...extra };
          const set = toColumns(schema, Object.fromEntries(changed.map((k) => [k, merged[k]])), 'update');
          const r = await trx
            .updateTable(schema.name)
            .set({ ...set, version: sql`version + 1`, updated_at: sql`now()`, updated_by: actor.email })
            .where('id', '=', id)
            .where('version', '=', before.version)
            .returning(sql<Row>`to_jsonb(${tableOf(schema)}.*)`.as('row'))
            .executeTakeFirst();
          if (!r) throw new ApiError(409, 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.');
          const row = await engine.afterStore(trx, schema, flattenExtra(r.row as Row)); // deadlines of the SLA (src/server/sla)
          await engine.attachFiles(trx, schema, actor, id, before, row);
          // Decision 31: a substitute's edit of the absent person's item is recorded "em nome de".
          const emNomeDe = parent ? null : actingFor(before, actor, (own) => own.can(action as never, subject(schema.subject, { ...before }) as never));
          const note = revert ? { comment: revert.note } : opts.note ? { comment: opts.note } : undefined;
          await writeAudit(trx, schema, id, revert ? 'revert' : 'update', actor.email, diffRecords(schema, before, row), note, emNomeDe);
          await runAfterChange({ trx, schema, actor, op: 'update', before, row });
          return withWriteTitles(trx, schema, actor, stripUnreadable(actor.ability, schema, row));
        }),
      ),
    ),
  );
}

/**
 * Deletes a record: it goes to the trash with the records that go with it (issue 35), its files held
 * there until the trash entry is restored or purged (src/server/trash/purge.ts frees them).
 */
export async function deleteRecord(db: Db, schema: EntitySchema, actor: Actor, rawId: string): Promise<Row> {
  await runWriteGates({ db, schema, actor });
  const id = parseId(schema, rawId);
  const deleted = await forReader(
    db,
    actor,
    schema,
    written(
      schema,
      guardDb(schema, () =>
        db.transaction().execute(async (trx) => {
          const before = await selectOne(trx, schema, id, true);
          if (!before) throw new ApiError(404, notFoundMessage(schema));
          const action = actionFor(schema, 'delete');
          if (!(await canOn(trx, schema, actor, action, before))) throw new ApiError(403, forbiddenMessage(schema, action));
          const engine = engineLifecycle();
          engine.refuseDeleteInState(schema, before);
          await runBeforeDelete({ trx, schema, before });
          // Into the trash with what goes with it, files held (src/server/trash); purged when the period ends.
          await engine.moveToTrash(trx, schema, id, actor.email);
          return stripUnreadable(actor.ability, schema, before);
        }),
      ),
    ),
  );
  return deleted;
}
