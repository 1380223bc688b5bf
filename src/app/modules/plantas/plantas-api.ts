/**
 * The plan viewer's requests (issue 42): a site's sheets, the pins of a sheet with their filters,
 * pinning and unpinning a record, and the confirmation (optionally a move) of a pin's place after a
 * new revision (src/server/plantas/site-routes.ts and pin-routes.ts), through the app's API client:
 * errors are `ApiCallError`s with the API's pt-BR message and its errors per field.
 */
import type { FiltroPinos, FolhaDaObra, NovoPino, PinoDaFolha } from '../../../../resources/plantas';
import { apiCall } from '../../providers/api-client';
import { getApiUrl } from '../../providers/data-provider';

/** The pin filters as the viewer keeps them in its URL (the same names the API reads). */
export const PIN_FILTER_KEYS = ['status', 'empresa', 'disciplina', 'tipo', 'atrasados'] as const;

const call = <T>(path: string, opts: { method?: string; body?: unknown } = {}, fallback = 'Não foi possível carregar as plantas.'): Promise<T> =>
  apiCall<T>(path, { ...opts, fallback });

export const fetchSheets = (obra: string): Promise<FolhaDaObra[]> => call(`/obras/${encodeURIComponent(obra)}/plantas`);

/** The query string of the pin filters (only those set). */
export function pinQuery(f: FiltroPinos): string {
  const q = new URLSearchParams();
  for (const k of PIN_FILTER_KEYS) {
    const v = f[k];
    if (v !== undefined && v !== '' && v !== false) q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const fetchPins = (folha: number, f: FiltroPinos): Promise<PinoDaFolha[]> =>
  call(`/plantas/${folha}/pinos${pinQuery(f)}`, undefined, 'Não foi possível carregar os pinos da folha.');

const pinPath = (folha: number, chave: string) => `/plantas/${folha}/pinos/${encodeURIComponent(chave)}`;

/** Confirms the pin's place after a new revision; with `point`, moves it there (0–1 of the sheet). */
export const confirmPin = (folha: number, chave: string, point?: { x: number; y: number }): Promise<PinoDaFolha> =>
  call(
    `${pinPath(folha, chave)}/confirmar`,
    { method: 'POST', body: point ? { x: point.x, y: point.y } : {} },
    'Não foi possível confirmar a posição do pino.',
  );

/** Pins a record of another module on the sheet (SGI record, work order, checklist non-conformity, RDO). */
export const pinRecord = (folha: number, pin: NovoPino): Promise<PinoDaFolha> =>
  call(`/plantas/${folha}/pinos`, { method: 'POST', body: pin }, 'Não foi possível fixar o registro na planta.');

/** Takes a pinned record off the sheet (a punch item's pin is changed by editing the item). */
export const unpinRecord = (folha: number, chave: string): Promise<PinoDaFolha> =>
  call(pinPath(folha, chave), { method: 'DELETE' }, 'Não foi possível desafixar o registro.');

/** The API serves the sheet's PDF at `/api/v1/arquivos/…`; the app may talk to another base (tests). */
export const apiFileUrl = (path: string) => (path.startsWith('/api/v1/') ? `${getApiUrl()}${path.slice('/api/v1'.length)}` : path);
