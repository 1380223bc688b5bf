/**
 * A sheet's thumbnail for the sheet list (`GET /api/v1/plantas/{id}/miniatura`, issue 42). An <img src>
 * cannot send the session (a bearer token; only /api/v1/arquivos takes the cookie), so the image is
 * fetched with the auth headers into an object URL, once the box is near the screen. The object URLs
 * are kept for the page's life (a few KB each), so reopening the list does not ask again; a thumbnail
 * the service worker already keeps (SHEETS_CACHE, src/app/pwa/sw-routes.ts) is read from its cache.
 */
import { useEffect, useState, type RefObject } from 'react';
import { miniaturaDaFolhaPath, type FolhaDaObra } from '../../../../resources/plantas';
import { authHeaders, getApiUrl } from '../../providers/data-provider';
import { keptResponse } from './sheet-cache';
import { earlyThumbnail } from './early-sheet';

export type ThumbnailState = { status: 'loading' } | { status: 'ok'; src: string } | { status: 'failed' };

/** Object URLs by thumbnail address: one fetch per thumbnail and page load. */
const loaded = new Map<string, Promise<string>>();

/** The address the app asks for (the worker keeps these, see cachedSheet). */
export const sheetThumbnailUrl = (s: Pick<FolhaDaObra, 'id' | 'pagina' | 'arquivo'>): string => `${getApiUrl()}${miniaturaDaFolhaPath(s)}`;

export const canShowBlobs = () => typeof URL.createObjectURL === 'function' && typeof fetch === 'function';

/** The thumbnail at `url` as an object URL, fetched once per page load (the sheet list and the viewer's first pass share it). */
export function loadThumbnail(url: string): Promise<string> {
  let p = loaded.get(url);
  if (!p) {
    p = (async () => {
      const early = await earlyThumbnail(url); // read at start (a cold start on the sheet's address)
      if (early) return early;
      const res = (await keptResponse(url)) ?? (await fetch(url, { headers: await authHeaders() }));
      if (!res.ok) throw new Error(`miniatura: ${res.status}`);
      return URL.createObjectURL(await res.blob());
    })();
    // A failure is not kept: the next mount (back online, a new session) tries again.
    p.catch(() => loaded.delete(url));
    loaded.set(url, p);
  }
  return p;
}

/** Resolves when `el` comes near the viewport (at once without IntersectionObserver). */
function whenVisible(el: Element | null, onVisible: () => void): () => void {
  if (!el || typeof IntersectionObserver === 'undefined') {
    onVisible();
    return () => undefined;
  }
  const io = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        onVisible();
      }
    },
    { rootMargin: '200px' },
  );
  io.observe(el);
  return () => io.disconnect();
}

/** The thumbnail of `sheet` for the box `ref`: loading, an object URL, or failed (no file, an error, no blob support). */
export function useSheetThumbnail(sheet: Pick<FolhaDaObra, 'id' | 'pagina' | 'arquivo'>, ref: RefObject<Element | null>): ThumbnailState {
  const url = sheet.arquivo ? sheetThumbnailUrl(sheet) : undefined;
  const [state, setState] = useState<ThumbnailState>({ status: 'loading' });
  useEffect(() => {
    if (!url || !canShowBlobs()) {
      setState({ status: 'failed' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    const stop = whenVisible(ref.current, () => {
      loadThumbnail(url).then(
        (src) => live && setState({ status: 'ok', src }),
        () => live && setState({ status: 'failed' }),
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, [url, ref]);
  return state;
}
