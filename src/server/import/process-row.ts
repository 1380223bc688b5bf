/**
 * One row of a spreadsheet through the generic write path: its cells become a body (values.ts,
 * references.ts), its natural key finds the record it updates (or none: it creates one), and the
 * write is the API's own (`createRecord` / `updateRecord`: validation, permissions, business
 * rules, numbering, history), behind a savepoint of the caller's transaction so a refused row
 * leaves nothing. The dry run makes the same writes in a transaction that is rolled back.
 */
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { isEmptyValue } from '../../../schemas/messages';
import type { Db } from '../db/connect';
import { columnSql, flattenExtra } from '../db/columns';
import { ApiError } from '../http/errors';
import { canOn, createRecord, readActionOf, selectOne, updateRecord, type Actor, type Row } from '../crud/repository';
import { validateBody } from '../crud/validate';
import { diffRecords, stableJson } from '../crud/audit';
import { refuseStateEdit } from '../workflow/edit-rules';
import { stateLabel } from '../workflow/definition';
import type { SheetRow } from './cells';
import type { HeaderColumn } from './sheet';
import { importKeyOf, roleOf, type FieldRole, type Mapping } from './mapping';
import { coerceCell } from './values';
import { Resolver } from './references';
import { setStateByImport } from './admin-state';
import { ledgerOf, recordLedger, type Phase, type RowOutcome } from './store';
import { pendingKey, setPendingRows } from './pending-rows';

export interface RowContext {
  schema: EntitySchema;
  actor: Actor;
  mapping: Mapping;
  columns: HeaderColumn[];
  fileName: string;
  fileHash: string;
  resolver: Resolver;
}

interface Column {
  index: number;
  field: FieldDef;
  role: FieldRole;
}

/** Equality as the spreadsheet shows it: a moment to the minute, people by e-mail, tags as sets. */
export function sameForImport(field: FieldDef, a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (isEmptyValue(a) || isEmptyValue(b)) return false;
  if (field.kind === 'datetime') return Math.floor(Date.parse(String(a)) / 60_000) === Math.floor(Date.parse(String(b)) / 60_000);
  if (field.kind === 'person') return String((a as { mail?: string }).mail ?? '').toLowerCase() === String((b as { mail?: string }).mail ?? '').toLowerCase();
  if (field.kind === 'tags' && Array.isArray(a) && Array.isArray(b)) return stableJson([...a].sort()) === stableJson([...b].sort());
  if (['integer', 'decimal', 'money'].includes(field.kind) || (field.kind === 'reference' && (field.refKey ?? 'id') === 'id')) return Number(a) === Number(b);
  return stableJson(a) === stableJson(b);
}

const topField = (path: string) => path.split('.')[0];

/** An API refusal as a row's outcome: its message and its field messages by top-level field. */
export function refusal(linha: number, e: unknown): RowOutcome {
  if (e instanceof ApiError) {
    const erros: Record<string, string[]> = {};
    for (const [path, msgs] of Object.entries(e.errors ?? {})) (erros[topField(path)] ??= []).push(...msgs);
    return { linha, acao: 'erro', mensagem: e.message, ...(Object.keys(erros).length ? { erros } : {}) };
  }
  console.error('[importacao] erro inesperado numa linha', e);
  return { linha, acao: 'erro', mensagem: 'Erro inesperado ao gravar esta linha. Tente de novo; se persistir, avise o suporte.' };
}

export class RowProcessor {
  private readonly cols: Column[];
  private readonly key: string[];
  private readonly seen = new Map<string, Map<string, number>>();
  /** The keys of the rows still to be written (a tree imported in one transaction: pending-rows.ts). */
  private pending: Set<string> | undefined;
  constructor(private readonly ctx: RowContext) {
    const byName = new Map(ctx.schema.fields.map((f) => [f.name, f]));
    this.cols = ctx.columns.flatMap((c) => {
      const name = ctx.mapping[c.text];
      const field = name ? byName.get(name) : undefined;
      return field ? [{ index: c.index, field, role: roleOf(ctx.schema, field) }] : [];
    });
    this.key = importKeyOf(ctx.schema);
  }

  private get note() {
    return (linha: number) => `Importado de ${this.ctx.fileName}, linha ${linha}.`;
  }

  /**
   * Before a run that is one transaction: the keys of every row of the file, so that a tree's rule
   * can leave out the records still to come (pending-rows.ts).
   */
  async expectRows(db: Db, rows: AsyncIterable<SheetRow>): Promise<void> {
    if (!this.ctx.schema.tree || !this.key.length) return;
    const keys = new Set<string>();
    for await (const row of rows) {
      const { values } = await this.read(db, row);
      if (this.key.every((k) => !isEmptyValue(values[k]))) keys.add(pendingKey(this.key, values));
    }
    this.pending = keys;
  }

  /** The field of a tree's parent given by its code (`Item pai` = "1.2"), when the entity's tree has codes. */
  private get treeParent(): FieldDef | undefined {
    const tree = this.ctx.schema.tree;
    const f = tree?.code ? this.ctx.schema.fields.find((x) => x.name === tree.parent) : undefined;
    return f?.kind === 'reference' && f.ref === this.ctx.schema.name ? f : undefined;
  }

  /** The row's values by field (readable kinds only) and the messages of the cells that could not be read. */
  private async read(trx: Db, row: SheetRow): Promise<{ values: Record<string, unknown>; errors: Record<string, string[]> }> {
    const values: Record<string, unknown> = {};
    const errors: Record<string, string[]> = {};
    const parent = this.treeParent;
    let parentText: string | undefined;
    for (const c of this.cols) {
      if (c.role === 'naoImportavel' || (c.role === 'somenteLeitura' && !this.key.includes(c.field.name))) continue;
      if (c.field === parent && typeof row.cells[c.index] !== 'boolean' && !isEmptyValue(row.cells[c.index])) {
        parentText = String(row.cells[c.index]).trim(); // resolved below, within the row's own tree
        continue;
      }
      let got = coerceCell(c.field, row.cells[c.index] ?? null);
      if ('value' in got && got.value !== null && c.field.kind === 'reference') got = await this.ctx.resolver.reference(trx, c.field, got.value);
      if ('value' in got && got.value !== null && c.field.kind === 'person')
        got = await this.ctx.resolver.person(trx, got.value as { mail?: string; nome?: string });
      if ('error' in got) errors[c.field.name] = [got.error];
      else values[c.field.name] = got.value;
    }
    if (parent && parentText !== undefined) {
      const got = await this.ctx.resolver.treeParent(trx, this.ctx.schema, parent, values, parentText);
      if ('error' in got) errors[parent.name] = [got.error];
      else values[parent.name] = got.value;
    }
    return { values, errors };
  }

  /** The same key (and each unique value) twice in the file: the later row is refused. */
  private repeated(linha: number, values: Record<string, unknown>): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    const check = (name: string, fields: string[]) => {
      const parts = fields.map((f) => values[f]);
      if (parts.some((p) => isEmptyValue(p))) return;
      const k = stableJson(parts);
      const seen = this.seen.get(name) ?? this.seen.set(name, new Map()).get(name)!;
      const first = seen.get(k);
      if (first !== undefined && first !== linha) {
        const labels = fields.map((f) => this.ctx.schema.fields.find((x) => x.name === f)?.label ?? f).join(' + ');
        errors[fields[fields.length - 1]] = [`Repetido no arquivo: a linha ${first} tem o mesmo valor de ${labels}.`];
      } else if (seen.size < 200_000) seen.set(k, linha);
    };
    if (this.key.length) check('#key', this.key);
    for (const f of this.ctx.schema.fields) if (f.unique && !(this.key.length === 1 && this.key[0] === f.name)) check(f.name, [f.name]);
    return errors;
  }

  /** The stored record the row names: the one its file's same row created before, else by the natural key. */
  private async existing(trx: Db, linha: number, values: Record<string, unknown>): Promise<Row | undefined | 'ambiguous'> {
    const keyed = this.key.length > 0 && this.key.every((k) => !isEmptyValue(values[k]));
    if (keyed) {
      // The key as the API stores it (a CNPJ typed with its punctuation is kept as digits).
      const writableKey = Object.fromEntries(this.key.filter((k) => !this.ctx.schema.fields.find((f) => f.name === k)?.readOnly).map((k) => [k, values[k]]));
      const normal = validateBody(this.ctx.schema, writableKey, {});
      const conds = this.key.map((k) => {
        const f = this.ctx.schema.fields.find((x) => x.name === k)!;
        const v = k in normal.values && !normal.errors[k] ? normal.values[k] : values[k];
        return sql`${sql.raw(columnSql(f, undefined, 't'))} = ${v as string}`;
      });
      const r = await sql<{
        row: Row;
      }>`select to_jsonb(t.*) as row from ${sql.table(this.ctx.schema.name)} t where ${sql.join(conds, sql` and `)} limit 2`.execute(trx);
      if (r.rows.length > 1) return 'ambiguous';
      return r.rows[0] && flattenExtra(r.rows[0].row);
    }
    const id = await ledgerOf(trx, this.ctx.schema.resource, this.ctx.fileHash, linha);
    return id === undefined ? undefined : selectOne(trx, this.ctx.schema, id);
  }

  /** Runs one row: the outcome it had (`plan`: the dry run's, for the import). */
  async run(trx: Db, row: SheetRow, phase: Phase, plan?: RowOutcome): Promise<RowOutcome> {
    const linha = row.number;
    const { schema, actor } = this.ctx;
    const wf = schema.workflow;
    const { values, errors } = await this.read(trx, row);
    if (this.pending) {
      if (this.key.every((k) => !isEmptyValue(values[k]))) this.pending.delete(pendingKey(this.key, values));
      setPendingRows(trx, this.key, this.pending);
    }
    Object.assign(errors, this.repeated(linha, values));
    if (Object.keys(errors).length) {
      // The other cells' messages too, as the API gives them, so one pass over the report fixes the row.
      const probe = Object.fromEntries(Object.entries(values).filter(([k]) => !errors[k] && !schema.fields.find((f) => f.name === k)?.readOnly));
      for (const [path, msgs] of Object.entries(validateBody(schema, probe, {}).errors))
        if (topField(path) in probe) (errors[topField(path)] ??= []).push(...msgs);
      return { linha, acao: 'erro', mensagem: 'Corrija os valores indicados.', erros: errors };
    }
    const found = await this.existing(trx, linha, values);
    if (found === 'ambiguous') return { linha, acao: 'erro', mensagem: 'Mais de um registro tem esta chave: atualize-os pelo formulário.' };
    if (found && !(await canOn(trx, schema, actor, readActionOf(schema), found))) {
      return { linha, acao: 'erro', mensagem: 'Já existe um registro com esta chave, que você não pode ver nem alterar.' };
    }
    const wanted = wf && values[wf.field] !== undefined && values[wf.field] !== null ? String(values[wf.field]) : undefined;
    if (wf) delete values[wf.field];
    const isAdmin = (rec: Record<string, unknown>) => actor.ability.can('manage' as never, subject(schema.subject, { ...rec }) as never);
    if (phase === 'importacao' && plan && plan.acao !== 'erro') {
      const conflict = (plan.acao === 'criar' && found) || ((plan.acao === 'atualizar' || plan.acao === 'igual') && (!found || found.id !== plan.registroId));
      if (conflict)
        return {
          linha,
          acao: 'erro',
          mensagem: 'Outra pessoa criou ou excluiu este registro depois da simulação: nada foi gravado nesta linha. Simule de novo.',
        };
      if (found && plan.versao !== undefined && found.version !== plan.versao) {
        return {
          linha,
          acao: 'erro',
          registroId: found.id,
          mensagem: 'Outra pessoa alterou este registro depois da simulação: nada foi sobrescrito. Simule de novo para ver os valores atuais.',
        };
      }
    }
    await sql`savepoint import_row`.execute(trx);
    try {
      const out = found ? await this.update(trx, linha, found, values, wanted, isAdmin) : await this.create(trx, linha, values, wanted, isAdmin, phase);
      await sql`release savepoint import_row`.execute(trx);
      return out;
    } catch (e) {
      await sql`rollback to savepoint import_row`.execute(trx);
      await sql`release savepoint import_row`.execute(trx);
      return { ...refusal(linha, e), ...(found ? { registroId: found.id } : {}) };
    }
  }

  private async update(
    trx: Db,
    linha: number,
    before: Row,
    values: Record<string, unknown>,
    wanted: string | undefined,
    isAdmin: (r: Record<string, unknown>) => boolean,
  ): Promise<RowOutcome> {
    const { schema, actor } = this.ctx;
    const wf = schema.workflow;
    const writable = Object.fromEntries(Object.entries(values).filter(([k]) => !schema.fields.find((f) => f.name === k)?.readOnly));
    // Normalised as the API stores them, then compared with what is stored.
    const normal = validateBody(schema, writable, before);
    if (Object.keys(normal.errors).length) throw new ApiError(400, 'Verifique os campos.', normal.errors);
    const changed = Object.keys(writable).filter(
      (k) =>
        !sameForImport(
          schema.fields.find((f) => f.name === k)!,
          normal.values[k],
          before[k],
        ),
    );
    const moves = wf && wanted !== undefined && wanted !== before[wf.field];
    if (moves && !isAdmin(before)) refuseStateEdit(schema, { [wf!.field]: wanted }, before);
    if (!changed.length && !moves) return { linha, acao: 'igual', registroId: before.id, versao: before.version };
    let after: Row = before;
    if (changed.length) {
      const body = { ...Object.fromEntries(changed.map((k) => [k, writable[k]])), version: before.version };
      after = await updateRecord(trx, schema, actor, String(before.id), body, undefined, { note: this.note(linha) });
    }
    if (moves) after = await setStateByImport(trx, schema, actor, (await selectOne(trx, schema, before.id))!, wanted!, this.note(linha));
    const stored = (await selectOne(trx, schema, before.id))!;
    const alteracoes = diffRecords(schema, before, stored);
    for (const k of Object.keys(alteracoes)) if (!(k in after) && k !== wf?.field) delete alteracoes[k]; // fields the person may not read
    return { linha, acao: 'atualizar', registroId: before.id, versao: before.version, alteracoes };
  }

  private async create(
    trx: Db,
    linha: number,
    values: Record<string, unknown>,
    wanted: string | undefined,
    isAdmin: (r: Record<string, unknown>) => boolean,
    phase: Phase,
  ): Promise<RowOutcome> {
    const { schema, actor } = this.ctx;
    const wf = schema.workflow;
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      const f = schema.fields.find((x) => x.name === k)!;
      if (f.readOnly) {
        // A number the server owns names an existing record; a new one leaves it blank.
        if (!isEmptyValue(v)) {
          const msg = `${f.label} ${String(v)} não existe: deixe em branco para o portal numerar um novo registro.`;
          throw new ApiError(400, msg, { [k]: [msg] });
        }
        continue;
      }
      if (!isEmptyValue(v)) body[k] = v;
    }
    if (wf && wanted !== undefined && wanted !== wf.initial && !isAdmin({ ...body, [wf.field]: wanted })) {
      const msg = `${schema.label} nov${schema.gender === 'f' ? 'a' : 'o'} começa em "${stateLabel(wf, wf.initial)}"; a situação "${stateLabel(wf, wanted)}" não pode ser definida na importação. Depois de importar, use as ações do registro.`;
      throw new ApiError(400, msg, { [wf.field]: [msg] });
    }
    const created = await createRecord(trx, schema, actor, body, { note: this.note(linha) });
    let id = created.id;
    if (wf && wanted !== undefined && wanted !== wf.initial)
      id = (await setStateByImport(trx, schema, actor, (await selectOne(trx, schema, id))!, wanted, this.note(linha))).id;
    if (phase === 'importacao') await recordLedger(trx, schema.resource, this.ctx.fileHash, linha, id);
    return { linha, acao: 'criar', ...(phase === 'importacao' ? { registroId: id } : {}) };
  }
}
