/**
 * The service worker's copy of the API answers (`portal-api`, scripts/vite/pwa.ts) holds the signed-in
 * person's data: it is deleted on sign-out and when someone else signs in on the same device.
 */

/** Name of the runtime cache of API answers (the service worker's NetworkFirst route). */
export const API_CACHE = 'portal-api';

/** Deletes the cached API answers; a no-op where the Cache API is missing (plain HTTP, old browsers, tests). */
export async function clearOfflineCaches(): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    await caches.delete(API_CACHE);
  } catch (err) {
    console.warn('[pwa] não foi possível limpar o cache offline.', err);
  }
}
