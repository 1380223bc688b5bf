/**
 * What the punch-list report of a site shows (issue 42), gathered under the reader's rules: the items
 * through `listRecords` (the list route's access rules, field rules and privacy of staff addresses),
 * their counts by state, their history through `recordHistory`, the sheets the reader may read (each
 * rendered once, then cropped around each pin) and up to four photos per item. With `companyView`
 * (the report e-mailed to a company), internal fields are also removed from the rows and history.
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { RELATORIO_ITENS_MAX } from '../../../resources/plantas';
import type { Db } from '../db/connect';
import { readWhere, type Actor } from '../crud/record-access';
import { listRecords } from '../crud/list-records';
import { filterWhere, parseListParams } from '../crud/list-query';
import { recordHistory } from '../crud/record-history';
import { namesOf } from '../crud/external-privacy';
import { TITLES_PROPERTY } from '../crud/reference-titles';
import { siteForDocument } from '../rdo/report-pdf';
import { readAll } from '../storage/thumbnails';
import type { FileStorage } from '../storage/storage';
import { readableRowsById } from './pins';
import { cropAroundPin, renderSheet } from './sheet-crop';

type Rec = Record<string, unknown>;

/** Most items one report shows. */
export const REPORT_MAX_ITEMS = RELATORIO_ITENS_MAX;
/** Most photos shown per item (its own, then the correction's). */
const PHOTOS_PER_ITEM = 4;

/** The filters of a report, checked (report-routes.ts). */
export interface PunchFilters {
  empresa?: { cnpj: string; nome: string };
  disciplina?: string;
  status?: string[];
}

/** One entry of an item's history as the document shows it. */
export interface ReportHistoryEntry {
  em: string;
  quem: string;
  oque: string;
  comentario?: string;
}

/** One item with what its page shows. */
export interface ReportItem {
  row: Rec;
  empresa: string;
  folha?: { codigo: string; titulo: string; revisao: string };
  /** The crop around the pin (JPEG data URL); absent when the sheet could not be shown. */
  recorte?: string;
  fotos: string[];
  historico: ReportHistoryEntry[];
}

export interface ReportData {
  obra: { codigo: string; nome: string };
  filtros: PunchFilters;
  geradoEm: Date;
  porSituacao: Record<string, number>;
  total: number;
  itens: ReportItem[];
  /** Whether people are shown by name only (external readers, the company's view). */
  external: boolean;
}

const itemSchema = (): EntitySchema => schemaByName('itemVerificacao')!;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The list query of the report (the same parameters the list route reads). */
function listParams(obra: string, f: PunchFilters) {
  const q: Record<string, string[]> = { obra: [obra], _start: ['0'], _end: [String(REPORT_MAX_ITEMS)], _sort: ['numero'], _order: ['asc'] };
  if (f.empresa) q.empresaResponsavel = [f.empresa.cnpj];
  if (f.disciplina) q.disciplina = [f.disciplina];
  if (f.status?.length) q.status = f.status;
  return parseListParams(itemSchema(), q);
}

/** The fields marked internal in the schema, removed from a record (the company's view). */
function withoutInternal(schema: EntitySchema, row: Rec): Rec {
  const out = { ...row };
  for (const f of schema.fields) if (f.internal) delete out[f.name];
  return out;
}

/** The items, their total and counts by state (all matching items, not only the shown ones). */
export async function reportItems(db: Db, actor: Actor, obra: string, f: PunchFilters, companyView = false) {
  const schema = itemSchema();
  const params = listParams(obra, f);
  const { rows } = await listRecords(db, schema, actor, params);
  const counts = await db
    .selectFrom(schema.name)
    .select(['status', sql<string>`count(*)`.as('n')])
    .where(filterWhere(schema, params))
    .where(readWhere(schema, actor))
    .groupBy('status')
    .execute();
  const porSituacao: Record<string, number> = {};
  let total = 0;
  for (const c of counts) {
    porSituacao[text(c.status)] = Number(c.n);
    total += Number(c.n);
  }
  return { rows: companyView ? rows.map((r) => withoutInternal(schema, r)) : (rows as Rec[]), porSituacao, total };
}

type SheetRow = { id: number; codigo: string; titulo: string; revisao: string; pagina: number | null; key?: string };

/** The sheets the reader may read among `ids`. */
async function sheetsOf(db: Db, actor: Actor, ids: number[]): Promise<Map<number, SheetRow>> {
  const out = new Map<number, SheetRow>();
  for (const s of (await readableRowsById(db, schemaByName('folhaPlanta')!, actor, ids)).values()) {
    const file = Array.isArray(s.arquivo) ? (s.arquivo[0] as { key?: string } | undefined) : undefined;
    out.set(Number(s.id), {
      id: Number(s.id),
      codigo: text(s.codigo),
      titulo: text(s.titulo),
      revisao: text(s.revisao),
      pagina: s.pagina === null || s.pagina === undefined ? null : Number(s.pagina),
      key: typeof file?.key === 'string' ? file.key : undefined,
    });
  }
  return out;
}

/** Up to PHOTOS_PER_ITEM photos of the item (its own, then the correction's), downscaled. */
async function photosOf(storage: FileStorage, row: Rec, downscale: (b: Uint8Array) => Promise<string | undefined>): Promise<string[]> {
  const files = [row.fotos, row.fotosCorrecao].flatMap((v) => (Array.isArray(v) ? (v as { key?: string }[]) : []));
  const out: string[] = [];
  for (const f of files) {
    if (out.length >= PHOTOS_PER_ITEM) break;
    if (typeof f?.key !== 'string') continue;
    try {
      const obj = await storage.get(f.key);
      const url = obj && (await downscale(await readAll(obj.body)));
      if (url) out.push(url);
    } catch {
      // a photo missing from the store is left out
    }
  }
  return out;
}

const ACTIONS: Record<string, string> = { create: 'Criou o item', update: 'Alterou', delete: 'Excluiu', restore: 'Restaurou' };

/** The item's history as the reader receives it, each entry in words. */
async function historyOf(db: Db, actor: Actor, row: Rec, companyView: boolean): Promise<ReportHistoryEntry[]> {
  const schema = itemSchema();
  let entries: Rec[];
  try {
    entries = (await recordHistory(db, schema, actor, text(row.id))) as Rec[];
  } catch {
    return [];
  }
  const internal = new Set(schema.fields.filter((f) => f.internal).map((f) => f.name));
  const labels = new Map(schema.fields.map((f) => [f.name, f.label]));
  const mails = entries.map((e) => e.user).filter((u): u is string => typeof u === 'string' && u.includes('@'));
  const names = await namesOf(db, mails);
  const transitions = schema.workflow?.transitions ?? [];
  const out: ReportHistoryEntry[] = [];
  for (const e of [...entries].reverse()) {
    const changes = Object.keys((e.changes ?? {}) as Rec).filter((k) => !(companyView && internal.has(k)));
    const t = (e.transition && typeof e.transition === 'object' ? e.transition : undefined) as { name?: string; label?: string; to?: string } | undefined;
    const step = t ? (t.label ?? transitions.find((x) => x.name === t.name)?.label ?? text(t.name)) : undefined;
    let oque = step ? `${step}${t?.to ? ` (${t.to})` : ''}` : (ACTIONS[text(e.action)] ?? text(e.action));
    if (!step && e.action === 'update') {
      if (!changes.length) continue; // only internal fields changed: nothing the company sees
      oque = `Alterou: ${changes.map((k) => labels.get(k) ?? k).join(', ')}`;
    }
    const user = text(e.user);
    const quem = user ? (names.get(user.toLowerCase()) ?? (actor.client || companyView ? (user.includes('@') ? 'Colaborador' : user) : user)) : '—';
    out.push({ em: text(e.at), quem, oque, comentario: typeof e.comment === 'string' && e.comment ? e.comment : undefined });
  }
  return out;
}

/**
 * Everything the report shows. `companyView`: the e-mailed report, built with the sender's rules but
 * as an external reader receives it (no internal fields, staff by name).
 */
export async function loadReportData(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  obra: string,
  filtros: PunchFilters,
  downscale: (b: Uint8Array) => Promise<string | undefined>,
  companyView = false,
): Promise<ReportData> {
  const reader: Actor = companyView ? { ...actor, client: true } : actor;
  const { rows, porSituacao, total } = await reportItems(db, reader, obra, filtros, companyView);
  const site = await siteForDocument(db, obra);
  const sheetIds = [...new Set(rows.map((r) => Number(r.folha)).filter((n) => Number.isInteger(n) && n > 0))];
  const sheets = await sheetsOf(db, actor, sheetIds);
  const crops = new Map<number, string>();
  // Each sheet rendered once, cropped for each of its pins, then let go.
  for (const id of sheetIds) {
    const sheet = sheets.get(id);
    const rendered = sheet && (await renderSheet(storage, { key: sheet.key, pagina: sheet.pagina }));
    if (!rendered) continue;
    for (const r of rows) {
      if (Number(r.folha) !== id) continue;
      const crop = await cropAroundPin(rendered, Number(r.x ?? NaN), Number(r.y ?? NaN));
      if (crop) crops.set(Number(r.id), crop);
    }
  }
  const itens: ReportItem[] = [];
  for (const row of rows) {
    const titles = (row[TITLES_PROPERTY] ?? {}) as Record<string, { title?: string } | undefined>;
    const sheet = sheets.get(Number(row.folha));
    itens.push({
      row,
      empresa: titles.empresaResponsavel?.title ?? text(row.empresaResponsavel),
      folha: sheet ? { codigo: sheet.codigo, titulo: sheet.titulo, revisao: sheet.revisao } : undefined,
      recorte: crops.get(Number(row.id)),
      fotos: await photosOf(storage, row, downscale),
      historico: await historyOf(db, reader, row, companyView),
    });
  }
  return {
    obra: { codigo: obra, nome: text(site?.nome) },
    filtros,
    geradoEm: new Date(),
    porSituacao,
    total,
    itens,
    external: !!reader.client,
  };
}
