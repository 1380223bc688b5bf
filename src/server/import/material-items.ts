/**
 * Items of a materials list from a spreadsheet (issue 38, special importer): the file is read by the
 * import's readers (sheet.ts: formats, limits, bomb protection), its columns matched to the item
 * fields by label (mapping.ts), its cells read as Brazilian offices write them (values.ts), and each
 * line checked with the API's own messages. The write is the generic update of the list
 * (`updateRecord`: edit rules, permissions, validation, version, history); the dry run makes the
 * same update in a transaction that is rolled back.
 */
import { subject } from '@casl/ability';
import type { EntitySchema, FieldDef } from '../../../schemas/kinds';
import { isEmptyValue } from '../../../schemas/messages';
import type { MaterialItemsLineError, MaterialItemsMode, MaterialItemsReport } from '../../../resources/material-itens-importacao';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { canOn, getRecord, selectOne, updateRecord, type Actor, type Row } from '../crud/repository';
import { actionFor } from '../crud/record-access';
import { forbiddenMessage } from '../crud/messages';
import { validateBody } from '../crud/validate';
import { stateEditRight } from '../workflow/edit-rules';
import { stateLabel } from '../workflow/definition';
import { MAX_ROWS as MAX_ROWS_OF_FIELD } from '../fields/kinds/json';
import { BadFile } from './limits';
import { dataRows, openSpreadsheet, scanSpreadsheet } from './sheet';
import { autoMapping, neededOnCreate } from './mapping';
import { coerceCell, type Coerced } from './values';
import { Resolver } from './references';

/** The items field of a materials list. */
export const ITEMS_FIELD = 'itens';
/** The state in which a list's items are drawn up (the workflow's stage "Elaboração"). */
export const ELABORATION_STATE = 'EM ELABORAÇÃO';

export function itemsFieldOf(schema: EntitySchema): FieldDef {
  const f = schema.fields.find((x) => x.name === ITEMS_FIELD && x.kind === 'rows');
  if (!f) throw new ApiError(404, 'Esta lista não tem itens para importar.');
  return f;
}

/** The most items the field holds (its `maxFiles`, else the rows kind's limit). */
export const maxItemsOf = (field: FieldDef) => Math.min(field.maxFiles ?? MAX_ROWS_OF_FIELD, MAX_ROWS_OF_FIELD);

/**
 * The items as an entity of their own, for the import's template and column matching: the item
 * fields under the list's subject, with no key, workflow nor numbering.
 */
export function itemsSchemaOf(schema: EntitySchema): EntitySchema {
  const field = itemsFieldOf(schema);
  return {
    ...schema,
    label: 'Item',
    labelPlural: 'Itens',
    gender: 'm',
    fields: field.fields ?? [],
    importKey: [],
    workflow: undefined,
    numbering: undefined,
    tree: undefined,
  };
}

/** A file's name as it may appear in the history and the report. */
// eslint-disable-next-line no-control-regex
export const cleanFileName = (name: string) => (name || 'planilha').replace(/[\u0000-\u001f\\/]/g, '_').slice(0, 200);

/**
 * The list as the person may import into it: readable (404), in a state someone may edit (403 as the
 * workflow's edit rules say), in elaboration (409), editable by them (403).
 */
export async function listForImport(db: Db, schema: EntitySchema, actor: Actor, rawId: string): Promise<Row> {
  await getRecord(db, schema, actor, rawId); // 404 for a list the person may not read
  const list = (await selectOne(db, schema, Number(rawId)))!;
  // A state no one may edit (cancelled) answers as the edit does (403); any other state but elaboration, 409.
  const right = stateEditRight(schema, list, actionFor(schema, 'edit'), (a) => actor.ability.can(a as never, subject(schema.subject, { ...list }) as never));
  const wf = schema.workflow;
  const state = wf ? String(list[wf.field] ?? '') : ELABORATION_STATE;
  if (state !== ELABORATION_STATE) {
    const label = wf ? stateLabel(wf, state) : state;
    throw new ApiError(409, `Esta lista de materiais está em "${label}": só é possível importar itens numa lista em elaboração.`);
  }
  if (!(await canOn(db, schema, actor, right.action, list)) || (right.fields && !right.fields.includes(ITEMS_FIELD))) {
    throw new ApiError(403, right.refusal ?? forbiddenMessage(schema, right.action));
  }
  return list;
}

interface ReadItems {
  items: { linha: number; values: Record<string, unknown> }[];
  errors: MaterialItemsLineError[];
  colunas: MaterialItemsReport['colunas'];
  avisos: string[];
  lines: number;
}

/** Reads the file: bad files, missing required columns and too many items are refused (400) before any line. */
export async function readItemsFile(db: Db, actor: Actor, schema: EntitySchema, bytes: Buffer, name: string, room: number): Promise<ReadItems> {
  const itemsSchema = itemsSchemaOf(schema);
  let sheet, info;
  try {
    sheet = await openSpreadsheet(bytes, name);
    if (sheet.format === 'mspdi') throw new BadFile('Envie uma planilha .xlsx ou um arquivo .csv com os itens.');
    info = await scanSpreadsheet(sheet);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    console.warn('[itens de materiais] arquivo ilegível', e);
    throw new BadFile('Não foi possível ler a planilha: o arquivo está corrompido ou em um formato inesperado. Salve-a de novo como .xlsx ou .csv.');
  }
  const mapping = autoMapping(itemsSchema, info.columns);
  const fields = new Map(itemsSchema.fields.map((f) => [f.name, f]));
  const mapped = new Set(Object.values(mapping).filter(Boolean) as string[]);
  const missing = itemsSchema.fields.filter((f) => neededOnCreate(itemsSchema, f) && !mapped.has(f.name));
  if (missing.length) {
    throw new BadFile(
      `Faltam colunas obrigatórias dos itens: ${missing.map((f) => `"${f.label}"`).join(', ')}. Use o modelo de importação de itens (cabeçalhos iguais aos nomes dos campos).`,
    );
  }
  if (info.rows > room) {
    throw new BadFile(
      `A planilha tem ${info.rows.toLocaleString('pt-BR')} linhas de itens, mas a lista comporta só mais ${room.toLocaleString('pt-BR')} (no máximo ${maxItemsOf(itemsFieldOf(schema)).toLocaleString('pt-BR')} itens por lista).`,
    );
  }
  const ignored = info.columns.filter((c) => !mapping[c.text]).map((c) => `"${c.text}"`);
  const avisos = [...info.notes, ...(ignored.length ? [`Colunas que não são campos dos itens, ignoradas: ${ignored.join(', ')}.`] : [])];
  const cols = info.columns.flatMap((c) => (mapping[c.text] ? [{ index: c.index, field: fields.get(mapping[c.text]!)! }] : []));
  const out: ReadItems = { items: [], errors: [], colunas: info.columns.map((c) => ({ coluna: c.text, campo: mapping[c.text] })), avisos, lines: info.rows };
  const resolver = new Resolver(actor);
  for await (const row of dataRows(sheet, info.headerRow)) {
    const values: Record<string, unknown> = {};
    const erros: Record<string, string[]> = {};
    for (const c of cols) {
      let got: Coerced = coerceCell(c.field, row.cells[c.index] ?? null);
      // A reference or a person in an item (an administrator's custom field): found as the import finds them, with the closest suggestion.
      if ('value' in got && got.value !== null && c.field.kind === 'reference') got = await resolver.reference(db, c.field, got.value);
      if ('value' in got && got.value !== null && c.field.kind === 'person') got = await resolver.person(db, got.value as { mail?: string; nome?: string });
      if ('error' in got) erros[c.field.name] = [got.error];
      else if (!isEmptyValue(got.value)) values[c.field.name] = got.value;
    }
    out.items.push({ linha: row.number, values });
    if (Object.keys(erros).length) out.errors.push({ linha: row.number, erros });
  }
  return out;
}

/** The list's items after the import, and each line's messages from the API's own validation of them. */
export function checkItems(schema: EntitySchema, list: Row, read: ReadItems, mode: MaterialItemsMode) {
  const before = Array.isArray(list[ITEMS_FIELD]) ? (list[ITEMS_FIELD] as Record<string, unknown>[]) : [];
  const kept = mode === 'acrescentar' ? before : [];
  const itens = [...kept, ...read.items.map((i) => i.values)];
  const byLine = new Map(read.errors.map((e) => [e.linha, e]));
  const general: string[] = [];
  const { errors } = validateBody(schema, { [ITEMS_FIELD]: itens }, list);
  for (const [path, msgs] of Object.entries(errors)) {
    const m = new RegExp(`^${ITEMS_FIELD}\\.(\\d+)\\.(\\w+)`).exec(path);
    const i = m ? Number(m[1]) - kept.length : -1;
    const item = read.items[i];
    if (!m || !item) {
      general.push(...msgs.map((x) => (m ? `Item ${Number(m[1]) + 1} já existente na lista: ${x}` : x)));
      continue;
    }
    const line = byLine.get(item.linha) ?? byLine.set(item.linha, { linha: item.linha, erros: {} }).get(item.linha)!;
    if (!line.erros[m[2]]) line.erros[m[2]] = [...msgs];
  }
  const erros = [...byLine.values()].sort((a, b) => a.linha - b.linha);
  return { itens, erros, general, antes: before.length };
}

export interface ItemsImportInput {
  rawId: string;
  bytes: Buffer;
  name: string;
  mode: MaterialItemsMode;
  /** The list's version the person saw (the import only). */
  version?: number;
}

const ROLLBACK = Symbol('rollback');

/** The dry run (`write` false) or the import of a file's items into a list. */
export async function importItems(db: Db, schema: EntitySchema, actor: Actor, input: ItemsImportInput, write: boolean): Promise<MaterialItemsReport> {
  const list = await listForImport(db, schema, actor, input.rawId);
  const field = itemsFieldOf(schema);
  const existing = Array.isArray(list[ITEMS_FIELD]) ? (list[ITEMS_FIELD] as unknown[]).length : 0;
  const room = maxItemsOf(field) - (input.mode === 'acrescentar' ? existing : 0);
  const read = await readItemsFile(db, actor, schema, input.bytes, input.name, room);
  const { itens, erros, general, antes } = checkItems(schema, list, read, input.mode);
  const report: MaterialItemsReport = {
    arquivo: input.name,
    modo: input.mode,
    linhas: read.lines,
    validas: read.lines - erros.length,
    comErro: erros.length,
    itensAntes: antes,
    itensDepois: itens.length,
    colunas: read.colunas,
    erros,
    avisos: [...read.avisos, ...general],
    importado: false,
    version: list.version,
  };
  if (write && (erros.length || general.length)) {
    const fieldErrors = Object.fromEntries(
      erros.flatMap((e) => Object.entries(e.erros).map(([f, msgs]) => [`linhas.${e.linha}.${f}`, msgs.map((m) => `Linha ${e.linha}: ${m}`)])),
    );
    throw new ApiError(
      400,
      erros.length
        ? `A planilha tem ${erros.length} linha(s) com erro: corrija-as e envie de novo. Nada foi importado.`
        : `Os itens da lista não passam na validação: ${general.join(' ')}`,
      general.length ? { ...fieldErrors, [ITEMS_FIELD]: general } : fieldErrors,
    );
  }
  if (erros.length || general.length) return report;
  const what = input.mode === 'acrescentar' ? `${read.items.length} item(ns) acrescentado(s)` : `${read.items.length} item(ns) no lugar dos anteriores`;
  const note = `Importado de ${input.name}: ${what}.`;
  const body = { [ITEMS_FIELD]: itens, version: write ? input.version : list.version };
  if (write) {
    const after = await updateRecord(db, schema, actor, input.rawId, body, undefined, { note });
    return { ...report, importado: true, version: after.version };
  }
  // The dry run: the same update (edit rules, field rights, business rules), rolled back.
  try {
    await db.transaction().execute(async (trx) => {
      await updateRecord(trx, schema, actor, input.rawId, body, undefined, { note });
      throw ROLLBACK;
    });
  } catch (e) {
    if (e !== ROLLBACK) throw e;
  }
  return report;
}
