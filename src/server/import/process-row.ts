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
import { ID_FIELD, importFieldOf } from '../../../schemas/import-layout';
import type { Db } from '../db/connect';
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
import { listMessage, sameList } from './list-values';
import { Resolver } from './references';
import { setStateByImport } from './admin-state';
import { recordLedger, type Phase, type RowOutcome } from './store';
import { findStored, type Found } from './existing';
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

/** A row of the file read into values; `outcome` when it is refused before any lookup. */
export interface ReadRow {
  linha: number;
  values: Record<string, unknown>;
  outcome?: RowOutcome;
}

/** A row checked: its outcome, or the write it needs (an update of `before`, or a creation). */
export interface Checked {
  linha: number;
  values: Record<string, unknown>;
  outcome?: RowOutcome;
  update?: { before: Row; body: Record<string, unknown>; moves: boolean; wanted?: string };
  /** `wanted`: a state other than the initial one, declared by an administrator (set after the creation). */
  create?: { body: Record<string, unknown>; wanted?: string };
}

interface Column {
  index: number;
  field: FieldDef;
  role: FieldRole;
}

/** Equality as the spreadsheet shows it: a moment to the minute, people by e-mail, tags as sets. */
export function sameForImport(field: FieldDef, a: unknown, b: unknown): boolean {
  if (field.kind === 'rows' || field.kind === 'object') return sameList(a, b); // a blank sub-value and an absent one alike
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
export function refusal(linha: number, e: unknown, values?: Record<string, unknown>): RowOutcome {
  if (e instanceof ApiError) {
    const erros: Record<string, string[]> = {};
    // A message inside a list read from its own sheet names that sheet and line (list-values.ts).
    for (const [path, msgs] of Object.entries(e.errors ?? {})) (erros[topField(path)] ??= []).push(...msgs.map((m) => listMessage(path, m, values)));
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
    const byName = new Map([ID_FIELD, ...ctx.schema.fields].map((f) => [f.name, f]));
    this.cols = ctx.columns.flatMap((c) => {
      const name = ctx.mapping[c.text];
      const field = name ? byName.get(name) : undefined;
      return field ? [{ index: c.index, field, role: roleOf(ctx.schema, field) }] : [];
    });
    this.key = importKeyOf(ctx.schema);
  }

  /** The history entry's comment of a row's write. */
  note(linha: number): string {
    return `Importado de ${this.ctx.fileName}, linha ${linha}.`;
  }

  get context(): RowContext {
    return this.ctx;
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
      else if (got.value !== undefined) values[c.field.name] = got.value; // undefined: a list its sheet does not reach
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
        const labels = fields.map((f) => importFieldOf(this.ctx.schema, f)?.label ?? f).join(' + ');
        errors[fields[fields.length - 1]] = [`Repetido no arquivo: a linha ${first} tem o mesmo valor de ${labels}.`];
      } else if (seen.size < 200_000) seen.set(k, linha);
    };
    if (this.key.length) check('#key', this.key);
    for (const f of this.ctx.schema.fields) if (f.unique && !(this.key.length === 1 && this.key[0] === f.name)) check(f.name, [f.name]);
    return errors;
  }

  /** A row's values (or its outcome, when a cell cannot be read or its key is repeated in the file). */
  async readRow(trx: Db, row: SheetRow): Promise<ReadRow> {
    const linha = row.number;
    const { schema } = this.ctx;
    const { values, errors } = await this.read(trx, row);
    Object.assign(errors, this.repeated(linha, values));
    if (!Object.keys(errors).length) return { linha, values };
    // The other cells' messages too, as the API gives them, so one pass over the report fixes the row.
    const probe = Object.fromEntries(Object.entries(values).filter(([k]) => !errors[k] && !schema.fields.find((f) => f.name === k)?.readOnly));
    for (const [path, msgs] of Object.entries(validateBody(schema, probe, {}).errors))
      if (topField(path) in probe) (errors[topField(path)] ??= []).push(...msgs);
    return { linha, values, outcome: { linha, acao: 'erro', mensagem: 'Corrija os valores indicados.', erros: errors } };
  }

  /** Before a row's write, in the file's order: in a tree imported in one transaction, it is no longer a row still to come. */
  reached(trx: Db, values: Record<string, unknown>): void {
    if (!this.pending) return;
    if (this.key.every((k) => !isEmptyValue(values[k]))) this.pending.delete(pendingKey(this.key, values));
    setPendingRows(trx, this.key, this.pending);
  }

  /** The texts of the row's references to records of its own entity (a tree's parent), as typed. */
  ownReferences(row: SheetRow): string[] {
    return this.cols
      .filter((c) => c.field.kind === 'reference' && c.field.ref === this.ctx.schema.name && !isEmptyValue(row.cells[c.index]))
      .map((c) => String(row.cells[c.index]).trim());
  }

  /** The texts by which another row may name this one's record (its key and its title). */
  namesOf(values: Record<string, unknown>): string[] {
    return [...this.key, this.ctx.schema.titleField].filter((k): k is string => !!k && !isEmptyValue(values[k])).map((k) => String(values[k]).trim());
  }

  /** The stored record the row names: the one its file's same row created before, else by the natural key. */
  async existing(trx: Db, r: ReadRow): Promise<Found> {
    return (await findStored(trx, this.ctx.schema, this.key, this.ctx.fileHash, [r])).get(r.linha);
  }

  /** Finds the stored records of many rows at once (existing.ts). */
  existingMany(trx: Db, rows: ReadRow[]): Promise<Map<number, Found>> {
    return findStored(trx, this.ctx.schema, this.key, this.ctx.fileHash, rows);
  }

  /**
   * A read row against what is stored (`found`) and the dry run's plan: its outcome when it needs no
   * write (an error, nothing changed), else the write it needs; nothing is written here.
   */
  async check(trx: Db, r: ReadRow, found: Found, phase: Phase, plan?: RowOutcome): Promise<Checked> {
    const { linha } = r;
    if (r.outcome) return { linha, values: r.values, outcome: r.outcome };
    const values = { ...r.values };
    const { schema, actor } = this.ctx;
    const wf = schema.workflow;
    const done = (outcome: RowOutcome): Checked => ({ linha, values: r.values, outcome });
    if (found === 'ambiguous') return done({ linha, acao: 'erro', mensagem: 'Mais de um registro tem esta chave: atualize-os pelo formulário.' });
    if (found && !(await canOn(trx, schema, actor, readActionOf(schema), found))) {
      return done({ linha, acao: 'erro', mensagem: 'Já existe um registro com esta chave, que você não pode ver nem alterar.' });
    }
    const wanted = wf && values[wf.field] !== undefined && values[wf.field] !== null ? String(values[wf.field]) : undefined;
    if (wf) delete values[wf.field];
    if (phase === 'importacao' && plan && plan.acao !== 'erro') {
      const conflict = (plan.acao === 'criar' && found) || ((plan.acao === 'atualizar' || plan.acao === 'igual') && (!found || found.id !== plan.registroId));
      if (conflict)
        return done({
          linha,
          acao: 'erro',
          mensagem: 'Outra pessoa criou ou excluiu este registro depois da simulação: nada foi gravado nesta linha. Simule de novo.',
        });
      if (found && plan.versao !== undefined && found.version !== plan.versao) {
        return done({
          linha,
          acao: 'erro',
          registroId: found.id,
          mensagem: 'Outra pessoa alterou este registro depois da simulação: nada foi sobrescrito. Simule de novo para ver os valores atuais.',
        });
      }
    }
    try {
      return found ? this.planUpdate(r, found, values, wanted) : this.planCreate(r, values, wanted);
    } catch (e) {
      return done({ ...refusal(linha, e, values), ...(found ? { registroId: found.id } : {}) });
    }
  }

  private isAdmin(rec: Record<string, unknown>): boolean {
    return this.ctx.actor.ability.can('manage' as never, subject(this.ctx.schema.subject, { ...rec }) as never);
  }

  /** An update's checks that need no database (normalised values, what changed, a state move): nothing changed is `igual`. */
  private planUpdate(r: ReadRow, before: Row, values: Record<string, unknown>, wanted: string | undefined): Checked {
    const { schema } = this.ctx;
    const wf = schema.workflow;
    const writable = Object.fromEntries(Object.entries(values).filter(([k]) => !importFieldOf(schema, k)?.readOnly));
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
    const moves = !!wf && wanted !== undefined && wanted !== before[wf.field];
    if (moves && !this.isAdmin(before)) refuseStateEdit(schema, { [wf!.field]: wanted }, before);
    if (!changed.length && !moves)
      return { linha: r.linha, values: r.values, outcome: { linha: r.linha, acao: 'igual', registroId: before.id, versao: before.version } };
    return { linha: r.linha, values: r.values, update: { before, body: Object.fromEntries(changed.map((k) => [k, writable[k]])), moves, wanted } };
  }

  /** A creation's checks that need no database: a number the server owns left blank, a state only an administrator sets. */
  private planCreate(r: ReadRow, values: Record<string, unknown>, wanted: string | undefined): Checked {
    const { schema } = this.ctx;
    const wf = schema.workflow;
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      const f = importFieldOf(schema, k)!;
      if (f.readOnly) {
        // A number the server owns names an existing record; a new one leaves it blank.
        if (!isEmptyValue(v)) {
          const msg =
            f === ID_FIELD
              ? `Nenhum registro tem ${this.key.includes(ID_FIELD.name) ? '' : 'esta chave e '}o ID ${String(v)}: deixe o ID em branco para criar um registro novo${this.key.includes(ID_FIELD.name) ? '' : ' (a chave de um registro existente muda pelo formulário)'}.`
              : `${f.label} ${String(v)} não existe: deixe em branco para o portal numerar um novo registro.`;
          throw new ApiError(400, msg, { [k]: [msg] });
        }
        continue;
      }
      if (!isEmptyValue(v)) body[k] = v;
    }
    const declared = !!wf && wanted !== undefined && wanted !== wf.initial;
    if (declared && !this.isAdmin({ ...body, [wf!.field]: wanted })) {
      const msg = `${schema.label} nov${schema.gender === 'f' ? 'a' : 'o'} começa em "${stateLabel(wf!, wf!.initial)}"; a situação "${stateLabel(wf!, wanted!)}" não pode ser definida na importação. Depois de importar, use as ações do registro.`;
      throw new ApiError(400, msg, { [wf!.field]: [msg] });
    }
    return { linha: r.linha, values: r.values, create: { body, wanted: declared ? wanted : undefined } };
  }

  /** Writes one checked row through the API's own write, behind a savepoint of the caller's transaction. */
  async write(trx: Db, c: Checked, phase: Phase): Promise<RowOutcome> {
    if (c.outcome) return c.outcome;
    await sql`savepoint import_row`.execute(trx);
    try {
      const out = c.update ? await this.update(trx, c.linha, c.update) : await this.create(trx, c.linha, c.create!, phase);
      await sql`release savepoint import_row`.execute(trx);
      return out;
    } catch (e) {
      await sql`rollback to savepoint import_row`.execute(trx);
      await sql`release savepoint import_row`.execute(trx);
      return { ...refusal(c.linha, e, c.values), ...(c.update ? { registroId: c.update.before.id } : {}) };
    }
  }

  /** Runs one row: the outcome it had (`plan`: the dry run's, for the import). */
  async run(trx: Db, row: SheetRow, phase: Phase, plan?: RowOutcome): Promise<RowOutcome> {
    const r = await this.readRow(trx, row);
    this.reached(trx, r.values);
    const c = await this.check(trx, r, r.outcome ? undefined : await this.existing(trx, r), phase, plan);
    return this.write(trx, c, phase);
  }

  private async update(trx: Db, linha: number, u: NonNullable<Checked['update']>): Promise<RowOutcome> {
    const { schema, actor } = this.ctx;
    const wf = schema.workflow;
    const { before } = u;
    let after: Row = before;
    if (Object.keys(u.body).length)
      after = await updateRecord(trx, schema, actor, String(before.id), { ...u.body, version: before.version }, undefined, { note: this.note(linha) });
    if (u.moves) after = await setStateByImport(trx, schema, actor, (await selectOne(trx, schema, before.id))!, u.wanted!, this.note(linha));
    const stored = (await selectOne(trx, schema, before.id))!;
    const alteracoes = diffRecords(schema, before, stored);
    for (const k of Object.keys(alteracoes)) if (!(k in after) && k !== wf?.field) delete alteracoes[k]; // fields the person may not read
    return { linha, acao: 'atualizar', registroId: before.id, versao: before.version, alteracoes };
  }

  private async create(trx: Db, linha: number, c: NonNullable<Checked['create']>, phase: Phase): Promise<RowOutcome> {
    const { schema, actor } = this.ctx;
    const created = await createRecord(trx, schema, actor, c.body, { note: this.note(linha) });
    let id = created.id;
    if (c.wanted !== undefined) id = (await setStateByImport(trx, schema, actor, (await selectOne(trx, schema, id))!, c.wanted, this.note(linha))).id;
    if (phase === 'importacao') await recordLedger(trx, schema.resource, this.ctx.fileHash, linha, id);
    return { linha, acao: 'criar', ...(phase === 'importacao' ? { registroId: id } : {}) };
  }
}
