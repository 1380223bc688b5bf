/**
 * The personal calendar address (issue 41), shared by the server (`/api/v1/calendario/endereco`,
 * src/server/calendar-feed/) and the profile's card (src/app/modules/preferencias/calendar-feed-card.tsx).
 */

/** `GET /calendario/endereco`: whether the person has an address, since when and when a calendar last read it. */
export interface CalendarFeedStatus {
  ativo: boolean;
  criadoEm: string | null;
  ultimoUsoEm: string | null;
}

/** `POST /calendario/endereco`: the new address, shown once (only its hash is kept). */
export interface CalendarFeedIssued extends CalendarFeedStatus {
  ativo: true;
  url: string;
}

/** The path of the public feed of a token (under `/api/v1`). */
export const calendarFeedPath = (token: string) => `/calendario/${token}.ics`;
