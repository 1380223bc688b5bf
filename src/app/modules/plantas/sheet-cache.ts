/**
 * A site's plan PDFs on the device (issue 42). The service worker keeps a sheet's PDF the first
 * time it is drawn (`SHEETS_CACHE`, requests marked `?planta=1`, src/app/pwa/sw.ts); "Baixar
 * plantas da obra" puts every sheet of the site there at once, and the space they take is shown
 * with what the browser grants. Where there is no Cache API (plain HTTP, tests) nothing is kept.
 */
import { authHeaders } from '../../providers/data-provider';
import { SHEETS_CACHE } from '../../pwa/sw-routes';
import type { FolhaDaObra } from '../../../../resources/plantas';
import { apiFileUrl } from './plantas-api';
import { withSheetQuery } from './early-sheet';

/** The address of a sheet's PDF as the viewer asks for it (the worker keeps those). */
export const sheetPdfUrl = (path: string): string => withSheetQuery(apiFileUrl(path));

export const canKeepSheets = (): boolean => typeof caches !== 'undefined';

/** The distinct PDFs of the sheets (a PDF holds several sheets, one per page). */
export const sheetPdfs = (sheets: readonly FolhaDaObra[]): string[] => [...new Set(sheets.flatMap((s) => (s.arquivo ? [sheetPdfUrl(s.arquivo.url)] : [])))];

const absolute = (url: string) => new URL(url, window.location.origin).toString();

/**
 * The answer the service worker keeps for `url` (a sheet's PDF or thumbnail), read straight from the
 * cache by the page: no trip through the worker, which may be busy handing over a 28 MB PDF (`npm run
 * bench:plantas`). The cache holds only the signed-in person's copies (deleted at sign-out,
 * src/app/pwa/caches.ts). Undefined when it is not there or there is no Cache API.
 */
export async function keptResponse(url: string): Promise<Response | undefined> {
  if (!canKeepSheets()) return undefined;
  try {
    const res = await (await caches.open(SHEETS_CACHE)).match(absolute(url), { ignoreVary: true });
    return res?.ok ? res : undefined;
  } catch {
    return undefined;
  }
}

/** Bytes of `urls` already on the device, and how many of them are. */
export async function keptSheets(urls: readonly string[]): Promise<{ kept: number; bytes: number }> {
  if (!canKeepSheets()) return { kept: 0, bytes: 0 };
  const cache = await caches.open(SHEETS_CACHE);
  let kept = 0;
  let bytes = 0;
  for (const url of urls) {
    const res = await cache.match(absolute(url), { ignoreVary: true });
    if (!res) continue;
    kept++;
    bytes += Number(res.headers.get('content-length')) || (await res.blob()).size;
  }
  return { kept, bytes };
}

/** Keeps every PDF of `urls` not yet on the device; `onProgress(done, total)` after each. Throws a pt-BR Error. */
export async function keepSheets(urls: readonly string[], onProgress: (done: number, total: number) => void): Promise<void> {
  if (!canKeepSheets()) throw new Error('Este navegador não guarda arquivos para usar sem conexão (é preciso HTTPS).');
  const cache = await caches.open(SHEETS_CACHE);
  let done = 0;
  for (const url of urls) {
    if (!(await cache.match(absolute(url), { ignoreVary: true }))) {
      let res: Response;
      try {
        res = await fetch(url, { headers: await authHeaders() });
      } catch {
        throw new Error('Sem conexão: as plantas que faltam serão baixadas quando a rede voltar.');
      }
      if (!res.ok) throw new Error(`Não foi possível baixar uma das plantas (erro ${res.status}).`);
      try {
        await cache.put(absolute(url), res);
      } catch {
        throw new Error('O aparelho não tem mais espaço para guardar as plantas.');
      }
    }
    onProgress(++done, urls.length);
  }
}

/** What the browser grants this site and uses in all (bytes), when it says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const est = await navigator.storage?.estimate?.().catch(() => undefined);
  return est?.quota ? { usage: est.usage ?? 0, quota: est.quota } : null;
}

/** "12,4 MB", or "840 KB" under one megabyte. */
export const megabytes = (bytes: number): string =>
  bytes <= 0
    ? '0 KB'
    : bytes < 1_048_576
      ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`
      : `${(bytes / 1_048_576).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
