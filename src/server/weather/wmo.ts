/**
 * WMO weather interpretation codes (the `weather_code` of Open-Meteo, WMO 4677 as Open-Meteo uses
 * it) mapped onto the daily report's options (`RDO_WEATHER`, schemas/diario.ts), best to worst:
 *
 * | WMO code | Meaning | RDO |
 * |---|---|---|
 * | 0 | clear sky | Ensolarado |
 * | 1, 2 | mainly clear, partly cloudy | Parcialmente nublado |
 * | 3, 45, 48 | overcast, fog, depositing rime fog | Nublado |
 * | 51, 53, 55, 56, 57 | drizzle (light, moderate, dense; freezing) | Garoa |
 * | 61, 63, 65, 66, 67, 80, 81, 82 | rain and rain showers (freezing rain too) | Chuvoso |
 * | 71, 73, 75, 77, 85, 86 | snow, snow grains, snow showers (rare here: precipitation) | Chuvoso |
 * | 95, 96, 99 | thunderstorm (with hail) | Tempestade |
 *
 * Any other code is not a WMO code Open-Meteo sends: the answer is treated as unreadable.
 */
import { RDO_WEATHER } from '../../../schemas/diario';

export type RdoWeather = (typeof RDO_WEATHER)[number];

const TABLE: [RdoWeather, number[]][] = [
  ['Ensolarado', [0]],
  ['Parcialmente nublado', [1, 2]],
  ['Nublado', [3, 45, 48]],
  ['Garoa', [51, 53, 55, 56, 57]],
  ['Chuvoso', [61, 63, 65, 66, 67, 80, 81, 82, 71, 73, 75, 77, 85, 86]],
  ['Tempestade', [95, 96, 99]],
];

const BY_CODE = new Map<number, RdoWeather>(TABLE.flatMap(([tempo, codes]) => codes.map((c) => [c, tempo] as [number, RdoWeather])));

/** The RDO option of one WMO code; undefined for a code Open-Meteo does not send. */
export const weatherOfCode = (code: number): RdoWeather | undefined => BY_CODE.get(code);

/** The worse of two RDO options (the order of `RDO_WEATHER`). */
export const worseWeather = (a: RdoWeather, b: RdoWeather): RdoWeather => (RDO_WEATHER.indexOf(a) >= RDO_WEATHER.indexOf(b) ? a : b);
