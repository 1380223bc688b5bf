/**
 * Rule 4 of the guard: the site named by a route exists and the user may read it.
 * `GET /api/v1/obras?Id_Lista=<obra>` goes through the API's access rules, so "no row"
 * means "does not exist or not visible" (→ /ObraInacessivel); a failed call is an error (→ /403);
 * no network at all is 'unreachable' (the guard says "Sem conexão" and tries again).
 */
import { bearerHeaders } from '../access/load-ability';
import type { ObraCheckState } from './guard-rules';

export interface ObraCheckResult {
  state: Exclude<ObraCheckState, 'checking'>;
  record?: Record<string, unknown>;
}

export type CheckObra = (obra: string) => Promise<ObraCheckResult>;

export interface ObraCheckOptions {
  apiUrl?: string;
  getToken?: () => Promise<string | undefined | null> | string | undefined | null;
  fetchImpl?: typeof fetch;
}

export function createObraCheck(options: ObraCheckOptions = {}): CheckObra {
  const { apiUrl = '/api/v1', fetchImpl = fetch } = options;
  return async (obra) => {
    try {
      const headers = { Accept: 'application/json', ...(await bearerHeaders(options.getToken)) };
      const url = `${apiUrl}/obras?Id_Lista=${encodeURIComponent(obra)}&_start=0&_end=1`;
      let response: Response;
      try {
        response = await fetchImpl(url, { headers });
      } catch {
        return { state: 'unreachable' };
      }
      if (response.status === 403 || response.status === 404) return { state: 'inaccessible' };
      if (!response.ok) return { state: 'error' };
      const rows = (await response.json()) as unknown;
      if (!Array.isArray(rows)) return { state: 'error' };
      const record = rows.find((r) => r && typeof r === 'object' && String((r as Record<string, unknown>).Id_Lista) === obra) as
        Record<string, unknown> | undefined;
      return record ? { state: 'ok', record } : { state: 'inaccessible' };
    } catch {
      return { state: 'error' };
    }
  };
}
