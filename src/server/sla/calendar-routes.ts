/**
 * /api/v1/calendario: the business calendar's configuration (issue 25).
 *
 * - GET: every staff member who reads `Calendario` — the working hours of each weekday (minutes
 *   from local midnight), the company's city, the zone, the version, and the public national
 *   holidays of the years asked (`?ano=2026`, default this year and the next).
 * - PUT `{ version, horas, cidade }`: administrators only (an unconditional `manage` on
 *   `Calendario`: `acesso_total`); 409 when `version` is not the stored one, 400 per field
 *   (`horas.0` … `horas.6` by weekday, `horas` for the whole week, `cidade`, `version`) with
 *   nothing stored.
 *
 * The holidays administrators add are the generic entity `feriado` (/api/v1/feriados).
 */
import { ApiError } from '../http/errors';
import { declaredRouter } from '../http/declared-route';
import type { Db } from '../db/connect';
import { isExternalUser, type PortalUser } from '../../access/user';
import type { AppAbility } from '../../access/ability';
import { readCalendarConfig, validateHours, writeCalendarConfig } from './calendar-config';
import { nationalHolidays } from './holidays';
import { localParts } from './calendar';
import { alterarCalendario, calendario } from '../../../resources/calendario';

/** May this user change the calendar? Staff with an unconditional `manage` on `Calendario`. */
export function canAdministerCalendar(user: PortalUser, ability: AppAbility): boolean {
  if (isExternalUser(user)) return false;
  return ability.rulesFor('manage' as never, 'Calendario' as never).some((r) => !r.inverted && !r.conditions && !r.fields);
}

function parseYears(raw: string[] | undefined, timeZone: string): number[] {
  const thisYear = Number(localParts(timeZone, Date.now()).date.slice(0, 4));
  if (!raw?.length) return [thisYear, thisYear + 1];
  const years = raw.flatMap((v) => v.split(',')).map((v) => v.trim());
  if (years.length > 5 || years.some((y) => !/^\d{4}$/.test(y) || Number(y) < 1970 || Number(y) > 2100)) {
    throw new ApiError(400, 'Ano inválido.', { ano: ['Informe até cinco anos entre 1970 e 2100, como ?ano=2026.'] });
  }
  return [...new Set(years.map(Number))].sort((a, b) => a - b);
}

export function calendarRoutes(db: Db) {
  const { router, add } = declaredRouter('/calendario');

  add(calendario, async (c, req) => {
    const user = c.get('user');
    const ability = c.get('ability');
    if (isExternalUser(user) || !ability.can('read', 'Calendario')) throw new ApiError(403, 'Você não tem acesso ao calendário da empresa.');
    const config = await readCalendarConfig(db);
    const anos = parseYears(req.query().ano, config.timeZone);
    return req.reply(200, { ...config, podeEditar: canAdministerCalendar(user, ability), feriadosNacionais: anos.flatMap((y) => nationalHolidays(y)) });
  });

  add(alterarCalendario, async (c, req) => {
    const user = c.get('user');
    if (!canAdministerCalendar(user, c.get('ability'))) throw new ApiError(403, 'Só os administradores do portal podem alterar o calendário.');
    const body = await req.body();
    let horas;
    try {
      horas = validateHours(body.horas);
    } catch (e) {
      if (!(e instanceof ApiError) || !e.errors) throw e;
      throw new ApiError(400, alterarCalendario.invalid, e.errors);
    }
    const saved = await writeCalendarConfig(db, horas, body.cidade || null, body.version, user.email);
    return req.reply(200, { ...saved, podeEditar: true });
  });

  return router;
}
