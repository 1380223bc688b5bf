/**
 * The works schedule of a site, mounted at `/api/v1/obras`:
 * - `GET /:obra/cronograma` — (for whoever reads the site's RDOs, planners and EAP readers) the EAP items with planned dates, weight, progress and delay, and
 *   what the caller may do (`podeEditar`, `podeAvisar`);
 * - `GET /:obra/curva-s?intervalo=dia|semana` — planned vs realised cumulative progress (SQL);
 * - `PATCH /:obra/cronograma/:id` `{ version, inicioPrevisto?, terminoPrevisto? }` — the planned
 *   dates of one item, for planners (`data_planejada` on the site's RDO) and for whoever may edit
 *   the item itself (`update` on `EapOS`): the generic CRUD knows only the latter;
 * - `POST /:obra/aviso-atraso` — mails the site manager the late items (`aviso-atraso`).
 * The site must exist and be visible to the caller (404 otherwise).
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf, jsonBody } from '../crud/routes';
import { readWhere, selectOne, type Actor } from '../crud/record-access';
import { validateBody } from '../crud/validate';
import { diffRecords, writeAudit } from '../crud/audit';
import { todayIso } from '../time';
import { canWarn, isPlanner, scheduleScopeFor } from './scope';
import { scheduleItems } from './items';
import { sCurve } from './progress-sql';
import { NoSiteManager, sendDelayWarning } from './delay-warning';
import { flattenExtra } from '../db/columns';

const eapOs = () => schemaByName('eapOs') as EntitySchema;
const obraSchema = () => schemaByName('obra') as EntitySchema;
const DATE_FIELDS = ['inicioPrevisto', 'terminoPrevisto'] as const;

async function visibleSite(db: Db, actor: Actor, obra: string): Promise<{ id: string; nome: string | null; sm: string | null }> {
  if (!obra || obra.length > 20) throw new ApiError(404, 'Obra não encontrada.');
  const row = await db
    .selectFrom('obra')
    .select(['Id_Lista as id', 'nome', sql<string | null>`"siteManager" ->> 'mail'`.as('sm')])
    .where('Id_Lista', '=', obra)
    .where(readWhere(obraSchema(), actor))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Obra não encontrada.');
  return row as { id: string; nome: string | null; sm: string | null };
}

const NO_SCHEDULE = 'Você não tem permissão para ver o cronograma desta obra.';

async function updatePlannedDates(db: Db, actor: Actor, obra: string, rawId: string, body: unknown) {
  if (!/^\d{1,15}$/.test(rawId)) throw new ApiError(404, 'Item da EAP não encontrado.');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const b = body as Record<string, unknown>;
  const extra = Object.keys(b).filter((k) => k !== 'version' && !(DATE_FIELDS as readonly string[]).includes(k));
  if (extra.length) {
    throw new ApiError(
      400,
      'Aqui só as datas planejadas podem ser alteradas.',
      Object.fromEntries(extra.map((k) => [k, ['Campo não alterável no cronograma.']])),
    );
  }
  if (b.version === undefined || b.version === null || !Number.isInteger(Number(b.version))) {
    throw new ApiError(400, 'Informe a versão do registro que está sendo editado.', { version: ['Campo obrigatório.'] });
  }
  const schema = eapOs();
  return db.transaction().execute(async (trx) => {
    const before = await selectOne(trx, schema, Number(rawId), true);
    if (!before || before.obra !== obra) throw new ApiError(404, 'Item da EAP não encontrado.');
    const allowed = isPlanner(actor.ability, obra) || actor.ability.can('update' as never, subject('EapOS', { ...before }) as never);
    if (!allowed) throw new ApiError(403, 'Você não tem permissão para alterar as datas planejadas desta obra.');
    if (Number(b.version) !== before.version) {
      throw new ApiError(409, 'Este registro foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual.');
    }
    const input = Object.fromEntries(DATE_FIELDS.filter((k) => k in b).map((k) => [k, b[k]]));
    const { values, errors } = validateBody(schema, input, before);
    const ini = (DATE_FIELDS[0] in values ? values.inicioPrevisto : before.inicioPrevisto) as string | null | undefined;
    const fim = (DATE_FIELDS[1] in values ? values.terminoPrevisto : before.terminoPrevisto) as string | null | undefined;
    if (!errors.terminoPrevisto && ini && fim && fim < ini) errors.terminoPrevisto = ['O término previsto não pode ser anterior ao início previsto.'];
    if (Object.keys(errors).length) throw new ApiError(400, 'Verifique os campos destacados.', errors);
    const changed = DATE_FIELDS.filter((k) => k in values && (values[k] ?? null) !== (before[k] ?? null));
    if (!changed.length) return before;
    const r = await sql<{ row: Record<string, unknown> & { id: number } }>`
      update "eapOs" set ${sql.join(changed.map((k) => sql`${sql.ref(k)} = ${values[k] ?? null}`))},
        version = version + 1, updated_at = now(), updated_by = ${actor.email}
      where id = ${before.id} and version = ${before.version}
      returning to_jsonb("eapOs".*) as row`.execute(trx);
    const row = r.rows[0]?.row && flattenExtra(r.rows[0].row);
    if (!row) throw new ApiError(409, 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.');
    await writeAudit(trx, schema, before.id, 'update', actor.email, diffRecords(schema, before, row));
    return row;
  });
}

export function scheduleRoutes(db: Db) {
  const r = new Hono<AppEnv>();

  r.get('/:obra/cronograma', async (c) => {
    const actor = actorOf(c);
    const obra = c.req.param('obra');
    const site = await visibleSite(db, actor, obra);
    const scope = scheduleScopeFor(actor.ability, site);
    if (!scope) throw new ApiError(403, NO_SCHEDULE);
    const hoje = todayIso();
    const itens = await scheduleItems(db, obra, scope, hoje);
    const planner = isPlanner(actor.ability, obra);
    const rows = await db.selectFrom('eapOs').selectAll().where('obra', '=', obra).execute();
    const editable = new Set(rows.filter((x) => planner || actor.ability.can('update' as never, subject('EapOS', { ...x }) as never)).map((x) => Number(x.id)));
    return c.json({
      obra: { id: site.id, nome: site.nome },
      hoje,
      podeEditar: planner || editable.size > 0,
      podeAvisar: canWarn(actor.ability, obra),
      itens: itens.map((i) => ({ ...i, editavel: editable.has(i.id) })),
    });
  });

  r.get('/:obra/curva-s', async (c) => {
    const actor = actorOf(c);
    const obra = c.req.param('obra');
    const site = await visibleSite(db, actor, obra);
    const intervalo = c.req.query('intervalo') ?? 'semana';
    if (intervalo !== 'dia' && intervalo !== 'semana') {
      throw new ApiError(400, 'Parâmetro inválido.', { intervalo: ['Use "dia" ou "semana".'] });
    }
    const scope = scheduleScopeFor(actor.ability, site);
    if (!scope) throw new ApiError(403, NO_SCHEDULE);
    const pontos = await sCurve(db, obra, scope, intervalo === 'dia' ? 1 : 7);
    const realised = pontos.filter((p) => p.realizado !== null);
    const last = realised[realised.length - 1];
    return c.json({ obra, intervalo, pontos, realizado: last ? { data: last.data, valor: last.realizado } : null });
  });

  r.patch('/:obra/cronograma/:id', async (c) => {
    const actor = actorOf(c);
    const obra = c.req.param('obra');
    await visibleSite(db, actor, obra);
    return c.json(await updatePlannedDates(db, actor, obra, c.req.param('id'), await jsonBody(c.req.raw)));
  });

  r.post('/:obra/aviso-atraso', async (c) => {
    const actor = actorOf(c);
    const obra = c.req.param('obra');
    await visibleSite(db, actor, obra);
    if (!canWarn(actor.ability, obra)) throw new ApiError(403, 'Você não tem permissão para enviar o aviso de atraso desta obra.');
    try {
      const result = await sendDelayWarning(db, obra, actor.name || actor.email, todayIso());
      if (!result) throw new ApiError(404, 'Obra não encontrada.');
      return c.json({ ...result, enviado: result.itens.length > 0 && result.para.length > 0 });
    } catch (e) {
      if (e instanceof NoSiteManager) throw new ApiError(409, 'A obra não tem site manager com e-mail cadastrado para receber o aviso.');
      throw e;
    }
  });

  return r;
}
