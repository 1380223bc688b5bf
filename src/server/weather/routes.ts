/**
 * `GET /api/v1/obras/:obra/clima?data=YYYY-MM-DD` — the day's weather at the site, per period of
 * the daily report (Manhã, Tarde, Noite), from the weather service (`WEATHER_URL`,
 * src/server/weather/open-meteo.ts), for whoever may read the site (404 otherwise). A bad date is
 * 400; everything else that keeps the weather from being known (no setting, no coordinates,
 * timeout, unreadable answer) is 200 `{ disponivel: false, motivo }`: the report's weather stays
 * manual. Answers are kept per site and day (src/server/weather/cache.ts).
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf } from '../crud/routes';
import { readWhere, type Actor } from '../crud/record-access';
import { todayIso } from '../time';
import { cachedWeather, storeWeather, type Point } from './cache';
import { UNAVAILABLE, fetchDayWeather, weatherUrl } from './open-meteo';

const obraSchema = () => schemaByName('obra') as EntitySchema;

/** yyyy-mm-dd of a real calendar day, or null. */
export function validDay(raw: string | undefined): string | null {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const d = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw ? raw : null;
}

/** The site's point, when the caller may read the site (404 otherwise); null without coordinates. */
async function sitePoint(db: Db, actor: Actor, obra: string): Promise<Point | null> {
  if (!obra || obra.length > 20) throw new ApiError(404, 'Obra não encontrada.');
  const row = await db
    .selectFrom('obra')
    .select([sql<string | number | null>`latitude`.as('latitude'), sql<string | number | null>`longitude`.as('longitude')])
    .where('Id_Lista', '=', obra)
    .where(readWhere(obraSchema(), actor))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Obra não encontrada.');
  const { latitude, longitude } = row as { latitude: string | number | null; longitude: string | number | null };
  if (latitude === null || longitude === null || latitude === '' || longitude === '') return null;
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  return Number.isFinite(point.latitude) && Number.isFinite(point.longitude) ? point : null;
}

export function weatherRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  r.get('/:obra/clima', async (c) => {
    const actor = actorOf(c);
    const data = validDay(c.req.query('data'));
    if (!data) throw new ApiError(400, 'Informe a data no formato AAAA-MM-DD.', { data: ['Data inválida: use AAAA-MM-DD (ex.: 2026-11-20).'] });
    const point = await sitePoint(db, actor, c.req.param('obra'));
    if (!weatherUrl()) return c.json({ disponivel: false, motivo: UNAVAILABLE.notConfigured });
    if (!point) return c.json({ disponivel: false, motivo: UNAVAILABLE.noCoordinates });
    const obra = c.req.param('obra');
    const kept = await cachedWeather(db, obra, data, point, todayIso());
    if (kept) return c.json(kept);
    const answer = await fetchDayWeather(point, data);
    if (answer.disponivel) await storeWeather(db, obra, data, point, answer);
    return c.json(answer);
  });
  return r;
}
