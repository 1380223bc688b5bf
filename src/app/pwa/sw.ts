/**
 * The portal's service worker (issue 26), built by vite-plugin-pwa's injectManifest into dist/sw.js:
 * - precache of the build (the list is injected at `self.__WB_MANIFEST`), old precaches removed;
 * - navigations answered with index.html, so the app starts without network;
 * - API reads network-first (4 s) into `portal-api`; the build's other files cache-first;
 * - a new version waits until the person presses "Atualizar" (the page posts SKIP_WAITING);
 * - Background Sync: the outbox is sent when the network returns, with no tab open (worker-send.ts);
 * - push notifications shown, and a tap opens the record (sw-push.ts, issue 41).
 * DOM typings are the project's; the few worker APIs used here are declared below.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { API_CACHE, ASSETS_CACHE, NAVIGATION_DENYLIST, SHEETS_CACHE, cachedApiRequest, cachedAsset, cachedSheet } from './sw-routes';
import { SYNC_TAG, sendInBackground } from '../offline/worker-send';
import { registerPushHandlers, type PushScope } from './sw-push';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));
registerRoute(
  cachedApiRequest,
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 4,
    // Answers vary on the bearer token (refreshed hourly): match on the URL alone.
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 14 * 24 * 60 * 60 })],
  }),
  'GET',
);
registerRoute(
  cachedSheet,
  new CacheFirst({
    cacheName: SHEETS_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 180 * 24 * 60 * 60 })],
  }),
  'GET',
);
registerRoute(
  cachedAsset,
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 90 * 24 * 60 * 60 })],
  }),
  'GET',
);

// The first install controls the open page at once (its API reads are cached from the first visit);
// an update waits for "Atualizar" (registerType 'prompt': the page posts SKIP_WAITING).
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Push notifications (issue 41): the worker's own scope has what sw-push.ts uses.
registerPushHandlers(self as unknown as PushScope);

self.addEventListener('sync', (event) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    sendInBackground().then((outcome) => {
      // Rejecting asks the browser to fire the event again later (no network yet, server down).
      if (outcome === 'pendente' && !event.lastChance) throw new Error('registros ainda aguardando o envio');
    }),
  );
});
