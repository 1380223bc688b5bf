/**
 * A sheet's address opened cold (a reload, a link, the app reopened on it; issue 42): what the viewer
 * shows first is read from the device while the app itself loads, not after it (`npm run
 * bench:plantas`: the viewer mounts ~1.5–2 s after a reload on a phone, after the session, the
 * schemas, the site and its sheet list). The entry (src/app/main.tsx) calls `startEarlySheet` when
 * the path is a sheet's (FOLHA_VIEWER_PATH) and someone is signed in: the site's sheet list the
 * service worker kept (`portal-api`), then that sheet's thumbnail and PDF (`portal-plantas`), are
 * read straight from the caches — the copies the worker answers with offline, the signed-in person's
 * only (deleted at sign-out, src/app/pwa/caches.ts). Nothing goes to the network and nothing is
 * shown that the device did not already keep for this person.
 *
 * The viewer takes them when it mounts: the list as its first answer until the API's own
 * (use-plan-data.ts), the thumbnail as its first pass (use-sheet-thumbnail.ts), the PDF's bytes for
 * pdf.js (pdf-document.ts). Until the viewer shows the sheet, the thumbnail is painted over the
 * loading app (early-sheet-splash.tsx), which `releaseEarlySheet` ends. Kept small and apart from the
 * viewer's chunk: the entry carries this file.
 */
import { matchPath } from 'react-router';
import { FOLHA_VIEWER_PATH, miniaturaDaFolhaPath, type FolhaDaObra } from '../../../../resources/plantas';
import { readSession } from '../../auth/session';
import { API_CACHE, SHEET_QUERY, SHEETS_CACHE } from '../../pwa/sw-routes';

/** The app's API base when it talks to its own origin (data-provider.ts DEFAULT_API_URL). */
const API = '/api/v1';
/** The splash never outlives this (a viewer that fails to load must not stay hidden under it). */
const SPLASH_MAX_MS = 10_000;
/** The PDF's bytes not taken by then (the person went elsewhere) are let go. */
const PDF_KEPT_MS = 60_000;

/** The address of a sheet's PDF as the viewer asks for it: the worker keeps the requests marked so. */
export const withSheetQuery = (url: string): string => `${url}${url.includes('?') ? '&' : '?'}${SHEET_QUERY}=1`;

const absolute = (url: string): string => new URL(url, window.location.origin).toString();

async function kept(cache: string, url: string): Promise<Response | undefined> {
  const res = await (await caches.open(cache)).match(url, { ignoreVary: true });
  return res?.ok ? res : undefined;
}

/** What one start read, by the absolute address each consumer asks for (known before the bytes). */
interface Early {
  path: string;
  obra: string;
  /** Until the API answers the list (forgetEarlySheets). */
  sheets: Promise<FolhaDaObra[] | undefined> | undefined;
  thumbnail: { url: Promise<string | undefined>; src: Promise<string | undefined> };
  /** Until taken (takeEarlyPdf) or left (PDF_KEPT_MS). */
  pdf: { url: Promise<string | undefined>; bytes: Promise<ArrayBuffer | undefined> } | undefined;
}
let early: Early | undefined;

/** What the splash shows: the thumbnail's object URL and the sheet's address, until released. */
export interface SplashState {
  path?: string;
  src?: string;
  released: boolean;
}
let splash: SplashState = { released: true };
const listeners = new Set<() => void>();
const setSplash = (next: SplashState) => {
  splash = next;
  for (const l of listeners) l();
};
export const subscribeSplash = (l: () => void): (() => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export const splashState = (): SplashState => splash;

/** The viewer shows the sheet (or will not): the splash goes, for the rest of the page's life. */
export function releaseEarlySheet(): void {
  if (!splash.released) setSplash({ ...splash, released: true });
}

/** Starts reading the sheet of `pathname` from the device; a no-op on another path, signed out, or without the Cache API. */
export function startEarlySheet(pathname: string = window.location.pathname): void {
  const m = matchPath(FOLHA_VIEWER_PATH, pathname);
  const folha = Number(m?.params.folha);
  if (!m?.params.obra || !Number.isInteger(folha) || typeof caches === 'undefined' || !readSession().user) return;
  const obra = m.params.obra;
  const sheets = kept(API_CACHE, absolute(`${API}/obras/${encodeURIComponent(obra)}/plantas`))
    .then((res) => res?.json() as Promise<FolhaDaObra[]> | undefined)
    .then((list) => (Array.isArray(list) ? list : undefined))
    .catch(() => undefined);
  const sheet = sheets.then((list) => list?.find((s) => s.id === folha && !!s.arquivo));
  const thumbnailUrl = sheet.then((s) => (s ? absolute(`${API}${miniaturaDaFolhaPath(s)}`) : undefined));
  const thumbnail = thumbnailUrl
    .then(async (url) => {
      const res = url ? await kept(SHEETS_CACHE, url) : undefined;
      return res ? URL.createObjectURL(await res.blob()) : undefined;
    })
    .catch(() => undefined);
  // After the thumbnail: the 28 MB of a plan set must not hold the small picture back.
  const pdfUrl = sheet.then((s) => (s?.arquivo ? absolute(withSheetQuery(s.arquivo.url)) : undefined));
  const pdf = {
    url: pdfUrl,
    bytes: Promise.all([pdfUrl, thumbnail])
      .then(async ([url]) => {
        const res = url ? await kept(SHEETS_CACHE, url) : undefined;
        return res ? await res.arrayBuffer() : undefined;
      })
      .catch(() => undefined),
  };
  early = { path: pathname, obra, sheets, thumbnail: { url: thumbnailUrl, src: thumbnail }, pdf };
  setSplash({ path: pathname, released: false });
  void thumbnail.then((src) => {
    if (src && !splash.released) setSplash({ ...splash, src });
    else if (!src) releaseEarlySheet();
  });
  setTimeout(releaseEarlySheet, SPLASH_MAX_MS);
  setTimeout(() => {
    if (early?.pdf === pdf) early.pdf = undefined;
  }, PDF_KEPT_MS);
}

/** The site's sheet list read at start, for the viewer's first render of `obra` (undefined: none). */
export function earlySheets(obra: string): Promise<FolhaDaObra[] | undefined> | undefined {
  return early?.obra === obra ? early.sheets : undefined;
}

/** The API answered the list: the one read at start is not shown again. */
export function forgetEarlySheets(): void {
  if (early) early.sheets = undefined;
}

/** The thumbnail at `url` read at start, as an object URL kept for the page's life. */
export async function earlyThumbnail(url: string): Promise<string | undefined> {
  const t = early?.thumbnail;
  return t && (await t.url) === absolute(url) ? t.src : undefined;
}

/** The bytes of the PDF at `url` read at start, handed over once (then only pdf.js holds them). */
export async function takeEarlyPdf(url: string): Promise<ArrayBuffer | undefined> {
  const pdf = early?.pdf;
  if (!pdf || (await pdf.url) !== absolute(url) || early?.pdf !== pdf) return undefined;
  early.pdf = undefined;
  return pdf.bytes;
}
