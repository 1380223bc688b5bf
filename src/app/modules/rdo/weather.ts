/**
 * The daily report's weather from the API (GET /api/v1/obras/{obra}/clima?data=, filled from the
 * weather service configured on the server) and what it may fill in the form: only the values the
 * person has not typed. Pure apart from `fetchWeather`.
 */
import { apiCall } from '../../providers/api-client';

export interface WeatherPeriod {
  periodo: string;
  tempo: string;
  chuvaMm: number;
  temperaturaC: number | null;
}

export type WeatherAnswer =
  { disponivel: true; fonte: string; data: string; periodos: WeatherPeriod[]; chuvaMm: number } | { disponivel: false; motivo: string };

/** The day's weather at the site; null offline, on any error or an answer that is not one. */
export async function fetchWeather(obra: string, data: string, signal?: AbortSignal): Promise<WeatherAnswer | null> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  try {
    const body = await apiCall<WeatherAnswer>(`/obras/${encodeURIComponent(obra)}/clima?data=${encodeURIComponent(data)}`, { signal });
    if (body?.disponivel === true && Array.isArray(body.periodos)) return body;
    return body?.disponivel === false ? body : null;
  } catch {
    return null;
  }
}

export type FieldPath = (string | number)[];

export interface FillRules {
  /** The person changed this field (antd's "touched"). */
  typed(path: FieldPath): boolean;
  /** The value is a suggestion, not the person's: a default or what the weather filled before. */
  suggested(path: FieldPath, value: unknown): boolean;
}

export interface WeatherRow {
  periodo?: string;
  tempo?: string;
  condicao?: string;
  temperaturaC?: number | null;
  [k: string]: unknown;
}

export interface WeatherPatch {
  clima?: WeatherRow[];
  chuvaMm?: number;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The values of the weather the form may take: a weather row's `tempo` and `temperaturaC` and the
 * day's `chuvaMm` where the person typed nothing (empty, or still a suggestion); rows for the
 * forecast's periods when the report has none. Rows of other periods and typed values stay.
 * Null when nothing changes.
 */
export function weatherPatch(
  current: { clima?: unknown; chuvaMm?: unknown },
  weather: { periodos: WeatherPeriod[]; chuvaMm: number },
  rules: FillRules,
): WeatherPatch | null {
  const fillable = (path: FieldPath, value: unknown) => !rules.typed(path) && (isEmpty(value) || rules.suggested(path, value));
  const patch: WeatherPatch = {};
  const rows = Array.isArray(current.clima) ? (current.clima as (WeatherRow | undefined)[]) : [];
  if (!rows.length) {
    if (!rules.typed(['clima']) && weather.periodos.length) {
      patch.clima = weather.periodos.map((p) => ({ periodo: p.periodo, tempo: p.tempo, condicao: 'Praticável', temperaturaC: p.temperaturaC }));
    }
  } else {
    let changed = false;
    const next = rows.map((row, i) => {
      const p = weather.periodos.find((x) => x.periodo === row?.periodo);
      if (!row || !p) return row ?? {};
      const out = { ...row };
      if (fillable(['clima', i, 'tempo'], row.tempo) && row.tempo !== p.tempo) {
        out.tempo = p.tempo;
        changed = true;
      }
      if (p.temperaturaC !== null && fillable(['clima', i, 'temperaturaC'], row.temperaturaC) && row.temperaturaC !== p.temperaturaC) {
        out.temperaturaC = p.temperaturaC;
        changed = true;
      }
      return out;
    });
    if (changed) patch.clima = next;
  }
  if (fillable(['chuvaMm'], current.chuvaMm) && current.chuvaMm !== weather.chuvaMm) patch.chuvaMm = weather.chuvaMm;
  return Object.keys(patch).length ? patch : null;
}

/** The keys of the values a patch sets (what the weather filled), for `FillRules.suggested` next time. */
export function filledValues(patch: WeatherPatch): Map<string, unknown> {
  const out = new Map<string, unknown>();
  patch.clima?.forEach((row, i) => {
    out.set(`clima.${i}.tempo`, row.tempo);
    if (row.temperaturaC !== undefined && row.temperaturaC !== null) out.set(`clima.${i}.temperaturaC`, row.temperaturaC);
  });
  if (patch.chuvaMm !== undefined) out.set('chuvaMm', patch.chuvaMm);
  return out;
}
