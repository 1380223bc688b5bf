/**
 * The pins of a sheet as the caller may see them (issue 42): the punch items placed on it (under the
 * items' own read rules, as SQL) and the records of other modules pinned on it (`planta_pino`), each
 * read under its module's rules and shown with its own state, code, discipline, company and due date.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { schemaByName, schemaByResource } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { NAO_CONFORME } from '../../../schemas/shared/checklist-answers';
import { PIN_KINDS, PUNCH_RESOURCE, pinnableKind, type FiltroPinos, type PinoDaFolha } from '../../../resources/plantas';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { ApiError } from '../http/errors';
import { readWhere, type Actor } from '../crud/record-access';
import { stripUnreadable } from '../crud/read-fields';
import { titleOf } from '../workflow/notify';
import { PIN_TABLE } from './tables';

type Rec = Record<string, unknown>;

/** Overdue as "Minhas pendências" says it: the SLA was breached, or its open deadline passed while the clock runs. */
export const OVERDUE_SQL = sql<SqlBool>`("slaSituacao" = 'Violado' or ("slaPrazo" is not null and "slaPrazo" < now() and coalesce("slaSituacao", '') not in ('Atendido', 'Pausado')))`;

export function isOverdue(row: Rec, now = Date.now()): boolean {
  if (row.slaSituacao === 'Violado') return true;
  const due = typeof row.slaPrazo === 'string' ? Date.parse(row.slaPrazo) : NaN;
  return Number.isFinite(due) && due < now && !['Atendido', 'Pausado'].includes(String(row.slaSituacao ?? ''));
}

/** The caller's list rule of an entity as SQL, or undefined when they may list none of it. */
export function readableWhere(schema: EntitySchema, actor: Actor) {
  try {
    return readWhere(schema, actor);
  } catch (e) {
    if (e instanceof ApiError && e.status === 403) return undefined;
    throw e;
  }
}

/** The records of `ids` the caller reads, by id, with only the fields they read. */
export async function readableRowsById(db: Db, schema: EntitySchema, actor: Actor, ids: number[]): Promise<Map<number, Rec>> {
  const where = readableWhere(schema, actor);
  if (!ids.length || !where) return new Map();
  const rows = await db
    .selectFrom(schema.name)
    .select(sql<Rec>`to_jsonb(${sql.table(schema.name)}.*)`.as('row'))
    .where('id', 'in', ids)
    .where(where)
    .execute();
  return new Map(rows.map(({ row }) => [Number(row.id), stripUnreadable(actor.ability, schema, flattenExtra(row))]));
}

function stateOf(schema: EntitySchema, row: Rec): PinoDaFolha['estado'] {
  const wf = schema.workflow;
  const value = wf ? row[wf.field] : undefined;
  if (!wf || typeof value !== 'string') return null;
  const st = wf.states.find((s) => s.value === value);
  return { valor: value, rotulo: st?.label ?? value, cor: st?.color ?? 'default' };
}

/** The company a record names: a punch item's responsible company, else its first company reference (an SGI record's supplier). */
function companyOf(schema: EntitySchema, row: Rec): string | null {
  const f = schema.fields.find((x) => x.name === 'empresaResponsavel') ?? schema.fields.find((x) => x.kind === 'reference' && x.ref === 'empresa');
  const v = f ? row[f.name] : null;
  return typeof v === 'string' && v ? v : null;
}

function codeOf(schema: EntitySchema, row: Rec): string | null {
  const field = schema.numbering?.field ?? (schema.fields.some((f) => f.name === 'codigo') ? 'codigo' : undefined);
  const v = field ? row[field] : undefined;
  return v === null || v === undefined || v === '' ? null : String(v);
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
/** The item number of a checklist answer: its own, or its position (answers saved before they carried it). */
const itemNumber = (a: Rec, i: number) => (typeof a.item === 'number' && a.item > 0 ? a.item : i + 1);

/** One pin as the app reads it. */
function pinOf(
  schema: EntitySchema,
  row: Rec,
  pin: { chave: string; x: unknown; y: unknown; item: number | null; revisaoMudou: boolean; revisaoAnterior: unknown },
): PinoDaFolha {
  let titulo = titleOf(schema, row);
  if (pin.item) {
    const answers = Array.isArray(row.respostas) ? (row.respostas as Rec[]) : [];
    const answer = answers.find((a, i) => itemNumber(a, i) === pin.item);
    titulo = answer?.pergunta ? `Item ${pin.item}: ${String(answer.pergunta)}` : `Não conformidade do item ${pin.item}`;
  }
  const resource = schema.resource;
  return {
    chave: pin.chave,
    recurso: resource,
    id: Number(row.id),
    item: pin.item,
    tipo: PIN_KINDS.find((k) => k.value === resource)?.label ?? schema.label,
    x: num(pin.x),
    y: num(pin.y),
    titulo,
    codigo: codeOf(schema, row),
    estado: stateOf(schema, row),
    disciplina: typeof row.disciplina === 'string' ? row.disciplina : null,
    empresa: companyOf(schema, row),
    prazo: typeof row.slaPrazo === 'string' ? row.slaPrazo : null,
    atrasado: isOverdue(row),
    revisaoMudou: pin.revisaoMudou,
    revisaoAnterior: typeof pin.revisaoAnterior === 'string' ? pin.revisaoAnterior : null,
  };
}

const matches = (p: PinoDaFolha, f: FiltroPinos) =>
  (!f.status || p.estado?.valor === f.status) &&
  (!f.empresa || p.empresa === f.empresa) &&
  (!f.disciplina || p.disciplina === f.disciplina) &&
  (!f.atrasados || p.atrasado);

/** The punch items on the sheet the caller may read, filtered in SQL. */
async function itemPins(db: Db, actor: Actor, folha: number, f: FiltroPinos): Promise<PinoDaFolha[]> {
  const schema = schemaByName('itemVerificacao')!;
  const where = readableWhere(schema, actor);
  if (!where) return [];
  const conds: RawBuilder<SqlBool>[] = [sql<SqlBool>`folha = ${folha}`];
  if (f.status) conds.push(sql<SqlBool>`status = ${f.status}`);
  if (f.empresa) conds.push(sql<SqlBool>`"empresaResponsavel" = ${f.empresa}`);
  if (f.disciplina) conds.push(sql<SqlBool>`disciplina = ${f.disciplina}`);
  if (f.atrasados) conds.push(OVERDUE_SQL);
  const rows = await db
    .selectFrom(schema.name)
    .select(sql<Rec>`to_jsonb(${sql.table(schema.name)}.*)`.as('row'))
    .where(sql<SqlBool>`${sql.join(conds, sql` and `)}`)
    .where(where)
    .orderBy('numero')
    .execute();
  return rows.map(({ row }) => {
    const r = stripUnreadable(actor.ability, schema, flattenExtra(row));
    return pinOf(schema, r, {
      chave: `item-${String(r.id)}`,
      x: row.x,
      y: row.y,
      item: null,
      revisaoMudou: row.revisaoMudou === true,
      revisaoAnterior: row.revisaoAnterior,
    });
  });
}

export type PinRow = {
  id: number;
  folha: number;
  recurso: string;
  registro: number;
  item: number;
  x: string;
  y: string;
  revisao_mudou: boolean;
  revisao_anterior: string | null;
};

/** The records of other modules pinned on the sheet, each read under its module's rules. */
async function recordPins(db: Db, actor: Actor, folha: number, f: FiltroPinos, only?: number): Promise<PinoDaFolha[]> {
  const r = await sql<PinRow>`
    select * from ${sql.table(PIN_TABLE)} where folha = ${folha}
      ${f.tipo ? sql`and recurso = ${f.tipo}` : sql``} ${only ? sql`and id = ${only}` : sql``} order by id`.execute(db);
  const out: PinoDaFolha[] = [];
  const byResource = new Map<string, PinRow[]>();
  for (const p of r.rows) byResource.set(p.recurso, [...(byResource.get(p.recurso) ?? []), p]);
  for (const [resource, pins] of byResource) {
    const schema = pinnableKind(resource) && schemaByResource(resource);
    if (!schema) continue;
    const byId = await readableRowsById(db, schema, actor, [...new Set(pins.map((p) => Number(p.registro)))]);
    for (const p of pins) {
      const row = byId.get(Number(p.registro));
      if (!row) continue;
      const item = Number(p.item) || null;
      out.push(pinOf(schema, row, { chave: `pino-${String(p.id)}`, x: p.x, y: p.y, item, revisaoMudou: p.revisao_mudou, revisaoAnterior: p.revisao_anterior }));
    }
  }
  return out.filter((p) => matches(p, f));
}

/** Every pin of the sheet the caller may see, with the filters. */
export async function pinsOfSheet(db: Db, actor: Actor, folha: number, f: FiltroPinos = {}): Promise<PinoDaFolha[]> {
  const items = !f.tipo || f.tipo === PUNCH_RESOURCE ? await itemPins(db, actor, folha, f) : [];
  const others = f.tipo === PUNCH_RESOURCE ? [] : await recordPins(db, actor, folha, f);
  return [...items, ...others];
}

/** One pin of the sheet by its key, as the caller sees it (undefined when it is not there or not readable). */
export async function pinOfSheet(db: Db, actor: Actor, folha: number, chave: string): Promise<PinoDaFolha | undefined> {
  const m = /^(item|pino)-(\d{1,15})$/.exec(chave);
  if (!m) return undefined;
  if (m[1] === 'pino') return (await recordPins(db, actor, folha, {}, Number(m[2])))[0];
  return (await itemPins(db, actor, folha, {})).find((p) => p.chave === chave);
}

/** A checklist's answer for the item number is a non-conformity. */
export function isNonConformity(row: Rec, item: number): boolean {
  const answers = Array.isArray(row.respostas) ? (row.respostas as Rec[]) : [];
  return answers.some((a, i) => itemNumber(a, i) === item && a.conformidade === NAO_CONFORME);
}
