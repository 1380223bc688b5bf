/**
 * "Dias impraticáveis" of a site (issue 26), mounted at `/api/v1/obras`:
 * - `GET /:obra/dias-impraticaveis?de=aaaa-mm-dd&ate=aaaa-mm-dd` — the site's concluded daily
 *   reports in the period (the current month by default) with a shift marked 'Impraticável': days,
 *   shifts, whole days lost and the list, for a contractor's claim of a time extension. Whoever
 *   reads the site's reports gets the view their read rules allow (a client's representative: the
 *   concluded reports of its sites, docs/access.md decisions 29 and 32). The app exports the list
 *   to .xlsx itself, as every list of the portal.
 * The site must exist and the caller must read its reports (404 otherwise).
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { subject } from '@casl/ability';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf } from '../crud/routes';
import { readActionOf, readWhere, type Actor } from '../crud/record-access';
import { parsePeriod } from './period';
import { lostDays } from './query';

const NOT_FOUND = 'Obra não encontrada.';

/**
 * 404 unless the caller sees the site and reads its reports: the caller's rules probed on a report
 * of the site by its manager, in every state (a client's representative reads the concluded ones),
 * or, failing that, some report of the site they may read (a site manager reads the reports he
 * wrote, wherever). A site manager of another site sees the site record, not its reports. The
 * rows themselves are then filtered by the same rules as SQL.
 */
async function assertReadableSite(db: Db, actor: Actor, obra: string): Promise<void> {
  if (!obra || obra.length > 20) throw new ApiError(404, NOT_FOUND);
  const row = await db
    .selectFrom('obra')
    .select(sql<string | null>`"siteManager" ->> 'mail'`.as('sm'))
    .where('Id_Lista', '=', obra)
    .where(readWhere(schemaByName('obra') as EntitySchema, actor))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, NOT_FOUND);
  const diario = schemaByName('diario') as EntitySchema;
  const action = readActionOf(diario);
  const manager = row.sm ? { siteManager: { mail: row.sm } } : {};
  const states = (diario.workflow?.states ?? []).map((s) => s.value);
  if (states.some((status) => actor.ability.can(action as never, subject(diario.subject, { obra, status, ...manager }) as never))) return;
  if (!actor.ability.can(action as never, diario.subject as never)) throw new ApiError(404, NOT_FOUND);
  const some = await db.selectFrom('diario').select('id').where('obra', '=', obra).where(readWhere(diario, actor)).limit(1).executeTakeFirst();
  if (!some) throw new ApiError(404, NOT_FOUND);
}

export function lostDaysRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  r.get('/:obra/dias-impraticaveis', async (c) => {
    const actor = actorOf(c);
    const obra = c.req.param('obra');
    await assertReadableSite(db, actor, obra);
    const period = parsePeriod(c.req.query('de'), c.req.query('ate'));
    return c.json(await lostDays(db, actor, obra, period));
  });
  return r;
}
