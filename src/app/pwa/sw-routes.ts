/**
 * What the service worker (sw.ts) keeps for offline use, as data the tests can read: the caches'
 * names and which requests go to which.
 */

/** Runtime cache of API answers (caches.ts deletes it on sign-out). */
export const API_CACHE = 'portal-api';
/** When the field data was last kept in API_CACHE (localStorage, per person): cleared with the cache. */
export const SITE_DATA_STAMP = 'portal.dadosDeCampo';
/** A site's plan PDFs kept on the device (issue 42): at first view and on "Baixar plantas da obra". */
export const SHEETS_CACHE = 'portal-plantas';
/** The query that marks a file request as a plan sheet's PDF (the viewer adds it; the API ignores it). */
export const SHEET_QUERY = 'planta';

/** A sheet's thumbnail addressed by its file and page (`?v=`, miniaturaDaFolhaPath): its content never changes either. */
const sheetThumbnail = (url: URL) => /^\/api\/v1\/plantas\/\d+\/miniatura$/.test(url.pathname) && !!url.searchParams.get('v');

/** A plan sheet's PDF or its thumbnail: served from the device once kept (a file's key never changes its content). */
export const cachedSheet = ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }): boolean =>
  sameOrigin && ((url.pathname.startsWith('/api/v1/arquivos/') && url.searchParams.get(SHEET_QUERY) === '1') || sheetThumbnail(url));

/** Runtime cache of the build's files left out of the precache (hashed names: never stale). */
export const ASSETS_CACHE = 'portal-assets';

/**
 * GET /api/v1/… answers kept for offline use: everything but the event stream and file bodies (thumbnails
 * yes), and but a request that asks for the server's own answer (`cache: 'no-store'`, the outbox's read of a
 * conflicting record: a slow network must not turn it into the copy kept before the conflict).
 */
export const cachedApiRequest = ({ url, sameOrigin, request }: { url: URL; sameOrigin: boolean; request?: Request }): boolean => {
  const path = url.pathname;
  if (!sameOrigin || !path.startsWith('/api/v1/') || request?.cache === 'no-store') return false;
  if (path === '/api/v1/eventos' || path.startsWith('/api/v1/eventos/')) return false;
  if (path.startsWith('/api/v1/arquivos/')) return path.endsWith('/thumb');
  return !sheetThumbnail(url); // kept with the plans (cachedSheet)
};

/** The build's own files not in the precache (exceljs, other font subsets): kept at first use. */
export const cachedAsset = ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }): boolean => sameOrigin && url.pathname.startsWith('/assets/');

/** Navigations answered with index.html (client routing), except these. */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/assets\//, /^\/sw\.js$/, /^\/workbox-[^/]*\.js$/, /^\/manifest\.webmanifest$/];
