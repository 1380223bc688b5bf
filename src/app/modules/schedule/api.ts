/** The works schedule API of a site (src/server/schedule/routes.ts): types and query hooks. */
import { useApiUrl, useCustom, type HttpError } from '@refinedev/core';
import type { ScheduleItem as BaseScheduleItem } from '../../../../resources/schedule';

/** An item with whether the signed-in user may edit its planned dates. */
export interface ScheduleItem extends BaseScheduleItem {
  editavel: boolean;
}

export interface Schedule {
  obra: { id: string; nome: string | null };
  hoje: string;
  podeEditar: boolean;
  podeAvisar: boolean;
  itens: ScheduleItem[];
}

export interface CurvePoint {
  data: string;
  previsto: number;
  realizado: number | null;
}

export interface SCurve {
  obra: string;
  intervalo: 'dia' | 'semana';
  pontos: CurvePoint[];
  realizado: { data: string; valor: number } | null;
}

export const siteApiPath = (apiUrl: string, obra: string) => `${apiUrl}/obras/${encodeURIComponent(obra)}`;

export function useSchedule(obra: string) {
  const apiUrl = useApiUrl();
  return useCustom<Schedule, HttpError>({
    url: `${siteApiPath(apiUrl, obra)}/cronograma`,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: ['cronograma', obra], enabled: !!obra },
  });
}

export function useSCurve(obra: string, intervalo: 'dia' | 'semana' = 'semana') {
  const apiUrl = useApiUrl();
  return useCustom<SCurve, HttpError>({
    url: `${siteApiPath(apiUrl, obra)}/curva-s`,
    method: 'get',
    config: { query: { intervalo } },
    errorNotification: false,
    queryOptions: { queryKey: ['curva-s', obra, intervalo], enabled: !!obra, retry: false },
  });
}
