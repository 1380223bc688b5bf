/**
 * The pins of a sheet (issue 42), mounted at `/api/v1/plantas` before the sheets' generic routes:
 * - `GET /:id/pinos?status=&empresa=&disciplina=&tipo=&atrasados=` — punch items and pinned records;
 * - `POST /:id/pinos` — pin an SGI record, a work order, a checklist non-conformity or a daily
 *   report's occurrences (`{ recurso, id, item?, x, y }`): the record exists, is of the sheet's site
 *   and the caller reads it; the point is inside the sheet (0–1); 400 per field otherwise;
 * - `POST /:id/pinos/:chave/confirmar` — confirm (optionally move, `{ x, y }`) a pin after a new
 *   revision of the sheet ("revisão mudou" cleared);
 * - `DELETE /:id/pinos/:chave` — unpin a record (a punch item is unpinned by editing it).
 * Pinning, moving and unpinning a record need the right to change the sheet (its site manager) or to
 * edit the record; confirming a punch item's pin, the right to edit the item.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import { schemaByName, schemaByResource } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import { PLANTA_DISCIPLINAS } from '../../../schemas/folha-planta';
import { PIN_KINDS, pinnableKind, type FiltroPinos } from '../../../resources/plantas';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf, jsonBody } from '../crud/routes';
import { canOn, parseId, selectOne, type Actor, type Row } from '../crud/record-access';
import { actionFor } from '../crud/record-access';
import { diffRecords, writeAudit } from '../crud/audit';
import { flattenExtra } from '../db/columns';
import { isNonConformity, pinOfSheet, pinsOfSheet, type PinRow } from './pins';
import { PIN_TABLE } from './tables';
import { listJson } from '../http/list-answer';

type Rec = Record<string, unknown>;
const SHEET_NOT_FOUND = 'Folha de planta não encontrada.';
const OUTSIDE = 'A posição deve estar dentro da folha: um número de 0 a 1.';
const bad = (errors: Record<string, string[]>) => {
  const first = Object.keys(errors)[0];
  return new ApiError(400, `Verifique o pino: ${errors[first][0]}`, errors);
};

/** The sheet, if the caller reads it (404 otherwise). */
async function readableSheet(db: Db, actor: Actor, raw: string): Promise<Row> {
  const schema = schemaByName('folhaPlanta')!;
  const sheet = await selectOne(db, schema, parseId(schema, raw));
  if (!sheet || !(await canOn(db, schema, actor, 'read', sheet))) throw new ApiError(404, SHEET_NOT_FOUND);
  return sheet;
}

function readFilters(q: Record<string, string>): FiltroPinos {
  const errors: Record<string, string[]> = {};
  const f: FiltroPinos = {};
  if (q.status) f.status = q.status.length <= 60 ? q.status : ((errors.status = ['Situação inválida.']), undefined);
  if (q.empresa) f.empresa = /^\d{14}$/.test(q.empresa) ? q.empresa : ((errors.empresa = ['Informe o CNPJ da empresa (14 dígitos).']), undefined);
  if (q.disciplina) f.disciplina = PLANTA_DISCIPLINAS.includes(q.disciplina) ? q.disciplina : ((errors.disciplina = ['Disciplina desconhecida.']), undefined);
  if (q.tipo)
    f.tipo = PIN_KINDS.some((k) => k.value === q.tipo)
      ? q.tipo
      : ((errors.tipo = [`Tipo desconhecido: ${PIN_KINDS.map((k) => k.value).join(', ')}.`]), undefined);
  if (q.atrasados) {
    if (['true', '1'].includes(q.atrasados)) f.atrasados = true;
    else if (!['false', '0'].includes(q.atrasados)) errors.atrasados = ['Use true ou false.'];
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'Filtro inválido.', errors);
  return f;
}

/** x and y inside the sheet; with `optional`, both may be absent. */
function readPoint(body: Rec, errors: Record<string, string[]>, optional = false): { x: number; y: number } | undefined {
  if (optional && body.x === undefined && body.y === undefined) return undefined;
  for (const k of ['x', 'y'] as const) {
    const v = body[k];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) errors[k] = [OUTSIDE];
  }
  return errors.x || errors.y ? undefined : { x: Math.round((body.x as number) * 1e6) / 1e6, y: Math.round((body.y as number) * 1e6) / 1e6 };
}

async function objectBody(req: Request): Promise<Rec> {
  const body = await jsonBody(req);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  return body as Rec;
}

/** May the caller place, move or remove this record's pin on the sheet? */
async function mayPin(db: Db, actor: Actor, sheet: Row, schema: EntitySchema, record: Rec): Promise<boolean> {
  if (actor.ability.can('update', subject('Planta', { ...sheet }) as never)) return true;
  return canOn(db, schema, actor, actionFor(schema, 'edit'), record);
}

async function pinRow(db: Db, folha: number, id: number): Promise<PinRow | undefined> {
  return (await sql<PinRow>`select * from ${sql.table(PIN_TABLE)} where id = ${id} and folha = ${folha}`.execute(db)).rows[0];
}

/** The pinned record, if it exists and the caller reads it. */
async function pinnedRecord(db: Db, actor: Actor, schema: EntitySchema, id: number): Promise<Row | undefined> {
  const row = await selectOne(db, schema, id);
  return row && (await canOn(db, schema, actor, 'read', row)) ? row : undefined;
}

export function pinRoutes(db: Db) {
  const r = new Hono<AppEnv>();

  r.get('/:id/pinos', async (c) => {
    const actor = actorOf(c);
    const sheet = await readableSheet(db, actor, c.req.param('id'));
    return listJson(c, await pinsOfSheet(db, actor, sheet.id, readFilters(c.req.query())));
  });

  r.post('/:id/pinos', async (c) => {
    const actor = actorOf(c);
    const sheet = await readableSheet(db, actor, c.req.param('id'));
    const body = await objectBody(c.req.raw);
    const errors: Record<string, string[]> = {};
    const unknown = Object.keys(body).filter((k) => !['recurso', 'id', 'item', 'x', 'y'].includes(k));
    for (const k of unknown) errors[k] = ['Campo desconhecido.'];
    const kind = typeof body.recurso === 'string' ? pinnableKind(body.recurso) : undefined;
    if (!kind)
      errors.recurso = [
        `Escolha o tipo de registro: ${PIN_KINDS.slice(1)
          .map((k) => k.value)
          .join(', ')}.`,
      ];
    const id = body.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) errors.id = ['Informe o número (id) do registro.'];
    const item = body.item;
    if (kind?.naoConformidade) {
      if (typeof item !== 'number' || !Number.isInteger(item) || item < 1 || item > 999) errors.item = ['Informe o item do checklist com a não conformidade.'];
    } else if (item !== undefined && item !== null && item !== 0) errors.item = ['Só uma não conformidade de checklist indica o item.'];
    const point = readPoint(body, errors);
    if (Object.keys(errors).length) throw bad(errors);
    const schema = schemaByResource(kind!.resource)!;
    const record = await pinnedRecord(db, actor, schema, id as number);
    if (!record) throw bad({ id: [`${schema.label} não encontrad${schema.gender === 'f' ? 'a' : 'o'}.`] });
    const recordSite = schema.obraField ? String(record[schema.obraField] ?? '') : '';
    if (recordSite !== String(sheet.obra)) throw bad({ id: [`O registro é da obra ${recordSite || '(sem obra)'}; a folha é da obra ${String(sheet.obra)}.`] });
    const itemNo = kind!.naoConformidade ? (item as number) : 0;
    if (itemNo && !isNonConformity(record, itemNo)) throw bad({ item: [`O item ${itemNo} do checklist não é uma não conformidade.`] });
    if (sheet.ativa === false) throw bad({ folha: ['Esta folha não é vigente (não consta da última revisão): fixe o pino numa folha vigente.'] });
    if (!(await mayPin(db, actor, sheet, schema, record))) throw new ApiError(403, 'Você não tem permissão para fixar este registro nesta planta.');
    const r2 = await sql<{ id: number }>`
      insert into ${sql.table(PIN_TABLE)} (folha, recurso, registro, item, x, y, criado_por)
      values (${sheet.id}, ${schema.resource}, ${id as number}, ${itemNo}, ${point!.x}, ${point!.y}, ${actor.email})
      on conflict (folha, recurso, registro, item) do update set x = excluded.x, y = excluded.y, revisao_mudou = false, revisao_anterior = null
      returning id`.execute(db);
    return c.json(await pinOfSheet(db, actor, sheet.id, `pino-${String(r2.rows[0].id)}`), 201);
  });

  r.post('/:id/pinos/:chave/confirmar', async (c) => {
    const actor = actorOf(c);
    const sheet = await readableSheet(db, actor, c.req.param('id'));
    const chave = c.req.param('chave');
    const m = /^(item|pino)-(\d{1,15})$/.exec(chave);
    if (!m) throw new ApiError(404, 'Pino não encontrado.');
    const body = await objectBody(c.req.raw);
    const errors: Record<string, string[]> = {};
    for (const k of Object.keys(body).filter((k) => k !== 'x' && k !== 'y')) errors[k] = ['Campo desconhecido.'];
    const point = readPoint(body, errors, true);
    if (Object.keys(errors).length) throw bad(errors);
    const id = Number(m[2]);
    if (m[1] === 'item') {
      const schema = schemaByName('itemVerificacao')!;
      const before = await selectOne(db, schema, id);
      if (!before || Number(before.folha) !== sheet.id || !(await canOn(db, schema, actor, 'read', before))) throw new ApiError(404, 'Pino não encontrado.');
      if (!(await canOn(db, schema, actor, actionFor(schema, 'edit'), before)))
        throw new ApiError(403, 'Você não tem permissão para confirmar o pino deste item.');
      await db.transaction().execute(async (trx) => {
        const u = await sql<{ row: Rec }>`
          update "itemVerificacao" set "revisaoMudou" = false, "revisaoAnterior" = null,
            x = ${point?.x ?? before.x ?? null}, y = ${point?.y ?? before.y ?? null},
            version = version + 1, updated_at = now(), updated_by = ${actor.email}
          where id = ${id} returning to_jsonb("itemVerificacao".*) as row`.execute(trx);
        const after = flattenExtra(u.rows[0].row);
        await writeAudit(trx, schema, id, 'update', actor.email, diffRecords(schema, before, after), {
          comment: point ? 'Pino reposicionado após a nova revisão da folha.' : 'Posição do pino confirmada após a nova revisão da folha.',
        });
      });
    } else {
      const pin = await pinRow(db, sheet.id, id);
      const schema = pin && schemaByResource(pin.recurso);
      const record = schema && (await pinnedRecord(db, actor, schema, Number(pin.registro)));
      if (!pin || !schema || !record) throw new ApiError(404, 'Pino não encontrado.');
      if (!(await mayPin(db, actor, sheet, schema, record))) throw new ApiError(403, 'Você não tem permissão para confirmar este pino.');
      await sql`
        update ${sql.table(PIN_TABLE)} set revisao_mudou = false, revisao_anterior = null,
          x = ${point?.x ?? pin.x}, y = ${point?.y ?? pin.y} where id = ${id}`.execute(db);
    }
    return c.json(await pinOfSheet(db, actor, sheet.id, chave));
  });

  r.delete('/:id/pinos/:chave', async (c) => {
    const actor = actorOf(c);
    const sheet = await readableSheet(db, actor, c.req.param('id'));
    const chave = c.req.param('chave');
    const m = /^pino-(\d{1,15})$/.exec(chave);
    if (/^item-\d{1,15}$/.test(chave)) throw new ApiError(400, 'O pino de um item de verificação sai editando o item (folha e posição).');
    const pin = m ? await pinRow(db, sheet.id, Number(m[1])) : undefined;
    const schema = pin && schemaByResource(pin.recurso);
    const record = schema && (await pinnedRecord(db, actor, schema, Number(pin.registro)));
    if (!pin || !schema || !record) throw new ApiError(404, 'Pino não encontrado.');
    if (!(await mayPin(db, actor, sheet, schema, record))) throw new ApiError(403, 'Você não tem permissão para retirar este pino.');
    const gone = await pinOfSheet(db, actor, sheet.id, chave);
    await sql`delete from ${sql.table(PIN_TABLE)} where id = ${pin.id}`.execute(db);
    return c.json(gone);
  });
  return r;
}
