/**
 * The spreadsheet import's API (issue 38), `/api/v1/importacoes`: upload, template, mapping and dry
 * run, import, progress, cancel, the report per row and the result file. Described in
 * src/server/openapi/import-paths.ts.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf, jsonBody } from '../crud/routes';
import { receiveUpload } from '../storage/upload-stream';
import { BadFile, MAX_FILE_BYTES, TOO_LARGE } from './limits';
import { formatOf, openSpreadsheet, scanSpreadsheet, type ReadingAbout } from './sheet';
import { scheduleTarget } from './mspdi-target';
import { planListSheets } from './list-sheets';
import { autoMapping, checkMapping, withSaved } from './mapping';
import { checkMayImport, isImportAdmin, visibleTo } from './access';
import { importFile, importRow, insertImport, outcomes, saveMapping, savedMapping, type ImportRow, type RowAction } from './store';
import { detailOf, MODES, PHASES, ROW_ACTIONS, summaryOf } from './views';
import { requestCancel, type ImportDeps } from './job';
import { startPhase } from './queue';
import { templateWorkbook } from './template';
import { resultWorkbook } from './result-file';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_PAGE = 500;

function page(q: (k: string) => string | undefined): { start: number; end: number } {
  const start = Number(q('_start') ?? 0);
  const end = Number(q('_end') ?? start + 50);
  if (!Number.isInteger(start) || start < 0 || !Number.isInteger(end) || end <= start) {
    throw new ApiError(400, 'Paginação inválida.', { _start: ['Informe _start ≥ 0 e _end > _start.'] });
  }
  return { start, end: Math.min(end, start + MAX_PAGE) };
}

const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * The file read and checked once, with the lists it brings in sheets of their own (list-sheets.ts);
 * anything the readers did not foresee in a malformed file is still the file's fault (400), never a 5xx.
 */
async function readUpload(bytes: Buffer, name: string, schema: EntitySchema, about?: ReadingAbout) {
  try {
    const sheet = await openSpreadsheet(bytes, name, about);
    const info = await scanSpreadsheet(sheet);
    const lists = await planListSheets(sheet, schema, info);
    if (lists.plans.length) info.about = { ...info.about, listas: lists.plans };
    info.columns.push(...lists.columns);
    info.notes.push(...lists.notes);
    return { sheet, info };
  } catch (e) {
    if (e instanceof ApiError) throw e;
    console.warn('[importacao] arquivo ilegível', e);
    throw new BadFile('Não foi possível ler a planilha: o arquivo está corrompido ou em um formato inesperado. Salve-a de novo como .xlsx ou .csv.');
  }
}

export function importRoutes(deps: ImportDeps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();
  const schemaFor = (resource: string | undefined): EntitySchema => {
    const schema = resource ? deps.schemaOf(resource) : undefined;
    if (!schema) throw new ApiError(400, 'Informe o cadastro para onde importar.', { recurso: ['Recurso desconhecido.'] });
    return schema;
  };
  const load = async (c: Parameters<typeof actorOf>[0] & { req: { param: (k: string) => string } }, lock = false, trx: Db = db): Promise<ImportRow> => {
    const raw = c.req.param('id');
    if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, 'Importação não encontrada.');
    return visibleTo(await importRow(trx, Number(raw), lock), actorOf(c));
  };

  r.get('/', async (c) => {
    const actor = actorOf(c);
    const { start, end } = page((k) => c.req.query(k));
    const all = c.req.query('todas');
    if (all !== undefined && all !== 'true' && all !== 'false') throw new ApiError(400, 'Parâmetro inválido.', { todas: ['Use true ou false.'] });
    const todas = all === 'true' && isImportAdmin(actor);
    const recurso = c.req.query('recurso');
    const who = todas ? sql`true` : sql`lower(pessoa) = ${actor.email.toLowerCase()}`;
    const which = recurso ? sql`recurso = ${recurso}` : sql`true`;
    const ids = await sql<{ id: string; total: string }>`select id, count(*) over () as total from importacao where ${who} and ${which}
      order by id desc offset ${start} limit ${end - start}`.execute(db);
    const rows = await Promise.all(ids.rows.map(async (x) => (await importRow(db, Number(x.id)))!));
    const total = Number(ids.rows[0]?.total ?? 0);
    c.header('x-total-count', String(total));
    return c.json({ itens: rows.map((row) => summaryOf(row, deps.schemaOf(row.recurso))), total });
  });

  // Before `/:id`, so that "modelo" is not read as an id.
  r.get('/modelo', async (c) => {
    const schema = schemaFor(c.req.query('recurso'));
    const actor = actorOf(c);
    checkMayImport(schema, actor);
    const bytes = await templateWorkbook(db, schema, actor, deps.schemaByName);
    return c.body(new Uint8Array(bytes), 200, { 'content-type': XLSX_TYPE, 'content-disposition': attachment(`modelo-${schema.resource}.xlsx`) });
  });

  r.post('/', async (c) => {
    const actor = actorOf(c);
    const schema = schemaFor(c.req.query('recurso'));
    checkMayImport(schema, actor);
    const received = await receiveUpload(c.req.raw);
    try {
      // eslint-disable-next-line no-control-regex
      const name = (received.name || 'planilha').replace(/[\u0000-\u001f\\/]/g, '_').slice(0, 200);
      if (received.size > MAX_FILE_BYTES) throw TOO_LARGE();
      const bytes = await readFile(received.path);
      // An MS Project schedule (.xml) goes to the EAP of the site and area named in the query.
      const about =
        bytes.length && formatOf(bytes, name) === 'mspdi'
          ? await scheduleTarget(db, schema, actor, { obra: c.req.query('obra'), area: c.req.query('area') }, deps.schemaByName)
          : undefined;
      const { sheet, info } = await readUpload(bytes, name, schema, about);
      const mapping = withSaved(schema, autoMapping(schema, info.columns), await savedMapping(db, actor.email.toLowerCase(), schema.resource), info.columns);
      const id = await insertImport(db, {
        recurso: schema.resource,
        nome: name,
        hash: createHash('sha256').update(bytes).digest('hex'),
        bytes,
        formato: sheet.format,
        pessoa: actor.email.toLowerCase(),
        pessoaNome: actor.name,
        usuario: c.get('user'),
        info,
      });
      await sql`update importacao set mapeamento = cast(${JSON.stringify(mapping)} as jsonb) where id = ${id}`.execute(db);
      return c.json(detailOf((await importRow(db, id))!, schema), 201);
    } finally {
      await rm(received.path, { force: true });
    }
  });

  r.get('/:id', async (c) => {
    const row = await load(c);
    return c.json(detailOf(row, deps.schemaOf(row.recurso)));
  });

  r.post('/:id/simular', async (c) => {
    const body = (await jsonBody(c.req.raw)) as { mapeamento?: unknown };
    const actor = actorOf(c);
    const detail = await db.transaction().execute(async (trx) => {
      const row = await load(c, true, trx);
      const schema = schemaFor(row.recurso);
      checkMayImport(schema, actor);
      if (row.situacao === 'simulando' || row.situacao === 'importando') throw new ApiError(409, 'Esta importação já está em andamento.');
      if (row.situacao === 'concluida') throw new ApiError(409, 'Esta planilha já foi importada. Envie o arquivo de novo para outra importação.');
      const { mapping, notes } = checkMapping(schema, row.info.columns, body.mapeamento ?? row.mapeamento);
      await sql`update importacao set mapeamento = cast(${JSON.stringify(mapping)} as jsonb), notas = cast(${JSON.stringify(notes)} as jsonb),
        situacao = 'simulando', etapa = 'simulacao', processadas = 0, modo = null, mensagem = null, cancelar = false where id = ${row.id}`.execute(trx);
      await saveMapping(trx, actor.email.toLowerCase(), schema.resource, mapping);
      return detailOf((await importRow(trx, row.id))!, schema);
    });
    await startPhase(deps, detail.id, 'simulacao');
    return c.json(detail, 202);
  });

  r.post('/:id/importar', async (c) => {
    const body = (await jsonBody(c.req.raw)) as { modo?: unknown };
    const modo = body.modo ?? 'tudo';
    if (!MODES.includes(modo as never))
      throw new ApiError(400, 'Escolha como importar.', { modo: ['Use "tudo" (tudo ou nada) ou "validas" (só as linhas válidas).'] });
    const actor = actorOf(c);
    const detail = await db.transaction().execute(async (trx) => {
      const row = await load(c, true, trx);
      const schema = schemaFor(row.recurso);
      checkMayImport(schema, actor);
      if (row.situacao !== 'simulada') {
        throw new ApiError(
          409,
          row.situacao === 'concluida' ? 'Esta planilha já foi importada.' : 'Faça a simulação antes de importar (ou espere a que está em andamento).',
        );
      }
      if (modo === 'tudo' && row.erros > 0) {
        throw new ApiError(400, `A simulação encontrou ${row.erros} linha(s) com erro: corrija a planilha e simule de novo, ou importe só as linhas válidas.`, {
          modo: ['Há linhas com erro na simulação.'],
        });
      }
      if (modo === 'validas' && row.criadas + row.atualizadas === 0)
        throw new ApiError(400, 'Nenhuma linha válida para importar: a simulação não encontrou o que criar nem alterar.');
      await sql`update importacao set situacao = 'importando', etapa = 'importacao', modo = ${modo as string}, processadas = 0, mensagem = null,
        cancelar = false where id = ${row.id}`.execute(trx);
      return detailOf((await importRow(trx, row.id))!, schema);
    });
    await startPhase(deps, detail.id, 'importacao');
    return c.json(detail, 202);
  });

  r.post('/:id/cancelar', async (c) => {
    const row = await load(c);
    const running = (r: ImportRow | undefined) => r?.situacao === 'simulando' || r?.situacao === 'importando';
    if (!running(row)) throw new ApiError(409, 'Esta importação não está em andamento.');
    // Claimed once: a second request while the run has not stopped yet is told so.
    const claimed = await sql`update importacao set cancelar = true where id = ${row.id} and not cancelar
      and situacao in ('simulando', 'importando') returning id`.execute(db);
    if (!claimed.rows.length) {
      if (!running(await importRow(db, row.id))) throw new ApiError(409, 'Esta importação não está em andamento.');
      throw new ApiError(409, 'O cancelamento desta importação já foi pedido: ela para em instantes.');
    }
    requestCancel(row.id);
    return c.json(detailOf((await importRow(db, row.id))!, deps.schemaOf(row.recurso)), 202);
  });

  r.get('/:id/linhas', async (c) => {
    const row = await load(c);
    const etapa = c.req.query('etapa') ?? row.etapa ?? 'simulacao';
    const acao = c.req.query('acao');
    const errors: Record<string, string[]> = {};
    if (!PHASES.includes(etapa as never)) errors.etapa = ['Use simulacao ou importacao.'];
    if (acao && !ROW_ACTIONS.includes(acao as never)) errors.acao = [`Use ${ROW_ACTIONS.join(', ')}.`];
    if (Object.keys(errors).length) throw new ApiError(400, 'Parâmetros inválidos.', errors);
    const got = await outcomes(db, row.id, etapa as 'simulacao', { ...page((k) => c.req.query(k)), acao: acao as RowAction | undefined });
    c.header('x-total-count', String(got.total));
    return c.json({ linhas: got.rows, total: got.total });
  });

  r.get('/:id/resultado', async (c) => {
    const row = await load(c);
    if (!row.etapa) throw new ApiError(409, 'Ainda não há resultado: faça a simulação.');
    const schema = deps.schemaOf(row.recurso);
    const bytes = await resultWorkbook(db, row, await importFile(db, row.id), schema);
    const base = row.arquivo_nome.replace(/\.[^.]+$/, '');
    return c.body(new Uint8Array(bytes), 200, { 'content-type': XLSX_TYPE, 'content-disposition': attachment(`${base}-resultado.xlsx`) });
  });

  return r;
}
