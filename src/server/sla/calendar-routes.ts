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
import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody } from '../crud/routes';
import type { Db } from '../db/connect';
import { isExternalUser, type PortalUser } from '../../access/user';
import type { AppAbility } from '../../access/ability';
import { readCalendarConfig, validateHours, writeCalendarConfig } from './calendar-config';
import { nationalHolidays } from './holidays';
import { localParts } from './calendar';
import type { CalendarAnswer, CalendarSaved } from '../../../resources/calendario';

/** May this user change the calendar? Staff with an unconditional `manage` on `Calendario`. */
export function canAdministerCalendar(user: PortalUser, ability: AppAbility): boolean {
  if (isExternalUser(user)) return false;
  return ability.rulesFor('manage' as never, 'Calendario' as never).some((r) => !r.inverted && !r.conditions && !r.fields);
}

const ALLOWED_KEYS = new Set(['version', 'horas', 'cidade']);

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
  const r = new Hono<AppEnv>();

  r.get('/', async (c) => {
    const user = c.get('user');
    const ability = c.get('ability');
    if (isExternalUser(user) || !ability.can('read', 'Calendario')) throw new ApiError(403, 'Você não tem acesso ao calendário da empresa.');
    const config = await readCalendarConfig(db);
    const anos = parseYears(c.req.queries('ano'), config.timeZone);
    const answer: CalendarAnswer = {
      ...config,
      podeEditar: canAdministerCalendar(user, ability),
      feriadosNacionais: anos.flatMap((y) => nationalHolidays(y)),
    };
    return c.json(answer);
  });

  r.put('/', async (c) => {
    const user = c.get('user');
    if (!canAdministerCalendar(user, c.get('ability'))) throw new ApiError(403, 'Só os administradores do portal podem alterar o calendário.');
    const body = await jsonBody(c.req.raw);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
    const b = body as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    for (const k of Object.keys(b)) if (!ALLOWED_KEYS.has(k)) errors[k] = ['Campo desconhecido.'];
    const { version } = b;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
      errors.version = ['Informe a versão do calendário que você abriu (número inteiro).'];
    let cidade: string | null = null;
    if (b.cidade !== undefined && b.cidade !== null) {
      if (typeof b.cidade !== 'string') errors.cidade = ['Informe o nome da cidade.'];
      else if (b.cidade.trim().length > 120) errors.cidade = ['No máximo 120 caracteres.'];
      else cidade = b.cidade.trim() || null;
    }
    let horas;
    try {
      horas = validateHours(b.horas);
    } catch (e) {
      if (!(e instanceof ApiError) || !e.errors) throw e;
      Object.assign(errors, e.errors);
    }
    if (Object.keys(errors).length || !horas) throw new ApiError(400, 'Verifique os campos do calendário.', errors);
    const saved = await writeCalendarConfig(db, horas, cidade, version as number, user.email);
    const answer: CalendarSaved = { ...saved, podeEditar: true };
    return c.json(answer);
  });

  return r;
}
