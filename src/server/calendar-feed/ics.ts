/**
 * A small iCalendar (RFC 5545) writer for the personal calendar feed: escaped texts, lines folded
 * at 75 octets, CRLF, a VTIMEZONE for America/Sao_Paulo (no daylight saving since 2019) and events
 * either all-day (`VALUE=DATE`) or timed in that zone.
 */
import { wallClock } from '../time';

export const FEED_ZONE = 'America/Sao_Paulo';
/** A deadline shows as an event of this many minutes ending at the deadline. */
export const DEADLINE_MINUTES = 30;

export interface FeedEvent {
  uid: string;
  summary: string;
  description?: string;
  url: string;
  /** All-day: first day and last day (inclusive), `YYYY-MM-DD`. */
  days?: { start: string; end: string };
  /** Timed: the instant (a deadline) and its length in minutes. */
  at?: { start: Date; minutes: number };
  categories?: string;
}

/** Text value escaping (RFC 5545 3.3.11). */
export const escapeText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (size + n > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const dateValue = (iso: string) => iso.slice(0, 10).replace(/-/g, '');
const nextDay = (iso: string) => new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The instant as local time in the feed's zone (`YYYYMMDDTHHMMSS`). */
export function localStamp(d: Date): string {
  const p = wallClock(FEED_ZONE, d);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}${two(p.month)}${two(p.day)}T${two(p.hour)}${two(p.minute)}${two(p.second)}`;
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${FEED_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:-0300',
  'TZOFFSETTO:-0300',
  'TZNAME:-03',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function eventLines(e: FeedEvent, stamp: string): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${stamp}`];
  if (e.days) {
    lines.push(`DTSTART;VALUE=DATE:${dateValue(e.days.start)}`, `DTEND;VALUE=DATE:${dateValue(nextDay(e.days.end))}`, 'TRANSP:TRANSPARENT');
  } else if (e.at) {
    const end = new Date(e.at.start.getTime() + e.at.minutes * 60_000);
    lines.push(`DTSTART;TZID=${FEED_ZONE}:${localStamp(e.at.start)}`, `DTEND;TZID=${FEED_ZONE}:${localStamp(end)}`);
  }
  lines.push(`SUMMARY:${escapeText(e.summary)}`);
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.categories) lines.push(`CATEGORIES:${escapeText(e.categories)}`);
  lines.push(`URL;VALUE=URI:${e.url}`, 'END:VEVENT');
  return lines;
}

/** The whole calendar, CRLF-terminated. */
export function renderCalendar(name: string, events: FeedEvent[], now = new Date()): string {
  const stamp = utcStamp(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Portal//Agenda pessoal//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${FEED_ZONE}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...VTIMEZONE,
    ...events.flatMap((e) => eventLines(e, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
