/**
 * Strict calendar checks for the date and datetime kinds (bodies and filters): an impossible day
 * or time (`2026-02-31`, `25:61`) is refused, never rolled over into another one.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?$/i;

function validDay(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(2000, m, 0)).getUTCDate(); // days of month m in a leap year
  if (d > days) return false;
  if (m === 2 && d === 29) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return true;
}

/** `aaaa-mm-dd` naming a real day (years 0001 to 9999). */
export function isValidDate(s: string): boolean {
  const m = DATE.exec(s);
  return !!m && validDay(+m[1], +m[2], +m[3]);
}

/** ISO 8601 date and time (seconds, fraction and zone optional) naming a real instant. */
export function isValidDateTime(s: string): boolean {
  const m = DATETIME.exec(s);
  if (!m || !validDay(+m[1], +m[2], +m[3])) return false;
  if (+m[4] > 23 || +m[5] > 59 || (m[6] !== undefined && +m[6] > 59)) return false;
  if (m[8] !== undefined && (+m[8] > 14 || +m[9] > 59)) return false;
  return !Number.isNaN(Date.parse(s.replace(' ', 'T')));
}
