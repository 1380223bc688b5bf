/**
 * A site's plans (issue 42), mounted at `/api/v1/obras`:
 * - `GET /:obra/plantas` — the site's sheets the caller reads, each with its punch items by state
 *   (those the caller reads), overdue ones, pins of other records and pins waiting for a confirmation;
 * - `POST /:obra/plantas` — a plan PDF (multipart: `file`, `codigo`, `titulo`, `disciplina`,
 *   `revisao`): each page becomes a sheet; the same code sent again with a new revision replaces
 *   that document's sheets and flags their pins. Checked before anything is stored: the right to send
 *   plans to the site, the fields, the file (a PDF by its bytes, not encrypted, within PLANTA_MAX_MB,
 *   pages within 14,400 pt): 400 with pt-BR messages per field otherwise.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { rm } from 'node:fs/promises';
import { subject } from '@casl/ability';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { PLANTA_DISCIPLINAS } from '../../../schemas/folha-planta';
import type { FolhaDaObra } from '../../../resources/plantas';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf } from '../crud/routes';
import { readWhere, type Actor } from '../crud/record-access';
import { stripUnreadable } from '../crud/read-fields';
import { receiveUpload } from '../storage/upload-stream';
import { checkFileName, sniffType } from '../storage/file-types';
import { fileUrlOf } from '../storage/routes';
import type { FileStorage } from '../storage/storage';
import { inspectPlanPdf, plantaMaxMb, PDF_MESSAGES, tooLargePlan } from './pdf-check';
import { OVERDUE_SQL, readableWhere } from './pins';
import { BASE_CODE_MAX } from './sheets';
import { storeAndImport } from './sheet-store';
import { PIN_TABLE } from './tables';
import { listJson } from '../http/list-answer';

const NOT_FOUND = 'Obra não encontrada.';
const sheetSchema = (): EntitySchema => schemaByName('folhaPlanta')!;

/** 404 unless the site exists and the caller reads it. */
export async function assertSite(db: Db, actor: Actor, obra: string): Promise<void> {
  if (!obra || obra.length > 20) throw new ApiError(404, NOT_FOUND);
  const row = await db
    .selectFrom('obra')
    .select('Id_Lista')
    .where('Id_Lista', '=', obra)
    .where(readWhere(schemaByName('obra')!, actor))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, NOT_FOUND);
}

/** A text field of the form: trimmed, with its bounds; its error goes to `errors`. */
function textField(fields: Record<string, string>, name: string, label: string, min: number, max: number, errors: Record<string, string[]>, fallback = '') {
  const v = (fields[name] ?? fallback).trim();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(v)) errors[name] = [`${label}: sem caracteres de controle.`];
  else if (v.length < min) errors[name] = [min === 1 ? `Informe ${label.toLowerCase()}.` : `${label}: ao menos ${min} caracteres.`];
  else if (v.length > max) errors[name] = [`${label}: no máximo ${max} caracteres.`];
  return v;
}

/** The site's sheets with their counts. */
async function sheetsOfSite(db: Db, actor: Actor, obra: string): Promise<FolhaDaObra[]> {
  const schema = sheetSchema();
  const rows = await db
    .selectFrom(schema.name)
    .select(sql<Record<string, unknown>>`to_jsonb(${sql.table(schema.name)}.*)`.as('row'))
    .where('obra', '=', obra)
    .where(readWhere(schema, actor))
    .orderBy(sql`ativa is not true`)
    .orderBy('codigo')
    .execute();
  const sheets = rows.map(({ row }) => stripUnreadable(actor.ability, schema, flattenExtra(row)));
  const ids = sheets.map((s) => Number(s.id));
  const counts = new Map<number, FolhaDaObra['itens']>();
  const flagged = new Map<number, number>();
  const others = new Map<number, number>();
  const itemWhere = readableWhere(schemaByName('itemVerificacao')!, actor);
  if (ids.length && itemWhere) {
    const r = await db
      .selectFrom('itemVerificacao')
      .select([
        'folha',
        'status',
        sql<string>`count(*)`.as('n'),
        sql<string>`count(*) filter (where ${OVERDUE_SQL})`.as('atrasados'),
        sql<string>`count(*) filter (where "revisaoMudou")`.as('mudou'),
      ])
      .where('folha', 'in', ids)
      .where(itemWhere)
      .groupBy(['folha', 'status'])
      .execute();
    for (const x of r) {
      const id = Number(x.folha);
      const c = counts.get(id) ?? { total: 0, atrasados: 0, porSituacao: {} };
      c.total += Number(x.n);
      c.atrasados += Number(x.atrasados);
      c.porSituacao[String(x.status)] = Number(x.n);
      counts.set(id, c);
      flagged.set(id, (flagged.get(id) ?? 0) + Number(x.mudou));
    }
  }
  if (ids.length) {
    const r = await sql<{ folha: string; n: string; mudou: string }>`
      select folha, count(*) as n, count(*) filter (where revisao_mudou) as mudou from ${sql.table(PIN_TABLE)}
      where folha in (${sql.join(ids)}) group by folha`.execute(db);
    for (const x of r.rows) {
      others.set(Number(x.folha), Number(x.n));
      flagged.set(Number(x.folha), (flagged.get(Number(x.folha)) ?? 0) + Number(x.mudou));
    }
  }
  return sheets.map((s) => {
    const id = Number(s.id);
    const file = Array.isArray(s.arquivo) ? (s.arquivo[0] as { key: string; name: string; size: number } | undefined) : undefined;
    const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      id,
      codigo: String(s.codigo ?? ''),
      titulo: String(s.titulo ?? ''),
      disciplina: (s.disciplina as string | undefined) ?? null,
      revisao: (s.revisao as string | undefined) ?? null,
      revisaoAnterior: (s.revisaoAnterior as string | undefined) ?? null,
      pagina: n(s.pagina),
      largura: n(s.largura),
      altura: n(s.altura),
      ativa: s.ativa !== false,
      conjunto: (s.conjunto as string | undefined) ?? null,
      projeto: n(s.projeto),
      arquivo: file ? { key: file.key, name: file.name, size: file.size, url: fileUrlOf(file.key) } : null,
      itens: counts.get(id) ?? { total: 0, atrasados: 0, porSituacao: {} },
      outrosPinos: others.get(id) ?? 0,
      revisaoMudou: flagged.get(id) ?? 0,
    };
  });
}

export function siteSheetRoutes(db: Db, storage: FileStorage) {
  const r = new Hono<AppEnv>();

  r.get('/:obra/plantas', async (c) => {
    const actor = actorOf(c);
    const obra = c.req.param('obra');
    await assertSite(db, actor, obra);
    return listJson(c, await sheetsOfSite(db, actor, obra));
  });

  r.post('/:obra/plantas', async (c) => {
    const actor = actorOf(c);
    const obra = c.req.param('obra');
    await assertSite(db, actor, obra);
    if (!actor.ability.can('create', subject('Planta', { obra }) as never)) {
      throw new ApiError(403, 'Você não tem permissão para enviar plantas desta obra.');
    }
    const limit = plantaMaxMb();
    let received;
    try {
      received = await receiveUpload(c.req.raw, limit);
    } catch (e) {
      throw e instanceof ApiError && e.status === 413 ? tooLargePlan(limit) : e;
    }
    try {
      const errors: Record<string, string[]> = {};
      const checked = checkFileName(received.name);
      if (!checked.name) errors.file = [checked.error!];
      else if (received.size === 0) errors.file = ['O arquivo está vazio.'];
      const name = checked.name ?? 'planta.pdf';
      const codigo = textField(received.fields, 'codigo', 'Código', 1, 60, errors);
      const titulo = textField(received.fields, 'titulo', 'Título', 2, 200, errors, name.replace(/\.pdf$/i, ''));
      const revisao = textField(received.fields, 'revisao', 'Revisão', 1, 5, errors, '0');
      const disciplina = (received.fields.disciplina ?? 'Geral').trim() || 'Geral';
      if (!PLANTA_DISCIPLINAS.includes(disciplina)) errors.disciplina = [`Escolha uma disciplina: ${PLANTA_DISCIPLINAS.join(', ')}.`];
      if (!errors.file && (await sniffType(received.path, name)) !== 'application/pdf') errors.file = [PDF_MESSAGES.naoPdf];
      if (errors.file) throw new ApiError(400, errors.file[0], errors);
      const paginas = await inspectPlanPdf(received.path);
      if (paginas.length > 1 && codigo.length > BASE_CODE_MAX && !errors.codigo) {
        errors.codigo = [`Código: no máximo ${BASE_CODE_MAX} caracteres num PDF de várias folhas (cada folha recebe -01, -02…).`];
      }
      const fields = Object.keys(errors);
      if (fields.length) throw new ApiError(400, `Verifique os dados da planta: ${errors[fields[0]][0]}`, errors);
      const result = await storeAndImport(
        db,
        storage,
        actor,
        { path: received.path, name, size: received.size },
        { obra, conjunto: `pdf:${codigo.toLowerCase()}`, revisao, codigo, titulo, disciplina, paginas },
      );
      return c.json(result, 201);
    } finally {
      await rm(received.path, { force: true });
    }
  });
  return r;
}
