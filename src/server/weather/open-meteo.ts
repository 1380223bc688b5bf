/**
 * The call to the weather service (`WEATHER_URL`, an Open-Meteo-compatible forecast endpoint such
 * as https://api.open-meteo.com/v1/forecast). Never throws: without the setting, on a network
 * error, a non-2xx answer, a timeout (3 s) or an unreadable body, it says why in pt-BR.
 */
import { dayWeatherFromHourly, type DayWeather } from './periods';

export const WEATHER_TIMEOUT_MS = 3000;
/** Bodies past this are not a day of hourly weather. */
const MAX_BODY_CHARS = 1_000_000;

export interface Unavailable {
  disponivel: false;
  motivo: string;
}

export const UNAVAILABLE = {
  notConfigured: 'A previsão do tempo não está configurada neste portal: preencha o clima manualmente.',
  noCoordinates: 'A obra não tem latitude e longitude cadastradas: preencha o clima manualmente.',
  timeout: 'O serviço de previsão do tempo não respondeu a tempo: preencha o clima manualmente.',
  failed: 'O serviço de previsão do tempo não está disponível agora: preencha o clima manualmente.',
  unreadable: 'O serviço de previsão do tempo respondeu algo que não conseguimos ler: preencha o clima manualmente.',
} as const;

const unavailable = (motivo: string): Unavailable => ({ disponivel: false, motivo });

/** The endpoint from the environment, read on every call (tests set it at run time); null when unset or not http(s). */
export function weatherUrl(env = process.env): URL | null {
  const raw = env.WEATHER_URL?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The hourly weather of one local day at one point, as the daily report's periods. */
export async function fetchDayWeather(point: { latitude: number; longitude: number }, data: string): Promise<DayWeather | Unavailable> {
  const url = weatherUrl();
  if (!url) return unavailable(UNAVAILABLE.notConfigured);
  const q = url.searchParams;
  q.set('latitude', point.latitude.toFixed(4));
  q.set('longitude', point.longitude.toFixed(4));
  q.set('hourly', 'weather_code,precipitation,temperature_2m');
  q.set('timezone', 'America/Sao_Paulo');
  q.set('start_date', data);
  q.set('end_date', data);
  let text: string;
  try {
    const res = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(WEATHER_TIMEOUT_MS) });
    // The body is read under the same signal: a server that stalls mid-body times out too.
    text = await res.text();
    if (!res.ok) return unavailable(UNAVAILABLE.failed);
  } catch (e) {
    const name = (e as { name?: string })?.name;
    return unavailable(name === 'TimeoutError' || name === 'AbortError' ? UNAVAILABLE.timeout : UNAVAILABLE.failed);
  }
  if (text.length > MAX_BODY_CHARS) return unavailable(UNAVAILABLE.unreadable);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return unavailable(UNAVAILABLE.unreadable);
  }
  return dayWeatherFromHourly(body, data) ?? unavailable(UNAVAILABLE.unreadable);
}
