/**
 * The planned activities as calendar events: every EAP leaf with planned dates is an event from
 * 8 to 17 h (docs/specification.md §9) on each day of its planned period. Pure: no React.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { ScheduleItem } from './api';

export const EVENT_START_HOUR = 8;
export const EVENT_END_HOUR = 17;

export interface CalendarEvent {
  item: ScheduleItem;
  /** yyyy-mm-ddT08:00 and yyyy-mm-ddT17:00 of the day. */
  start: string;
  end: string;
}

const hh = (h: number) => String(h).padStart(2, '0');

/** The activities planned on `day` (yyyy-mm-dd), in code order. */
export function eventsOn(items: ScheduleItem[], day: string): CalendarEvent[] {
  return items
    .filter((i) => i.folha && i.inicioPrevisto && i.terminoPrevisto && i.inicioPrevisto <= day && day <= i.terminoPrevisto)
    .map((item) => ({ item, start: `${day}T${hh(EVENT_START_HOUR)}:00`, end: `${day}T${hh(EVENT_END_HOUR)}:00` }));
}

/** The seven days (Monday to Sunday) of the week of `day`. */
export function weekDays(day: Dayjs): Dayjs[] {
  const monday = day.subtract((day.day() + 6) % 7, 'day');
  return Array.from({ length: 7 }, (_, i) => monday.add(i, 'day'));
}

/** The first planned day of the items (where the calendar opens), or undefined. */
export function firstPlannedDay(items: ScheduleItem[], today: string): string | undefined {
  const starts = items.filter((i) => i.folha && i.inicioPrevisto && i.terminoPrevisto).map((i) => i.inicioPrevisto!);
  if (!starts.length) return undefined;
  // Today when something is planned around it, else the first planned day.
  return items.some((i) => i.folha && i.inicioPrevisto && i.terminoPrevisto && i.inicioPrevisto <= today && today <= i.terminoPrevisto)
    ? today
    : starts.sort()[0];
}

export const WEEKDAYS_PT = ['seg', 'ter', 'qua', 'qui', 'sex', 'sáb', 'dom'];
export const isoOf = (d: Dayjs) => d.format('YYYY-MM-DD');
export { dayjs };
