/**
 * The period of the "Dias impraticáveis" view: `de` and `ate` as yyyy-mm-dd, the current month of
 * the portal's time zone by default, `de` ≤ `ate`, at most 366 days (a claim covers a year at most).
 */
import { ApiError } from '../http/errors';
import { todayIso } from '../time';

export const MAX_PERIOD_DAYS = 366;

export interface Period {
  de: string;
  ate: string;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch day of a real calendar date 'yyyy-mm-dd', or undefined (2026-02-31, 2026-13-01, junk). */
export function epochDay(v: string): number | undefined {
  const m = ISO.exec(v);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999) return undefined;
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return t / 86_400_000;
}

/** The first and last days of the month of `today` (yyyy-mm-dd). */
export function monthOf(today: string): Period {
  const [y, m] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { de: `${y}-${mm}-01`, ate: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The period asked for (query `de`, `ate`), or 400 with a pt-BR message per field. */
export function parsePeriod(de: string | undefined, ate: string | undefined, today: string = todayIso()): Period {
  const month = monthOf(today);
  const p = { de: de ?? month.de, ate: ate ?? month.ate };
  const errors: Record<string, string[]> = {};
  const from = epochDay(p.de);
  const to = epochDay(p.ate);
  if (from === undefined) errors.de = ['Informe uma data válida no formato aaaa-mm-dd.'];
  if (to === undefined) errors.ate = ['Informe uma data válida no formato aaaa-mm-dd.'];
  if (from !== undefined && to !== undefined) {
    if (to < from) errors.ate = ['A data final não pode ser anterior à data inicial.'];
    else if (to - from + 1 > MAX_PERIOD_DAYS) errors.ate = [`O período pode ter no máximo ${MAX_PERIOD_DAYS} dias.`];
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'Verifique o período informado.', errors);
  return p;
}
