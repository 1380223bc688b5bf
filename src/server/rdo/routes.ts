/**
 * Daily-report routes beyond the generic CRUD, mounted on /api/v1/diarios before it:
 * - GET /:id/pdf — the report as a PDF document with its signatures (same 404/403 as reading the record);
 * - GET /copia-anterior?obra= — a new report's body pre-filled from the site's latest report the
 *   caller can read ("Copiar do dia anterior": manpower, equipment, activities in progress);
 * - GET /opcoes?obra= — the site's RDO configuration the report form offers (shifts, lists, stations,
 *   mandatory sections), for whoever may write or read the site's reports.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import { schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf } from '../crud/routes';
import { getRecord, readWhere, selectOne } from '../crud/repository';
import { stripUnreadable } from '../crud/read-fields';
import type { FileStorage } from '../storage/storage';
import { todayIso } from '../time';
import { loadRdoConfig } from './config';
import { flattenExtra } from '../db/columns';
import { renderReportPdf, reportFileName } from './report-pdf';
import { signatureBlockOf } from './signature-block';

export { siteForDocument } from './report-pdf';

type Row = Record<string, unknown>;

function obraParam(raw: string | undefined): string {
  const obra = (raw ?? '').trim();
  if (!obra || obra.length > 20) throw new ApiError(400, 'Informe a obra.', { obra: ['Informe a obra.'] });
  return obra;
}

/** What a new report takes from the previous one: never its date, number, photos or occurrences. */
export function copyOfReport(last: Row): Row {
  const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);
  const inProgress = (a: Row) => a.avancoPercent === null || a.avancoPercent === undefined || Number(a.avancoPercent) < 100;
  const pick = (row: Row, keys: string[]) =>
    Object.fromEntries(keys.filter((k) => row[k] !== null && row[k] !== undefined && row[k] !== '').map((k) => [k, row[k]]));
  return {
    maoDeObra: rows(last.maoDeObra).map((m) => pick(m, ['empresa', 'funcao', 'quantidade'])),
    equipamentos: rows(last.equipamentos).map((e) => pick(e, ['equipamento', 'quantidade'])),
    atividades: rows(last.atividades)
      .filter(inProgress)
      .map((a) => pick(a, ['eapItem', 'descricao', 'unidade'])),
  };
}

export function rdoRoutes(db: Db, storage: FileStorage) {
  const schema = schemaByName('diario')!;
  const r = new Hono<AppEnv>();

  r.get('/copia-anterior', async (c) => {
    const actor = actorOf(c);
    const obra = obraParam(c.req.query('obra'));
    // As JSON, like every read of the API (dates stay 'yyyy-mm-dd').
    const found = await db
      .selectFrom('diario as t')
      .select(sql<Row>`to_jsonb(t.*)`.as('row'))
      .where('obra', '=', obra)
      .where(readWhere(schema, actor))
      .orderBy('data', 'desc')
      .orderBy('numero', 'desc')
      .limit(1)
      .executeTakeFirst();
    const last = found && flattenExtra(found.row as Row);
    if (!last) throw new ApiError(404, 'Não há diário anterior desta obra que você possa ver.');
    const source = stripUnreadable(actor.ability, schema, last as Row & { id: number; version: number });
    // Two reports of a site cannot share today's date (src/server/modules/entities/diario.ts).
    const today = todayIso();
    const taken = await db.selectFrom('diario').select('id').where('obra', '=', obra).where('data', '=', today).executeTakeFirst();
    return c.json({
      obra,
      data: taken ? null : today,
      dataOcupada: !!taken,
      ...copyOfReport(source),
      origem: { id: Number(source.id), numero: source.numero ?? null, data: source.data ?? null },
    });
  });

  r.get('/opcoes', async (c) => {
    const user = c.get('user');
    const ability = c.get('ability');
    const obra = obraParam(c.req.query('obra'));
    const probe = subject('RDO', { obra, siteManager: { mail: user.email } });
    if (!['create', 'update', 'read', 'config'].some((a) => ability.can(a as never, probe as never))) {
      throw new ApiError(403, 'Você não tem permissão para ver a configuração dos diários desta obra.');
    }
    const config = await loadRdoConfig(db, obra);
    return c.json({
      obra,
      turnos: config.turnos ?? [],
      maoDeObra: config.maoDeObra ?? [],
      equipamentos: config.equipamentos ?? [],
      estacoes: config.estacoes ?? [],
      obrigatorias: Object.entries(config.obrigatorias ?? {})
        .filter(([, v]) => v)
        .map(([k]) => k),
    });
  });

  r.get('/:id/pdf', async (c) => {
    const report = await getRecord(db, schema, actorOf(c), c.req.param('id'));
    // The signatures are checked against the content as stored (the reader's copy may lack fields).
    const stored = await selectOne(db, schema, Number(report.id));
    const signatures = stored ? await signatureBlockOf(db, schema, stored) : undefined;
    const pdf = await renderReportPdf(db, storage, report, { signatures });
    const filename = reportFileName(report);
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
        'content-length': String(pdf.length),
        'cache-control': 'private, no-store',
      },
    });
  });

  return r;
}
