/**
 * Answers of the weather service kept per site and day (`clima_cache`, a core table registered by
 * src/server/weather/register.ts): a past day's answer is kept for good, today's and a future
 * day's (a forecast that still changes) for an hour. An answer is for the site's point when it was
 * asked: moving the site's coordinates asks again. Only readable answers are kept.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { DayWeather } from './periods';

export const WEATHER_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS clima_cache (
     obra text not null, data date not null,
     latitude numeric(9,6) not null, longitude numeric(9,6) not null,
     resposta jsonb not null,
     obtido_em timestamptz not null default now(),
     primary key (obra, data))`,
];

/** How long today's (or a future day's) answer is reused. */
export const TODAY_TTL_MS = 60 * 60 * 1000;

export interface Point {
  latitude: number;
  longitude: number;
}

/** The kept answer of this site, day and point, if still good (`today`: the portal's today). */
export async function cachedWeather(db: Db, obra: string, data: string, point: Point, today: string): Promise<DayWeather | null> {
  const r = await sql<{ resposta: DayWeather | string; obtido_em: Date | string }>`
    select resposta, obtido_em from clima_cache
    where obra = ${obra} and data = ${data}::date
      and latitude = ${point.latitude.toFixed(6)}::numeric and longitude = ${point.longitude.toFixed(6)}::numeric`.execute(db);
  const row = r.rows[0];
  if (!row) return null;
  const past = data < today;
  if (!past && Date.now() - new Date(row.obtido_em).getTime() > TODAY_TTL_MS) return null;
  return typeof row.resposta === 'string' ? (JSON.parse(row.resposta) as DayWeather) : row.resposta;
}

export async function storeWeather(db: Db, obra: string, data: string, point: Point, answer: DayWeather): Promise<void> {
  await sql`
    insert into clima_cache (obra, data, latitude, longitude, resposta, obtido_em)
    values (${obra}, ${data}::date, ${point.latitude.toFixed(6)}::numeric, ${point.longitude.toFixed(6)}::numeric, ${JSON.stringify(answer)}::jsonb, now())
    on conflict (obra, data) do update
      set latitude = excluded.latitude, longitude = excluded.longitude, resposta = excluded.resposta, obtido_em = excluded.obtido_em`.execute(db);
}
