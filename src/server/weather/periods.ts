/**
 * An Open-Meteo hourly answer turned into the daily report's weather per period: Manhã 06–12,
 * Tarde 12–18, Noite 18–24 (local hours, `timezone=America/Sao_Paulo`). Per period the worst
 * weather of its hours, the rain summed and the mean temperature; the day's rain is the sum of its
 * 24 hours. Anything unexpected in the answer is `null` (unreadable), never an exception.
 */
import { RDO_PERIODS } from '../../../schemas/diario';
import { weatherOfCode, worseWeather, type RdoWeather } from './wmo';

export interface WeatherPeriod {
  periodo: (typeof RDO_PERIODS)[number];
  tempo: RdoWeather;
  chuvaMm: number;
  temperaturaC: number | null;
}

export interface DayWeather {
  disponivel: true;
  fonte: 'open-meteo';
  data: string;
  periodos: WeatherPeriod[];
  chuvaMm: number;
}

/** [first hour, hour after the last] of each period. */
export const PERIOD_HOURS: Record<WeatherPeriod['periodo'], [number, number]> = { Manhã: [6, 12], Tarde: [12, 18], Noite: [18, 24] };

const round = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The day's weather from the body of `GET <WEATHER_URL>?hourly=weather_code,precipitation,temperature_2m…`; null when unreadable. */
export function dayWeatherFromHourly(body: unknown, data: string): DayWeather | null {
  const hourly = (body as { hourly?: Record<string, unknown> } | null)?.hourly;
  if (!hourly || typeof hourly !== 'object') return null;
  const { time, weather_code: codes, precipitation: rain, temperature_2m: temp } = hourly as Record<string, unknown>;
  if (![time, codes, rain, temp].every(Array.isArray)) return null;
  const times = time as unknown[];
  if (!times.length || [codes, rain, temp].some((a) => (a as unknown[]).length !== times.length)) return null;
  const hours: { hour: number; tempo?: RdoWeather; rain: number; temp: number | null }[] = [];
  for (let i = 0; i < times.length; i++) {
    const m = typeof times[i] === 'string' ? /^(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}/.exec(times[i] as string) : null;
    if (!m) return null;
    if (m[1] !== data) continue; // another day of a wider answer
    const code = (codes as unknown[])[i];
    const r = (rain as unknown[])[i];
    const t = (temp as unknown[])[i];
    if ((code !== null && !isNum(code)) || (r !== null && !isNum(r)) || (t !== null && !isNum(t))) return null;
    if (isNum(r) && r < 0) return null;
    const tempo = code === null ? undefined : weatherOfCode(code);
    if (code !== null && !tempo) return null; // not a WMO code
    hours.push({ hour: Number(m[2]), tempo, rain: isNum(r) ? r : 0, temp: isNum(t) ? t : null });
  }
  const periodos: WeatherPeriod[] = [];
  for (const periodo of RDO_PERIODS) {
    const [from, to] = PERIOD_HOURS[periodo];
    const own = hours.filter((h) => h.hour >= from && h.hour < to);
    const tempos = own.map((h) => h.tempo).filter((x): x is RdoWeather => !!x);
    if (!tempos.length) return null; // a period without any weather: nothing to fill
    const temps = own.map((h) => h.temp).filter(isNum);
    periodos.push({
      periodo,
      tempo: tempos.reduce(worseWeather),
      chuvaMm: round(
        own.reduce((s, h) => s + h.rain, 0),
        2,
      ),
      temperaturaC: temps.length ? round(temps.reduce((s, x) => s + x, 0) / temps.length, 1) : null,
    });
  }
  return {
    disponivel: true,
    fonte: 'open-meteo',
    data,
    periodos,
    chuvaMm: round(
      hours.reduce((s, h) => s + h.rain, 0),
      2,
    ),
  };
}
