/**
 * The SLA clock math (calendar.ts) against a reference that walks minute by minute, each minute
 * classified on its own with Intl (no segments, no offsets): property-based with fast-check
 * (random weekly hours, holidays, pauses, instants in America/Sao_Paulo, the DST years included)
 * plus fixed examples people can read.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addBusinessDays,
  addBusinessMinutes,
  businessMinutesBetween,
  DEFAULT_CALENDAR_HOURS,
  deadlineWithPauses,
  localToInstant,
  makeCalendar,
  type BusinessCalendar,
  type WeeklyHours,
} from './calendar';
import { isNationalHoliday, nationalHolidays } from './holidays';
import { validateHours } from './calendar-config';

const TZ = 'America/Sao_Paulo';
const MIN = 60_000;

// ---------------------------------------------------------------------------------------------
// The reference: one Intl call per minute

const refFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD' and minute of the day of the wall clock at `t`. */
function wall(t: number): { date: string; minute: number } {
  const s = refFormat.format(new Date(t)); // '2026-11-20 14:05'
  const [date, hm] = s.split(' ');
  const [h, m] = hm.split(':').map(Number);
  return { date, minute: (h % 24) * 60 + m };
}

const weekdayOf = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();

function refIsBusiness(cal: BusinessCalendar, t: number): boolean {
  const { date, minute } = wall(t);
  if (cal.isHoliday(date)) return false;
  return cal.hours[weekdayOf(date)].some(([s, e]) => s <= minute && minute < e);
}

const LIMIT = 400 * 1440; // minutes the reference walks before giving up

function refAdd(cal: BusinessCalendar, from: number, n: number, paused: (t: number) => boolean | 'open' = () => false): number | null {
  if (n <= 0) return from;
  let count = 0;
  for (let t = from, i = 0; i < LIMIT; t += MIN, i++) {
    const p = paused(t);
    if (p === 'open') return null;
    if (p) continue;
    if (refIsBusiness(cal, t) && ++count === n) return t + MIN;
  }
  throw new Error('reference: no end');
}

function refBetween(cal: BusinessCalendar, from: number, to: number): number {
  let n = 0;
  for (let t = from; t < to; t += MIN) if (refIsBusiness(cal, t)) n++;
  return n;
}

function refAddDays(cal: BusinessCalendar, from: number, days: number): number {
  const isBusinessDate = (iso: string) => !cal.isHoliday(iso) && cal.hours[weekdayOf(iso)].length > 0;
  const today = wall(from).date;
  // The end of the business minutes of a local date, walking from `from`.
  const endOf = (date: string): number | undefined => {
    let last: number | undefined;
    for (let t = from, i = 0; i < LIMIT; t += MIN, i++) {
      const w = wall(t).date;
      if (w > date) break;
      if (w === date && refIsBusiness(cal, t)) last = t + MIN;
    }
    return last;
  };
  if (days === 0 && isBusinessDate(today)) {
    const end = endOf(today);
    if (end !== undefined) return end;
  }
  let d = today;
  for (let k = 0; k < Math.max(days, 1);) {
    d = addDaysIso(d, 1);
    if (isBusinessDate(d) && endOf(d) !== undefined) k++; // hours inside a DST gap are no business minutes
  }
  return endOf(d)!;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

/** One day's intervals: sorted, non-overlapping, inside [0, 1440]. */
const dayHours = fc.uniqueArray(fc.integer({ min: 0, max: 1440 }), { minLength: 0, maxLength: 6 }).map((points) => {
  const p = [...points].sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 1 < p.length; i += 2) out.push([p[i], p[i + 1]]);
  return out;
});

const weekHours: fc.Arbitrary<WeeklyHours> = fc
  .array(dayHours, { minLength: 7, maxLength: 7 })
  .filter((w) => w.some((d) => d.reduce((n, [s, e]) => n + e - s, 0) >= 30));

/** Whole-minute instants: today's years, and the last Brazilian DST years (2017–2019). */
const instant = fc
  .oneof(
    fc.integer({ min: Date.parse('2025-01-01T00:00:00Z') / MIN, max: Date.parse('2027-12-31T00:00:00Z') / MIN }),
    fc.integer({ min: Date.parse('2017-10-01T00:00:00Z') / MIN, max: Date.parse('2019-03-31T00:00:00Z') / MIN }),
    // Around the DST changes of 2018-11-04 (00:00 → 01:00) and 2019-02-17 (00:00 → 23:00 of the 16th).
    fc.integer({ min: Date.parse('2018-11-01T00:00:00Z') / MIN, max: Date.parse('2018-11-05T00:00:00Z') / MIN }),
    fc.integer({ min: Date.parse('2019-02-14T00:00:00Z') / MIN, max: Date.parse('2019-02-18T00:00:00Z') / MIN }),
  )
  .map((m) => m * MIN);

const isoOf = (t: number) => wall(t).date;
const addDaysIso = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A calendar and a start, with holidays on some of the 20 dates from the start. */
const calendarAndStart = fc
  .record({ hours: weekHours, start: instant, holidayOffsets: fc.uniqueArray(fc.integer({ min: -1, max: 20 }), { maxLength: 6 }), national: fc.boolean() })
  .map(({ hours, start, holidayOffsets, national }) => {
    const own = new Set(holidayOffsets.map((o) => addDaysIso(isoOf(start), o)));
    const cal: BusinessCalendar = { timeZone: TZ, hours, isHoliday: (iso) => own.has(iso) || (national && isNationalHoliday(iso)) };
    return { cal, start, label: { hours, holidays: [...own].sort(), national } };
  });

const RUNS = { numRuns: 60 };

// ---------------------------------------------------------------------------------------------

describe('business clock against the minute-by-minute reference', () => {
  it('addBusinessMinutes', () => {
    fc.assert(
      fc.property(calendarAndStart, fc.integer({ min: 0, max: 1500 }), ({ cal, start }, n) => {
        expect(addBusinessMinutes(cal, new Date(start), n).getTime()).toBe(refAdd(cal, start, n));
      }),
      RUNS,
    );
  });

  it('businessMinutesBetween, and it undoes addBusinessMinutes', () => {
    fc.assert(
      fc.property(calendarAndStart, fc.integer({ min: 0, max: 4 * 1440 }), ({ cal, start }, span) => {
        const end = start + span * MIN;
        const n = refBetween(cal, start, end);
        expect(businessMinutesBetween(cal, new Date(start), new Date(end))).toBe(n);
        expect(businessMinutesBetween(cal, new Date(end), new Date(start))).toBe(n === 0 ? 0 : -n);
        if (n > 0) expect(businessMinutesBetween(cal, new Date(start), addBusinessMinutes(cal, new Date(start), n))).toBe(n);
      }),
      RUNS,
    );
  });

  it('addBusinessDays', () => {
    fc.assert(
      fc.property(calendarAndStart, fc.integer({ min: 0, max: 4 }), ({ cal, start }, days) => {
        expect(addBusinessDays(cal, new Date(start), days).getTime()).toBe(refAddDays(cal, start, days));
      }),
      { numRuns: 30 },
    );
  });

  it('skips a date whose working hours all fall in a DST gap (found by the property above)', () => {
    // Sunday 00:00–00:01 on 2018-11-04, when São Paulo's clocks jumped from 00:00 to 01:00; Thursday 00:00–00:30.
    const cal = makeCalendar([[[0, 1]], [], [], [], [[0, 30]], [], []], [], TZ);
    const start = new Date('2018-11-01T03:30:00Z'); // Thursday 00:30, the end of its hours
    expect(addBusinessDays(cal, start, 0).toISOString()).toBe('2018-11-08T02:30:00.000Z'); // next Thursday 00:30 (UTC−2)
    expect(addBusinessDays(cal, start, 0).getTime()).toBe(refAddDays(cal, start.getTime(), 0));
  });

  it('deadlineWithPauses', () => {
    const pause = fc.record({ from: fc.integer({ min: -600, max: 5 * 1440 }), len: fc.integer({ min: 0, max: 2 * 1440 }), open: fc.boolean() });
    fc.assert(
      fc.property(calendarAndStart, fc.integer({ min: 0, max: 1200 }), fc.array(pause, { maxLength: 4 }), ({ cal, start }, n, raw) => {
        // At most one open pause (a record has one at a time), the last one.
        const ps = raw.map((p, i) => ({
          from: start + p.from * MIN,
          to: p.open && i === raw.length - 1 ? null : start + (p.from + p.len) * MIN,
        }));
        const paused = (t: number): boolean | 'open' => {
          for (const p of ps) if (t >= Math.max(p.from, start) && (p.to === null ? true : t < p.to)) return p.to === null ? 'open' : true;
          return false;
        };
        const got = deadlineWithPauses(
          cal,
          new Date(start),
          n,
          ps.map((p) => ({ from: new Date(p.from), to: p.to === null ? null : new Date(p.to) })),
        );
        const want = refAdd(cal, start, n, paused);
        expect(got === null ? null : got.getTime()).toBe(want);
        if (!ps.length) expect(got?.getTime()).toBe(addBusinessMinutes(cal, new Date(start), n).getTime());
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------

const at = (s: string) => new Date(s);
const iso = (d: Date | null) => d?.toISOString() ?? null;
/** Mon–Fri 08:00–12:00, 13:00–18:00 with the national holidays. */
const std = makeCalendar(DEFAULT_CALENDAR_HOURS, [], TZ);
const withNational: BusinessCalendar = { ...std, isHoliday: isNationalHoliday };

describe('fixed examples (America/Sao_Paulo, UTC−03:00 today)', () => {
  it('stops for lunch, the night and the weekend', () => {
    expect(iso(addBusinessMinutes(std, at('2026-11-23T11:00:00-03:00'), 60))).toBe('2026-11-23T15:00:00.000Z'); // Mon 12:00
    expect(iso(addBusinessMinutes(std, at('2026-11-23T11:00:00-03:00'), 61))).toBe('2026-11-23T16:01:00.000Z'); // Mon 13:01
    expect(iso(addBusinessMinutes(std, at('2026-11-27T17:00:00-03:00'), 120))).toBe('2026-11-30T12:00:00.000Z'); // Fri 17:00 → Mon 09:00
    expect(iso(addBusinessMinutes(std, at('2026-11-28T10:00:00-03:00'), 30))).toBe('2026-11-30T11:30:00.000Z'); // Saturday → Mon 08:30
    expect(businessMinutesBetween(std, at('2026-11-27T17:00:00-03:00'), at('2026-11-30T09:00:00-03:00'))).toBe(120);
    expect(businessMinutesBetween(std, at('2026-11-23T00:00:00-03:00'), at('2026-11-30T00:00:00-03:00'))).toBe(5 * 540);
  });

  it('skips a national holiday (Consciência Negra, Friday 2026-11-20)', () => {
    expect(isNationalHoliday('2026-11-20')).toBe(true);
    expect(iso(addBusinessMinutes(withNational, at('2026-11-19T17:00:00-03:00'), 120))).toBe('2026-11-23T12:00:00.000Z'); // Thu 17:00 → Mon 09:00
    expect(iso(addBusinessDays(withNational, at('2026-11-19T10:00:00-03:00'), 1))).toBe('2026-11-23T21:00:00.000Z'); // Mon 18:00
    expect(iso(addBusinessDays(withNational, at('2026-11-19T10:00:00-03:00'), 0))).toBe('2026-11-19T21:00:00.000Z'); // Thu 18:00
    expect(iso(addBusinessDays(withNational, at('2026-11-19T18:30:00-03:00'), 0))).toBe('2026-11-23T21:00:00.000Z'); // after hours → Mon
    expect(iso(addBusinessDays(withNational, at('2026-11-18T10:00:00-03:00'), 2))).toBe('2026-11-23T21:00:00.000Z'); // Wed → Thu, Mon
  });

  it('crosses midnight on a night shift and then a holiday', () => {
    // Night shift: 22:00–24:00 and 00:00–06:00 every day; 2026-12-25 (Christmas) is a holiday.
    const night = makeCalendar(
      Array.from(
        { length: 7 },
        () =>
          [
            [0, 360],
            [1320, 1440],
          ] as Array<[number, number]>,
      ),
      ['2026-12-25'],
      TZ,
    );
    expect(iso(addBusinessMinutes(night, at('2026-12-23T23:30:00-03:00'), 60))).toBe('2026-12-24T03:30:00.000Z'); // 00:30 on the 24th
    // 24th 23:00 + 120: one hour on the 24th, the 25th is a holiday, then 00:00–01:00 on the 26th.
    expect(iso(addBusinessMinutes(night, at('2026-12-24T23:00:00-03:00'), 120))).toBe('2026-12-26T04:00:00.000Z');
    expect(businessMinutesBetween(night, at('2026-12-24T23:00:00-03:00'), at('2026-12-26T01:00:00-03:00'))).toBe(120);
  });

  it('stops the clock during pauses; null while one is open', () => {
    const start = at('2026-11-23T08:00:00-03:00'); // Monday
    const pauses = [{ from: at('2026-11-23T10:00:00-03:00'), to: at('2026-11-24T10:00:00-03:00') }];
    // 240 min: 2 h Monday before the pause, the pause eats Monday's rest and Tuesday until 10:00, 2 h more → Tue 12:00.
    expect(iso(deadlineWithPauses(std, start, 240, pauses))).toBe('2026-11-24T15:00:00.000Z');
    expect(deadlineWithPauses(std, start, 240, [{ from: at('2026-11-23T09:00:00-03:00'), to: null }])).toBeNull();
    // Opened after the clock ran out: the past deadline stands.
    expect(iso(deadlineWithPauses(std, start, 60, [{ from: at('2026-11-23T10:00:00-03:00'), to: null }]))).toBe('2026-11-23T12:00:00.000Z');
    // Overlapping and out-of-order pauses merge; a pause before the start counts only from it.
    const messy = [
      { from: at('2026-11-23T09:00:00-03:00'), to: at('2026-11-23T11:00:00-03:00') },
      { from: at('2026-11-23T07:00:00-03:00'), to: at('2026-11-23T09:30:00-03:00') },
    ];
    expect(iso(deadlineWithPauses(std, start, 60, messy))).toBe('2026-11-23T15:00:00.000Z'); // 11:00 + 60 → 12:00 local
  });

  it('measures real elapsed time across the old daylight-saving changes', () => {
    const always = makeCalendar(
      Array.from({ length: 7 }, () => [[0, 1440]] as Array<[number, number]>),
      [],
      TZ,
    );
    // 2018-11-04 00:00 became 01:00: that local day had 23 hours.
    expect(businessMinutesBetween(always, at('2018-11-03T12:00:00-03:00'), at('2018-11-04T12:00:00-02:00'))).toBe(23 * 60);
    // 2019-02-17 00:00 became 23:00 of the 16th: 25 hours.
    expect(businessMinutesBetween(always, at('2019-02-16T12:00:00-02:00'), at('2019-02-17T12:00:00-03:00'))).toBe(25 * 60);
    // Business hours on the day after the change are read in summer time (UTC−02:00).
    expect(iso(addBusinessMinutes(std, at('2018-11-05T07:00:00-02:00'), 60))).toBe('2018-11-05T11:00:00.000Z'); // Mon 09:00 −02
    // A wall-clock time the jump skipped maps to the jump.
    expect(new Date(localToInstant(TZ, '2018-11-04', 30)).toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(new Date(localToInstant(TZ, '2026-11-20', 8 * 60)).toISOString()).toBe('2026-11-20T11:00:00.000Z');
  });

  it('keeps seconds exactly and refuses bad input', () => {
    expect(businessMinutesBetween(std, at('2026-11-23T10:00:30-03:00'), at('2026-11-23T10:01:00-03:00'))).toBe(0.5);
    expect(iso(addBusinessMinutes(std, at('2026-11-23T10:00:30-03:00'), 1))).toBe('2026-11-23T13:01:30.000Z');
    expect(iso(addBusinessMinutes(std, at('2026-11-28T10:00:00-03:00'), 0))).toBe('2026-11-28T13:00:00.000Z');
    expect(() => addBusinessMinutes(std, new Date(NaN), 10)).toThrow(RangeError);
    expect(() => addBusinessDays(std, at('2026-11-23T10:00:00-03:00'), -1)).toThrow(RangeError);
    const never = makeCalendar([[], [], [], [], [], [], []], [], TZ);
    expect(() => addBusinessMinutes(never, at('2026-11-23T10:00:00-03:00'), 1)).toThrow(/horário útil/);
  });
});

describe('holidays and hours validation', () => {
  it('takes only the public national holidays of date-holidays (no Carnaval, no Corpus Christi)', () => {
    const dates = nationalHolidays(2026).map((h) => h.date);
    expect(dates).toEqual(
      expect.arrayContaining([
        '2026-01-01',
        '2026-04-03',
        '2026-04-21',
        '2026-05-01',
        '2026-09-07',
        '2026-10-12',
        '2026-11-02',
        '2026-11-15',
        '2026-11-20',
        '2026-12-25',
      ]),
    );
    expect(dates).not.toContain('2026-02-16'); // Carnaval Monday: 'bank'
    expect(dates).not.toContain('2026-02-17'); // Carnaval Tuesday: 'bank'
    expect(dates).not.toContain('2026-06-04'); // Corpus Christi: 'bank'
  });

  it('refuses bad weekly hours with per-day pt-BR messages', () => {
    const errorsOf = (v: unknown) => {
      try {
        validateHours(v);
        return null;
      } catch (e) {
        return (e as { errors?: Record<string, string[]> }).errors ?? null;
      }
    };
    expect(errorsOf(DEFAULT_CALENDAR_HOURS)).toBeNull();
    const week = (monday: unknown) => [[], monday, [], [], [], [], []];
    expect(
      errorsOf(
        week([
          [480, 720],
          [700, 800],
        ]),
      )?.['horas.1']?.[0],
    ).toMatch(/se sobrepõem/);
    expect(errorsOf(week([[720, 480]]))?.['horas.1']?.[0]).toMatch(/termina antes de começar/);
    expect(errorsOf(week([[480, 480]]))?.['horas.1']?.[0]).toMatch(/termina antes de começar/);
    expect(errorsOf(week([[-10, 480]]))?.['horas.1']?.[0]).toMatch(/0 a 1440/);
    expect(errorsOf(week([[480, 1441]]))?.['horas.1']?.[0]).toMatch(/0 a 1440/);
    expect(errorsOf([[], [], [], [], [], [], []])?.horas?.[0]).toMatch(/pelo menos um dia/);
    expect(errorsOf([[]])?.horas?.[0]).toMatch(/sete dias/);
    // Sorted on the way in.
    expect(
      validateHours(
        week([
          [780, 1080],
          [480, 720],
        ]),
      )[1],
    ).toEqual([
      [480, 720],
      [780, 1080],
    ]);
  });
});
