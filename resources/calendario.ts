/**
 * The company's business calendar (issue 25): the declarations of `GET/PUT /api/v1/calendario`
 * (resources/api-route.ts), served by src/server/sla/calendar-routes.ts and read by the calendar
 * screen (src/app/modules/calendario).
 */
import { z } from 'zod';
import { checkedByHandler, defineRoute, documentedAs, isoDateTime, type RouteAnswer, type RouteBody } from './api-route';

const TAGS = ['Prazos e SLA'];

const minute = z.int().min(0).max(1440);
const interval = z.tuple([minute, minute]).meta({ description: 'Início e fim, em minutos desde a meia-noite local (480 = 08:00).' });
/** Working intervals per weekday: index 0 = Sunday … 6 = Saturday; [start, end) in minutes from local midnight. */
const weeklyHours = z.array(z.array(interval)).length(7).meta({
  description: 'Intervalos de trabalho de cada dia, de Domingo a Sábado; um dia sem intervalos não é útil. Intervalos do mesmo dia não se sobrepõem.',
});

/** The stored configuration (version 0 and the defaults before the first save). */
const calendarConfig = z.object({
  horas: weeklyHours,
  cidade: z.string().nullable().meta({ description: 'Cidade da empresa: os feriados de abrangência "Cidade" valem para ela.' }),
  timeZone: z.string().meta({ examples: ['America/Sao_Paulo'] }),
  version: z.int(),
  updatedAt: isoDateTime().nullable(),
  updatedBy: z.string().nullable(),
});
const calendarSaved = calendarConfig.extend({
  podeEditar: z.boolean().meta({ description: 'A pessoa pode alterar o calendário (administradores).' }),
});
const calendarAnswer = calendarSaved.extend({
  feriadosNacionais: z
    .array(z.object({ date: z.string().meta({ format: 'date' }), name: z.string() }))
    .meta({ description: 'Feriados nacionais dos anos pedidos (os da empresa e da cidade ficam em /feriados).' }),
});

export const calendario = defineRoute({
  method: 'get',
  path: '/calendario',
  operationId: 'calendario',
  tags: TAGS,
  summary: 'Calendário útil da empresa',
  description: 'Horário de trabalho de cada dia, cidade, fuso e os feriados nacionais dos anos pedidos. Só colaboradores.',
  // Repeated (`?ano=2026&ano=2027`) or separated by commas; checked by the route.
  query: z.object({
    ano: documentedAs(z.array(z.string()), { type: 'array', maxItems: 5, items: { type: 'integer', minimum: 1970, maximum: 2100 } })
      .optional()
      .meta({ description: 'Até cinco anos (padrão: este e o próximo), repetido ou separados por vírgula.' }),
  }),
  answers: { 200: { description: 'Calendário.', schema: calendarAnswer }, 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden' },
});

const VERSION_MESSAGE = 'Informe a versão do calendário que você abriu (número inteiro).';
const CITY_MESSAGE = 'Informe o nome da cidade.';

export const alterarCalendario = defineRoute({
  method: 'put',
  path: '/calendario',
  operationId: 'alterarCalendario',
  tags: TAGS,
  summary: 'Altera o horário de trabalho e a cidade (administradores)',
  description:
    'Com a versão lida: 409 quando alguém alterou antes. Recusado inteiro (400, erros por dia em horas.0…horas.6) quando há intervalos sobrepostos ou fora do dia.',
  body: z.strictObject({
    version: z.int({ error: VERSION_MESSAGE }).min(0, VERSION_MESSAGE),
    // The days are checked by the route (src/server/sla/calendar-config.ts): one message per weekday.
    horas: checkedByHandler(weeklyHours),
    cidade: z.string({ error: CITY_MESSAGE }).trim().max(120, 'No máximo 120 caracteres.').nullable().optional(),
  }),
  invalid: 'Verifique os campos do calendário.',
  answers: {
    200: { description: 'Calendário gravado.', schema: calendarSaved },
    400: 'BadRequest',
    401: 'Unauthorized',
    403: 'Forbidden',
    409: 'Conflict',
  },
});

export const CALENDAR_ROUTES = [calendario, alterarCalendario];

export type WeeklyHours = z.output<typeof weeklyHours>;
export type CalendarConfig = z.output<typeof calendarConfig>;
/** `PUT /api/v1/calendario`: the saved configuration. */
export type CalendarSaved = RouteAnswer<typeof alterarCalendario>;
/** `GET /api/v1/calendario?ano=`: the configuration, whether the caller may change it, and the years' national holidays. */
export type CalendarAnswer = RouteAnswer<typeof calendario>;
/** `PUT /api/v1/calendario`'s body. */
export type CalendarChange = RouteBody<typeof alterarCalendario>;
