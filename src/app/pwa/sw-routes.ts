/**
 * What the service worker (sw.ts) keeps for offline use, as data the tests can read: the caches'
 * names and which requests go to which.
 */

/** Runtime cache of API answers (caches.ts deletes it on sign-out). */
export const API_CACHE = 'portal-api';
/** When the field data was last kept in API_CACHE (localStorage, per person): cleared with the cache. */
export const SITE_DATA_STAMP = 'portal.dadosDeCampo';
/** Runtime cache of the build's files left out of the precache (hashed names: never stale). */
export const ASSETS_CACHE = 'portal-assets';

/** GET /api/v1/… answers kept for offline use: everything but the event stream and file bodies (thumbnails yes). */
export const cachedApiRequest = ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }): boolean => {
  const path = url.pathname;
  if (!sameOrigin || !path.startsWith('/api/v1/')) return false;
  if (path === '/api/v1/eventos' || path.startsWith('/api/v1/eventos/')) return false;
  if (path.startsWith('/api/v1/arquivos/')) return path.endsWith('/thumb');
  return true;
};

/** The build's own files not in the precache (exceljs, other font subsets): kept at first use. */
export const cachedAsset = ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }): boolean => sameOrigin && url.pathname.startsWith('/assets/');

/** Navigations answered with index.html (client routing), except these. */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/assets\//, /^\/sw\.js$/, /^\/workbox-[^/]*\.js$/, /^\/manifest\.webmanifest$/];
