/**
 * The service worker's copy of the API answers (`portal-api`, src/app/pwa/sw.ts) holds the signed-in
 * person's data: it is deleted on sign-out and when someone else signs in on the same device, with
 * the token left to the worker for the background send (offline/background-send.ts), and so is the
 * device's push subscription (push.ts).
 */

import { API_CACHE, SHEETS_CACHE, SITE_DATA_STAMP } from './sw-routes';
import { unsubscribeThisDevice } from './push';

export { API_CACHE };

/** Deletes the cached API answers; a no-op where the Cache API is missing (plain HTTP, old browsers, tests). */
export async function clearOfflineCaches(): Promise<void> {
  // The field data goes with the cache: the next sign-in keeps it again at once (modules/aparelho/site-data.tsx).
  try {
    localStorage.removeItem(SITE_DATA_STAMP);
  } catch {
    // no storage: nothing stamped
  }
  try {
    // Loaded on demand: the sign-in page does not carry the device store.
    const device = await import('../offline/device-db');
    if (device.hasDeviceStore()) await device.deleteWorkerSession();
  } catch (err) {
    console.warn('[pwa] não foi possível apagar a sessão do envio em segundo plano.', err);
  }
  // Push notices are the person's (issue 41): this device stops receiving them (the server forgets
  // the subscription when the push service next answers that it is gone).
  try {
    await unsubscribeThisDevice();
  } catch (err) {
    console.warn('[pwa] não foi possível desligar as notificações deste aparelho.', err);
  }
  try {
    if (typeof caches === 'undefined') return;
    await caches.delete(API_CACHE);
    await caches.delete(SHEETS_CACHE); // the plan PDFs the person kept (issue 42)
  } catch (err) {
    console.warn('[pwa] não foi possível limpar o cache offline.', err);
  }
}
