/**
 * RDO deadlines in the personal calendar feed (issue 41): the daily report of each working day of
 * a site under way is due by the end of that day's working hours (the company's business calendar,
 * holidays included). For the people who write the site's reports (its site manager, or its
 * substitute when the rules let them write for it), each working day without a report gets a
 * timed event at that deadline: the last PAST_DAYS days as "em atraso", today and the next
 * AHEAD_DAYS days as due. A report written for that date removes the event at the next read.
 */
import { subject } from '@casl/ability';
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { AppAbility } from '../../access/ability';
import type { PortalUser } from '../../access/user';
import type { Db } from '../db/connect';
import { serverConfig } from '../config';
import { addDaysIso, formatDateBr, todayIso } from '../time';
import { isBusinessDate, localToInstant, type BusinessCalendar } from '../sla/calendar';
import { loadCalendar } from '../sla/calendar-config';
import { DEADLINE_MINUTES, type FeedEvent } from './ics';

/** Working days before today still listed when their report is missing. */
export const PAST_DAYS = 14;
/** Days after today whose report deadline is listed. */
export const AHEAD_DAYS = 7;
const MAX_SITES = 20;

interface Site {
  id: string;
  nome: string | null;
  sm: string | null;
  inicio: string | null;
  conclusao: string | null;
}

/** The end of the last working interval of a business date, as an instant. */
function endOfWorkingDay(cal: BusinessCalendar, date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const intervals = cal.hours[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? [];
  const last = Math.max(...intervals.map(([, end]) => end));
  return new Date(localToInstant(cal.timeZone, date, last));
}

/** The sites whose reports this person writes now (site manager, or substitute allowed to write). */
async function writtenSites(db: Db, user: PortalUser, ability: AppAbility): Promise<Site[]> {
  const email = user.email.toLowerCase();
  const r = await sql<Site>`select "Id_Lista" as id, nome, lower("siteManager" ->> 'mail') as sm,
      to_char("dataInicio", 'YYYY-MM-DD') as inicio, to_char("dataConclusao", 'YYYY-MM-DD') as conclusao
    from obra
    where status = 'Em andamento'
      and (lower("siteManager" ->> 'mail') = ${email} or lower("siteManagerSubstituto" ->> 'mail') = ${email})
    order by "Id_Lista" limit ${MAX_SITES}`.execute(db);
  return r.rows.filter((s) => ability.can('create' as never, subject('RDO', { obra: String(s.id), siteManager: { mail: s.sm ?? email } }) as never));
}

/** The events: one per site and working day of the window without a report. */
export async function rdoDeadlineEvents(
  deps: { db: Db; schemas: () => readonly EntitySchema[] },
  user: PortalUser,
  ability: AppAbility,
  host: string,
  now = new Date(),
): Promise<FeedEvent[]> {
  if (!deps.schemas().some((s) => s.name === 'diario')) return [];
  const sites = await writtenSites(deps.db, user, ability);
  if (!sites.length) return [];
  const cal = await loadCalendar(deps.db);
  const today = todayIso(now);
  const from = addDaysIso(today, -PAST_DAYS);
  const to = addDaysIso(today, AHEAD_DAYS);
  const written = await sql<{ obra: string; data: string }>`
    select distinct obra::text as obra, to_char(data, 'YYYY-MM-DD') as data from diario
    where obra::text in (${sql.join(sites.map((s) => String(s.id)))}) and data between cast(${from} as date) and cast(${to} as date)`.execute(deps.db);
  const done = new Set(written.rows.map((r) => `${r.obra}|${r.data}`));
  const base = serverConfig().publicUrl;
  const out: FeedEvent[] = [];
  for (const site of sites) {
    const id = String(site.id);
    for (let date = from; date <= to; date = addDaysIso(date, 1)) {
      if ((site.inicio && date < site.inicio) || (site.conclusao && date > site.conclusao)) continue;
      if (!isBusinessDate(cal, date) || done.has(`${id}|${date}`)) continue;
      const due = endOfWorkingDay(cal, date);
      const late = due.getTime() < now.getTime();
      out.push({
        uid: `rdo-${id}-${date}@${host}`,
        summary: `${late ? 'RDO em atraso' : 'Prazo do RDO'}: obra ${id}, ${formatDateBr(date)}`,
        description: [
          site.nome ? `Obra: ${id} – ${site.nome}` : `Obra: ${id}`,
          `Relatório diário de ${formatDateBr(date)} ainda não registrado.`,
          `Prazo: fim do expediente (${due.toLocaleTimeString('pt-BR', { timeZone: cal.timeZone, hour: '2-digit', minute: '2-digit' })}).`,
        ].join('\n'),
        url: `${base}/${encodeURIComponent(id)}/diarios/novo?data=${date}`,
        at: { start: new Date(due.getTime() - DEADLINE_MINUTES * 60_000), minutes: DEADLINE_MINUTES },
        categories: 'RDO',
      });
    }
  }
  return out;
}
