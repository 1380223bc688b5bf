/**
 * The company's business calendar (issue 25): the contracts of `GET/PUT /api/v1/calendario` as the
 * server answers them (src/server/sla/calendar-routes.ts) and the calendar screen reads them
 * (src/app/modules/calendario). Isomorphic.
 */

/** Working intervals per weekday: index 0 = Sunday … 6 = Saturday; [start, end) in minutes from local midnight. */
export type WeeklyHours = Array<Array<[number, number]>>;

/** The stored configuration (version 0 and the defaults before the first save). */
export interface CalendarConfig {
  horas: WeeklyHours;
  /** The company's city: its 'Cidade' holidays count. */
  cidade: string | null;
  timeZone: string;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** `PUT /api/v1/calendario`: the saved configuration. */
export interface CalendarSaved extends CalendarConfig {
  podeEditar: boolean;
}

/** `GET /api/v1/calendario?ano=`: the configuration, whether the caller may change it, and the years' national holidays. */
export interface CalendarAnswer extends CalendarSaved {
  feriadosNacionais: { date: string; name: string }[];
}

/** `PUT /api/v1/calendario`'s body. */
export interface CalendarChange {
  version: number;
  horas: WeeklyHours;
  cidade: string | null;
}
