/**
 * A document's pages becoming a site's plan sheets (issue 42), in the caller's transaction: each
 * page of the PDF is a sheet (`folhaPlanta`), written by the generic engine with the values only this
 * service sets (write-context.ts). A new revision of the same document (`conjunto`) replaces its
 * sheets in place, matched by code, else by page: same record, new file, page, size and revision,
 * the previous revision kept, and every pin on it flagged "revisão mudou" until someone confirms its
 * place. Sheets the new revision no longer has stop being current (`ativa` false), pins flagged too.
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { EntitySchema, StoredFile } from '../../../schemas/kinds';
import type { ResultadoPlanta } from '../../../resources/plantas';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { ApiError } from '../http/errors';
import { createRecord, updateRecord, type Actor } from '../crud/repository';
import type { PlanPage } from './pdf-check';
import { flagPinsOf } from './tables';
import { withSheetValues } from './write-context';

export interface PlanSetInput {
  obra: string;
  /** The document the pages come from: `pdf:<código>` for a PDF sent directly, `projeto:<id>` for a CRE document. */
  conjunto: string;
  projeto?: number;
  revisao: string;
  /** The document's code and title: a single page takes them as they are, several pages get `-01`… and "folha 1/3". */
  codigo: string;
  titulo: string;
  disciplina: string;
  file: StoredFile;
  paginas: PlanPage[];
}

/** Longest base code when a document has several pages (the sheet's code adds `-NN`). */
export const BASE_CODE_MAX = 56;

const sheetSchema = (): EntitySchema => schemaByName('folhaPlanta')!;

/** The code and title of page `i` (0-based) of `n`. */
export function pageNaming(codigo: string, titulo: string, i: number, n: number): { codigo: string; titulo: string } {
  if (n === 1) return { codigo, titulo };
  const suffix = ` — folha ${i + 1}/${n}`;
  return { codigo: `${codigo}-${String(i + 1).padStart(2, '0')}`, titulo: `${titulo.slice(0, 200 - suffix.length)}${suffix}` };
}

type Sheet = Record<string, unknown> & { id: number; version: number; codigo: string; pagina: number | null; revisao: string | null; ativa: boolean | null };

async function sheetsOf(trx: Db, obra: string, conjunto: string): Promise<Sheet[]> {
  const r = await sql<{ row: Sheet }>`
    select to_jsonb(f.*) as row from "folhaPlanta" f where obra = ${obra} and conjunto = ${conjunto} order by pagina, id for update`.execute(trx);
  return r.rows.map((x) => flattenExtra(x.row));
}

/** Writes the sheets of one document (new or a new revision); the caller holds the transaction. */
export async function importPlanSet(trx: Db, actor: Actor, input: PlanSetInput): Promise<ResultadoPlanta> {
  const schema = sheetSchema();
  const existing = await sheetsOf(trx, input.obra, input.conjunto);
  if (existing.some((s) => s.ativa !== false && s.revisao === input.revisao)) {
    const msg = `A revisão ${input.revisao} deste documento já está nas plantas da obra: informe a nova revisão.`;
    throw new ApiError(400, msg, { revisao: [msg] });
  }
  const n = input.paginas.length;
  const named = input.paginas.map((_, i) => pageNaming(input.codigo, input.titulo, i, n));
  const newCodes = new Set(named.map((x) => x.codigo.toLowerCase()));
  const matched = new Map<number, Sheet>();
  const used = new Set<number>();
  named.forEach((x, i) => {
    const byCode = existing.find((s) => !used.has(s.id) && s.codigo.toLowerCase() === x.codigo.toLowerCase());
    const byPage = existing.find((s) => !used.has(s.id) && s.pagina === i + 1 && !newCodes.has(s.codigo.toLowerCase()));
    const hit = byCode ?? byPage;
    if (hit) {
      matched.set(i, hit);
      used.add(hit.id);
    }
  });
  const result: ResultadoPlanta = { obra: input.obra, conjunto: input.conjunto, revisao: input.revisao, folhas: [], retiradas: [], pinosMarcados: 0 };
  const file = { key: input.file.key, name: input.file.name, size: input.file.size, type: input.file.type };
  for (const [i, page] of input.paginas.entries()) {
    const server = { arquivo: [file], pagina: i + 1, largura: page.largura, altura: page.altura, revisao: input.revisao, ativa: true };
    const body = { obra: input.obra, codigo: named[i].codigo, titulo: named[i].titulo, disciplina: input.disciplina };
    const old = matched.get(i);
    if (old) {
      const values = { ...server, revisaoAnterior: old.revisao ?? null };
      const row = await withSheetValues(trx, values, () => updateRecord(trx, schema, actor, String(old.id), { ...body, version: old.version }));
      result.pinosMarcados += await flagPinsOf(trx, old.id, old.revisao ?? null);
      result.folhas.push({ id: Number(row.id), codigo: named[i].codigo, pagina: i + 1, situacao: 'substituida' });
    } else {
      const values = { ...server, conjunto: input.conjunto, projeto: input.projeto ?? null };
      const row = await withSheetValues(trx, values, () => createRecord(trx, schema, actor, body));
      result.folhas.push({ id: Number(row.id), codigo: named[i].codigo, pagina: i + 1, situacao: 'nova' });
    }
  }
  for (const old of existing) {
    if (used.has(old.id) || old.ativa === false) continue;
    await withSheetValues(trx, { ativa: false }, () => updateRecord(trx, schema, actor, String(old.id), { version: old.version }));
    result.pinosMarcados += await flagPinsOf(trx, old.id, old.revisao ?? null);
    result.retiradas.push(old.id);
  }
  return result;
}
