/**
 * Business calendar and the SLA clock math (issue 25).
 *
 * A calendar is a time zone, the working intervals of each weekday (minutes from local midnight)
 * and a holiday test on local dates. A UTC instant is "business time" when its wall-clock time in
 * the calendar's zone falls inside one of the intervals of its local weekday and its local date is
 * not a holiday. Every function here measures real elapsed time inside that set: the zone is
 * converted with Intl, never with a fixed offset, so a date of the old Brazilian daylight-saving
 * time still works (a skipped wall-clock hour counts nothing, a repeated one counts twice).
 *
 * Pure functions, no I/O: the SLA engine imports them; `calendar-config.ts` builds the calendar
 * from the database.
 */
import { addDaysIso, wallClock } from '../time';

import type { WeeklyHours } from '../../../resources/calendario';

export type { WeeklyHours };

export interface BusinessCalendar {
  /** IANA zone, e.g. 'America/Sao_Paulo'. */
  timeZone: string;
  /** index 0=Sunday..6=Saturday; minutes from local midnight, [start,end) sorted, non-overlapping. */
  hours: Array<Array<[number, number]>>;
  /** 'YYYY-MM-DD' local date. */
  isHoliday(isoDate: string): boolean;
}

/** Mon–Fri 08:00–12:00 and 13:00–18:00; no work on Saturday and Sunday. */
export const DEFAULT_CALENDAR_HOURS: WeeklyHours = [
  [],
  [
    [480, 720],
    [780, 1080],
  ],
  [
    [480, 720],
    [780, 1080],
  ],
  [
    [480, 720],
    [780, 1080],
  ],
  [
    [480, 720],
    [780, 1080],
  ],
  [
    [480, 720],
    [780, 1080],
  ],
  [],
];

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** A calendar from plain data (holidays as a set or list of 'YYYY-MM-DD'). */
export function makeCalendar(
  hours: WeeklyHours = DEFAULT_CALENDAR_HOURS,
  holidays: Iterable<string> = [],
  timeZone: string = DEFAULT_TIME_ZONE,
): BusinessCalendar {
  const set = new Set(holidays);
  return { timeZone, hours, isHoliday: (iso) => set.has(iso) };
}

// ---------------------------------------------------------------------------------------------
// Time zone conversion (Intl only)

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Offset of the zone at instant `t` (ms since epoch), in ms: local wall clock − UTC. */
export function zoneOffsetMs(timeZone: string, t: number): number {
  const whole = Math.floor(t / 1000) * 1000;
  const p = wallClock(timeZone, new Date(whole));
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - whole;
}

/** Local date ('YYYY-MM-DD'), weekday (0 = Sunday) and minutes since local midnight (fractional) of `t`. */
export function localParts(timeZone: string, t: number): { date: string; weekday: number; minute: number } {
  const local = t + zoneOffsetMs(timeZone, t);
  const dayStart = Math.floor(local / DAY) * DAY;
  const d = new Date(dayStart);
  return { date: d.toISOString().slice(0, 10), weekday: d.getUTCDay(), minute: (local - dayStart) / MINUTE };
}

/**
 * The first instant whose local wall clock is at or after `minute` of local date `isoDate`
 * (a wall-clock time skipped by a DST jump maps to the instant of the jump).
 */
export function localToInstant(timeZone: string, isoDate: string, minute: number): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d) + minute * MINUTE;
  // Candidates: the wall clock read with the offsets around it; keep those that really show `wall`.
  const candidates = new Set<number>();
  for (const probe of [wall - DAY / 2, wall, wall + DAY / 2]) candidates.add(wall - zoneOffsetMs(timeZone, probe));
  const exact = [...candidates].filter((c) => c + zoneOffsetMs(timeZone, c) === wall).sort((a, b) => a - b);
  if (exact.length) return exact[0];
  // In a gap: the instant of the jump, the first one showing a later wall clock.
  let lo = Math.min(...candidates);
  let hi = Math.max(...candidates);
  while (lo + zoneOffsetMs(timeZone, lo) >= wall && lo > wall - 2 * DAY) lo -= DAY / 4;
  while (hi + zoneOffsetMs(timeZone, hi) < wall) hi += DAY / 4;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (mid + zoneOffsetMs(timeZone, mid) >= wall) hi = mid;
    else lo = mid === lo ? lo + 1000 : mid;
  }
  return hi;
}

// ---------------------------------------------------------------------------------------------
// The segment walk

/** A stretch [start, end) of constant status on one local date. */
interface Segment {
  start: number;
  end: number;
  business: boolean;
  date: string;
}

/** Safety net: a calendar without any business minute in this many days is refused. */
const MAX_IDLE_DAYS = 3700;

/**
 * Splits time from `t` onwards into segments of constant status, at every interval boundary, local
 * midnight and offset change, and hands them to `visit` until it returns true.
 */
function walk(cal: BusinessCalendar, from: number, visit: (s: Segment) => boolean): void {
  let t = from;
  let idleSince = from;
  for (;;) {
    const off = zoneOffsetMs(cal.timeZone, t);
    const { date, weekday, minute } = localParts(cal.timeZone, t);
    const holiday = cal.isHoliday(date);
    const intervals = holiday ? [] : (cal.hours[weekday] ?? []);
    let business = false;
    let next = 1440;
    for (const [s, e] of intervals) {
      if (minute < s) {
        next = Math.min(next, s);
        break;
      }
      if (minute < e) {
        business = true;
        next = Math.min(next, e);
        break;
      }
    }
    let end = t + (next - minute) * MINUTE;
    // Offset change inside [t, end)? Cut the segment at the change (found to the second).
    if (zoneOffsetMs(cal.timeZone, end - 1) !== off) {
      let lo = t;
      let hi = end - 1;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000 || lo + 1000;
        if (zoneOffsetMs(cal.timeZone, mid) === off) lo = mid;
        else hi = mid;
      }
      end = Math.floor(hi / 1000) * 1000;
      if (end <= t) end = t + 1000;
    }
    if (business) idleSince = end;
    else if (end - idleSince > MAX_IDLE_DAYS * DAY) {
      throw new RangeError('O calendário não tem horário útil: nenhum minuto útil em dez anos.');
    }
    if (visit({ start: t, end, business, date })) return;
    t = end;
  }
}

function assertDate(d: Date, name: string): number {
  const t = d instanceof Date ? d.getTime() : NaN;
  if (!Number.isFinite(t)) throw new RangeError(`${name}: data inválida`);
  return t;
}

// ---------------------------------------------------------------------------------------------
// Public math

/**
 * The instant at which `minutes` business minutes have elapsed from `from`. The result is the end
 * of the last minute consumed (60 minutes from 11:00 with lunch at 12:00 → 12:00, not 13:00).
 * `minutes` ≤ 0 returns `from` unchanged. Fractional minutes are allowed.
 */
export function addBusinessMinutes(cal: BusinessCalendar, from: Date, minutes: number): Date {
  const t0 = assertDate(from, 'from');
  if (!Number.isFinite(minutes)) throw new RangeError('minutes: número inválido');
  if (minutes <= 0) return new Date(t0);
  let left = minutes * MINUTE;
  let result = t0;
  walk(cal, t0, (s) => {
    if (!s.business) return false;
    const len = s.end - s.start;
    if (len >= left) {
      result = s.start + left;
      return true;
    }
    left -= len;
    return false;
  });
  return new Date(result);
}

/**
 * The end of the working hours of the Nth business day after the local date of `from` (a business
 * day: a date with working intervals that is not a holiday). `from`'s own date does not count, so 1
 * on a Friday is the end of Monday's hours. `days` = 0: the end of today's hours when `from` is
 * still before it, otherwise the end of the next business day.
 */
export function addBusinessDays(cal: BusinessCalendar, from: Date, days: number): Date {
  const t0 = assertDate(from, 'from');
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days: inteiro ≥ 0');
  const today = localParts(cal.timeZone, t0).date;
  let target: string;
  if (days === 0 && isBusinessDate(cal, today) && endOfBusinessDate(cal, today, t0) !== null) target = today;
  else {
    let d = today;
    let counted = 0;
    let idle = 0;
    while (counted < Math.max(days, 1)) {
      d = addDaysIso(d, 1);
      // A date whose working hours all fall in a clock change's gap (a DST start at midnight) has no business minute.
      if (isBusinessDate(cal, d) && endOfBusinessDate(cal, d, t0) !== null) {
        counted += 1;
        idle = 0;
      } else if (++idle > MAX_IDLE_DAYS) {
        throw new RangeError('O calendário não tem horário útil: nenhum dia útil em dez anos.');
      }
    }
    target = d;
  }
  return new Date(endOfBusinessDate(cal, target, t0) ?? t0);
}

/** A date with working intervals that is not a holiday. */
export function isBusinessDate(cal: BusinessCalendar, isoDate: string): boolean {
  if (cal.isHoliday(isoDate)) return false;
  const [y, m, d] = isoDate.split('-').map(Number);
  return (cal.hours[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? []).length > 0;
}

/** The instant the last business segment of local date `isoDate` ends, counting only time after `notBefore`; null if none. */
function endOfBusinessDate(cal: BusinessCalendar, isoDate: string, notBefore: number): number | null {
  const from = Math.max(notBefore, localToInstant(cal.timeZone, isoDate, 0));
  const stop = localToInstant(cal.timeZone, addDaysIso(isoDate, 2), 0);
  let end: number | null = null;
  if (from >= stop) return null;
  walk(cal, from, (s) => {
    if (s.business && s.date === isoDate && (end === null || s.end > end)) end = s.end;
    return s.end >= stop;
  });
  return end;
}

/**
 * Business minutes in [from, to) (fractional when the instants carry seconds). Negative when `to`
 * is before `from`.
 */
export function businessMinutesBetween(cal: BusinessCalendar, from: Date, to: Date): number {
  const a = assertDate(from, 'from');
  const b = assertDate(to, 'to');
  if (b < a) return -businessMinutesBetween(cal, to, from) || 0;
  let total = 0;
  if (b === a) return 0;
  walk(cal, a, (s) => {
    const end = Math.min(s.end, b);
    if (s.business) total += end - s.start;
    return s.end >= b;
  });
  return total / MINUTE;
}

/** Sorted, merged pause intervals from `start` on (an open pause runs to +∞). */
function mergePauses(start: number, pauses: { from: Date; to: Date | null }[]): Array<[number, number]> {
  const list: Array<[number, number]> = [];
  for (const p of pauses) {
    const a = Math.max(assertDate(p.from, 'pause.from'), start);
    const b = p.to === null ? Infinity : assertDate(p.to, 'pause.to');
    if (b > a) list.push([a, b]);
  }
  list.sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const iv of list) {
    const last = merged[merged.length - 1];
    if (last && iv[0] <= last[1]) last[1] = Math.max(last[1], iv[1]);
    else merged.push([iv[0], iv[1]]);
  }
  return merged;
}

/**
 * Deadline of a target of `minutes` business minutes started at `start`, clock stopped during pauses; null while a pause is open.
 *
 * Pauses are clipped to `start` and may overlap (they are merged); a pause with `to` ≤ `from` is
 * ignored. An open pause (`to: null`) gives null when it begins before the deadline is reached;
 * one opened after the deadline already passed does not stop a clock that has run out, and the
 * (past) deadline is returned. `minutes` ≤ 0 returns `start`.
 */
export function deadlineWithPauses(cal: BusinessCalendar, start: Date, minutes: number, pauses: { from: Date; to: Date | null }[]): Date | null {
  const t0 = assertDate(start, 'start');
  if (!Number.isFinite(minutes)) throw new RangeError('minutes: número inválido');
  const merged = mergePauses(t0, pauses);
  if (minutes <= 0) return new Date(t0);
  let left = minutes * MINUTE;
  let result: number | null = null;
  let i = 0;
  let t = t0;
  for (;;) {
    // Skip the pause that covers t, if any.
    while (i < merged.length && merged[i][1] <= t) i += 1;
    if (i < merged.length && merged[i][0] <= t) {
      if (merged[i][1] === Infinity) return null;
      t = merged[i][1];
      continue;
    }
    const pauseAt = i < merged.length ? merged[i][0] : Infinity;
    // Run the clock from t until the next pause begins.
    let reached = false;
    walk(cal, t, (s) => {
      const end = Math.min(s.end, pauseAt);
      if (s.business) {
        const len = end - s.start;
        if (len >= left) {
          result = s.start + left;
          reached = true;
          return true;
        }
        left -= len;
      }
      if (s.end >= pauseAt) return true;
      return false;
    });
    if (reached) return new Date(result!);
    t = pauseAt;
  }
}
