/**
 * The company's business calendar as stored (issue 25): the working hours of each weekday in one
 * configuration record (table `calendario_config`, edited through `GET/PUT /api/v1/calendario`,
 * calendar-routes.ts), the public national holidays (holidays.ts) and the holidays administrators
 * add (the generic entity `feriado`: abrangência 'Empresa', or 'Cidade' for the company's city).
 *
 * `loadCalendar` caches the calendar per database. A write through this process drops it at once
 * (the config route, and the generic CRUD's table notice for `feriado`); writes of other processes
 * are seen within `RECHECK_MS`, through a cheap stamp of both tables.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { onTableWritten } from '../crud/write-events';
import { ApiError } from '../http/errors';
import type { FieldErrors } from '../crud/validate';
import type { CalendarConfig } from '../../../resources/calendario';
import { DEFAULT_CALENDAR_HOURS, DEFAULT_TIME_ZONE, type BusinessCalendar, type WeeklyHours } from './calendar';
import { isNationalHoliday } from './holidays';

export const CALENDAR_CORE_SQL = [
  `CREATE TABLE IF NOT EXISTS calendario_config (
     id integer primary key check (id = 1),
     horas jsonb not null,
     cidade text,
     version integer not null,
     updated_at timestamptz not null default now(),
     updated_by text)`,
];

/** The table of the `feriado` entity (schemas/feriado.ts). */
export const HOLIDAY_TABLE = 'feriado';

export const WEEKDAY_NAMES = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'];

export type { CalendarConfig };

/** The portal's zone (as src/server/time.ts): America/Sao_Paulo unless TZ_PORTAL says otherwise. */
export const calendarTimeZone = () => process.env.TZ_PORTAL || DEFAULT_TIME_ZONE;

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * Validates a weekly-hours value sent by a client; returns it sorted, or throws 400 with pt-BR
 * errors per weekday (`horas.1` = Monday) and for the whole week (`horas`).
 */
export function validateHours(value: unknown): WeeklyHours {
  const errors: FieldErrors = {};
  const add = (key: string, msg: string) => (errors[key] ??= []).push(msg);
  if (!Array.isArray(value) || value.length !== 7) {
    throw new ApiError(400, 'Horário de trabalho inválido.', { horas: ['Informe os intervalos dos sete dias da semana, de domingo a sábado.'] });
  }
  const out: WeeklyHours = [];
  value.forEach((day, i) => {
    const key = `horas.${i}`;
    const name = WEEKDAY_NAMES[i];
    const list: Array<[number, number]> = [];
    if (!Array.isArray(day)) {
      add(key, `${name}: informe uma lista de intervalos.`);
      out.push(list);
      return;
    }
    for (const iv of day) {
      if (!Array.isArray(iv) || iv.length !== 2 || !iv.every((n) => typeof n === 'number' && Number.isInteger(n))) {
        add(key, `${name}: cada intervalo tem início e fim em minutos inteiros.`);
        continue;
      }
      const [s, e] = iv as [number, number];
      if (s < 0 || s > 1440 || e < 0 || e > 1440) {
        add(key, `${name}: horários entre 00:00 e 24:00 (0 a 1440 minutos).`);
        continue;
      }
      if (e <= s) {
        add(key, `${name}: o intervalo ${hhmm(s)}–${hhmm(e)} termina antes de começar.`);
        continue;
      }
      list.push([s, e]);
    }
    list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (let k = 1; k < list.length; k++) {
      if (list[k][0] < list[k - 1][1]) {
        add(key, `${name}: os intervalos ${hhmm(list[k - 1][0])}–${hhmm(list[k - 1][1])} e ${hhmm(list[k][0])}–${hhmm(list[k][1])} se sobrepõem.`);
      }
    }
    out.push(list);
  });
  if (!Object.keys(errors).length && out.every((d) => d.length === 0)) {
    add('horas', 'Informe o horário de trabalho de pelo menos um dia da semana.');
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'Horário de trabalho inválido.', errors);
  return out;
}

const normCity = (s: unknown) =>
  String(s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** Same city, ignoring case, accents and surrounding spaces. */
export const sameCity = (a: unknown, b: unknown) => normCity(a) !== '' && normCity(a) === normCity(b);

/** The stored configuration, or the defaults (version 0). */
export async function readCalendarConfig(db: Db): Promise<CalendarConfig> {
  const r = await sql<{ horas: WeeklyHours; cidade: string | null; version: number; updated_at: Date | string; updated_by: string | null }>`
    select horas, cidade, version, updated_at, updated_by from calendario_config where id = 1`.execute(db);
  const row = r.rows[0];
  if (!row) return { horas: DEFAULT_CALENDAR_HOURS, cidade: null, timeZone: calendarTimeZone(), version: 0, updatedAt: null, updatedBy: null };
  return {
    horas: row.horas,
    cidade: row.cidade,
    timeZone: calendarTimeZone(),
    version: Number(row.version),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

/**
 * Stores a new configuration when `expected` is the current version (0: never saved); 409
 * otherwise. The hours must have been validated. Atomic without locks: an insert that does nothing
 * on conflict, or an update conditioned on the version.
 */
export async function writeCalendarConfig(db: Db, horas: WeeklyHours, cidade: string | null, expected: number, by: string): Promise<CalendarConfig> {
  const json = JSON.stringify(horas);
  const r =
    expected === 0
      ? await sql<{ version: number }>`
          insert into calendario_config (id, horas, cidade, version, updated_at, updated_by)
          values (1, ${json}::jsonb, ${cidade}, 1, now(), ${by})
          on conflict (id) do nothing returning version`.execute(db)
      : await sql<{ version: number }>`
          update calendario_config set horas = ${json}::jsonb, cidade = ${cidade}, version = version + 1, updated_at = now(), updated_by = ${by}
          where id = 1 and version = ${expected} returning version`.execute(db);
  if (!r.rows.length) {
    throw new ApiError(409, 'O calendário foi alterado por outra pessoa depois que você o abriu. Recarregue a página e refaça a alteração.');
  }
  invalidateCalendar();
  return readCalendarConfig(db);
}

// ---------------------------------------------------------------------------------------------
// The calendar, cached

/** How long a cached calendar is trusted before its stamp is checked again (writes of other processes). */
export const RECHECK_MS = 30_000;

/**
 * Changes with every write of the configuration and of the holidays (inserts, updates, deletes),
 * and names the database server (its start time): calendars of different databases never share it.
 */
async function calendarStamp(db: Db): Promise<string> {
  const r = await sql<{ s: string }>`
    select concat_ws('/', current_database(), pg_postmaster_start_time()::text,
      (select version from calendario_config where id = 1),
      (select count(*) from ${sql.table(HOLIDAY_TABLE)}),
      (select max(updated_at)::text from ${sql.table(HOLIDAY_TABLE)}),
      (select max(id) from ${sql.table(HOLIDAY_TABLE)})) as s`.execute(db);
  return String(r.rows[0]?.s ?? '');
}

/** Calendars by stamp (a few: one per database a process opens). */
const byStamp = new Map<string, Promise<BusinessCalendar>>();
/** A root connection's last stamp and when it was read: within RECHECK_MS no query at all. */
const recent = new WeakMap<Db, { stamp: string; at: number; generation: number }>();
/** Bumped by every write this process sees: drops every `recent` entry at once. */
let generation = 0;

/** Drops the cached calendars (after a write of the configuration or of a holiday). */
export function invalidateCalendar(): void {
  generation += 1;
}

onTableWritten((table) => {
  if (table === HOLIDAY_TABLE) invalidateCalendar();
});

/** The calendar built from the database now (no cache). */
export async function buildCalendar(db: Db): Promise<BusinessCalendar> {
  const config = await readCalendarConfig(db);
  const r = await sql<{ data: string | Date; abrangencia: string | null; cidade: string | null }>`
    select data, abrangencia, cidade from ${sql.table(HOLIDAY_TABLE)}`.execute(db);
  const own = new Set<string>();
  for (const row of r.rows) {
    const date = typeof row.data === 'string' ? row.data.slice(0, 10) : row.data.toISOString().slice(0, 10);
    if (row.abrangencia === 'Cidade' && !sameCity(row.cidade, config.cidade)) continue;
    own.add(date);
  }
  return {
    timeZone: config.timeZone,
    hours: config.horas,
    isHoliday: (iso) => own.has(iso) || isNationalHoliday(iso),
  };
}

/**
 * Company config + national holidays + admin-added holidays; cached, invalidated on change.
 *
 * On the root connection a calendar is reused without any query for RECHECK_MS unless this process
 * wrote meanwhile; inside a transaction (or after that time) one cheap stamp query decides, and
 * the calendar is rebuilt only when the stamp changed.
 */
export async function loadCalendar(db: Db): Promise<BusinessCalendar> {
  const now = Date.now();
  const root = !db.isTransaction;
  const seen = root ? recent.get(db) : undefined;
  if (seen && seen.generation === generation && now - seen.at < RECHECK_MS) {
    const hit = byStamp.get(seen.stamp);
    if (hit) return hit;
  }
  const gen = generation;
  const stamp = await calendarStamp(db);
  let calendar = byStamp.get(stamp);
  if (!calendar || gen !== generation) {
    calendar = buildCalendar(db);
    byStamp.delete(stamp);
    byStamp.set(stamp, calendar);
    calendar.catch(() => byStamp.get(stamp) === calendar && byStamp.delete(stamp));
    while (byStamp.size > 16) byStamp.delete(byStamp.keys().next().value as string);
  }
  if (root) recent.set(db, { stamp, at: now, generation: gen });
  return calendar;
}
