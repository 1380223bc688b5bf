/** HTTP of the calendar screen: GET/PUT /api/v1/calendario (src/server/sla/calendar-routes.ts). */
import { bearerHeaders } from '../../access/load-ability';

/** Working intervals per weekday (0 = Sunday), [start, end) in minutes from local midnight. */
export type WeeklyHours = Array<Array<[number, number]>>;

export interface CalendarConfig {
  horas: WeeklyHours;
  cidade: string | null;
  timeZone: string;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
  podeEditar: boolean;
  feriadosNacionais: { date: string; name: string }[];
}

/** A refusal of the API: pt-BR message and errors per key (`horas.1`, `horas`, `cidade`). */
export class CalendarError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function call(url: string, method: 'GET' | 'PUT', body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(await bearerHeaders()) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new CalendarError('Não foi possível falar com o servidor. Verifique a conexão e tente de novo.', 0);
  }
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    throw new CalendarError(
      typeof json?.message === 'string' ? json.message : 'Alteração recusada.',
      res.status,
      (json?.errors as Record<string, string[]>) ?? {},
    );
  }
  return json;
}

export const fetchCalendar = (apiUrl: string, year: number) => call(`${apiUrl}/calendario?ano=${year}`, 'GET') as Promise<CalendarConfig>;

export const saveCalendar = (apiUrl: string, version: number, horas: WeeklyHours, cidade: string | null) =>
  call(`${apiUrl}/calendario`, 'PUT', { version, horas, cidade }) as Promise<CalendarConfig>;

/** 510 → '08:30'; 1440 → '24:00'. */
export const minutesToText = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** '8:30', '08:30', '24:00' → minutes; anything else → null. */
export function textToMinutes(text: string): number | null {
  const m = /^\s*(\d{1,2})(?::|h)?(\d{2})?\s*$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}
