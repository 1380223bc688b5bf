/** A site's impracticable days (src/server/dias-impraticaveis/routes.ts, issue 26): the answer and its query hook. */
import { useApiUrl, useCustom, type HttpError } from '@refinedev/core';
import type { LostDay, LostDays } from '../../../../schemas/dias-impraticaveis-types';

export type { LostDay, LostDays };

export const lostDaysUrl = (apiUrl: string, obra: string) => `${apiUrl}/obras/${encodeURIComponent(obra)}/dias-impraticaveis`;

export function useLostDays(obra: string, de: string, ate: string) {
  const apiUrl = useApiUrl();
  return useCustom<LostDays, HttpError>({
    url: lostDaysUrl(apiUrl, obra),
    method: 'get',
    config: { query: { de, ate } },
    errorNotification: false,
    queryOptions: { queryKey: ['dias-impraticaveis', obra, de, ate], enabled: !!obra, retry: false },
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first and last days of the month of `day` ('yyyy-mm-dd', or today in local time). */
export function monthOf(day?: string): { de: string; ate: string } {
  const now = new Date();
  const [y, m] = day ? day.split('-').map(Number) : [now.getFullYear(), now.getMonth() + 1];
  const last = new Date(y, m, 0).getDate();
  return { de: `${y}-${pad(m)}-01`, ate: `${y}-${pad(m)}-${pad(last)}` };
}

/** 'Tarde: Chuvoso' per impracticable shift. */
export const weatherOf = (d: LostDay) => d.turnos.map((t, i) => (d.tempo[i] ? `${t}: ${d.tempo[i]}` : t));
