/** Dates as the business sees them: the portal's time zone (America/Sao_Paulo unless TZ_PORTAL says otherwise). */
const zone = () => process.env.TZ_PORTAL ?? 'America/Sao_Paulo';

// `toLocaleDateString` builds a new Intl formatter on every call (tens of microseconds); one
// formatter per time zone is kept instead, since todayIso runs on every request.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

// Without an argument (every request: delegation, date rules), the day is worked out at most once
// a second; a clock that moves backwards (tests' fake time) recomputes it.
let memo = { at: Number.NEGATIVE_INFINITY, tz: '', day: '' };

/** Today's date, yyyy-mm-dd, in the portal's time zone. */
export function todayIso(now?: Date): string {
  if (!now) {
    const t = Date.now();
    const tz = zone();
    if (tz === memo.tz && t >= memo.at && t - memo.at < 1000) return memo.day;
    memo = { at: t, tz, day: todayIso(new Date(t)) };
    return memo.day;
  }
  const tz = zone();
  let f = dayFormatters.get(tz);
  if (!f) dayFormatters.set(tz, (f = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(now);
}

/** yyyy-mm-dd plus `days`. */
export function addDaysIso(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** "23/11/2026 14:05" in the portal's time zone. */
export function formatDateTimeBr(d = new Date()): string {
  return d.toLocaleString('pt-BR', { timeZone: zone(), day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** 'yyyy-mm-dd' (or a timestamp starting so) → 'dd/mm/aaaa'; anything else → ''. */
export function formatDateBr(v: unknown): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(v ?? ''));
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** The numeric wall-clock parts of an instant. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `d` in `timeZone` (to the second), with one cached formatter per zone. */
export function wallClock(timeZone: string, d: Date): WallClock {
  let f = wallFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(d)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour === 24 ? 0 : p.hour, minute: p.minute, second: p.second };
}
