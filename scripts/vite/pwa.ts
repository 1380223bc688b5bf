/**
 * The installable app (issue 26): vite-plugin-pwa writes the web app manifest and a Workbox service
 * worker (dist/sw.js + dist/workbox-<hash>.js) after the build. The app registers it itself
 * (src/app/pwa/register.ts, `injectRegister: false`) and asks before a new version takes over
 * (`registerType: 'prompt'`).
 *
 * Precache: the built HTML, JS, CSS, icons and the Latin Roboto fonts — not the `.br` / `.gz` copies
 * (scripts/vite/precompress.ts), not exceljs (only the exports load it) nor the other font subsets:
 * those are kept at first use (`portal-assets`, cache-first: their names carry a content hash).
 * Navigations get index.html (client routing) except under /api/.
 * API reads: GET /api/v1/… network-first (4 s) into `portal-api`, 200 answers only, so the last
 * answers are there without a network. Not the live-events stream, not file downloads (only their
 * thumbnails). `portal-api` holds personal data: the app deletes it on sign-out and when another
 * person signs in (src/app/pwa/caches.ts).
 */
import { VitePWA } from 'vite-plugin-pwa';
import { PRIMARY_COLOR } from '../../src/app/theme';

/** Name of the runtime cache of API answers (src/app/pwa/caches.ts deletes it). */
export const API_CACHE = 'portal-api';

/**
 * GET /api/v1/… answers kept for offline use: everything but the event stream and file bodies
 * (thumbnails yes). Self-contained: Workbox copies its source text into sw.js.
 */
export const cachedApiRequest = ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }): boolean => {
  const path = url.pathname;
  if (!sameOrigin || !path.startsWith('/api/v1/')) return false;
  if (path === '/api/v1/eventos' || path.startsWith('/api/v1/eventos/')) return false;
  if (path.startsWith('/api/v1/arquivos/')) return path.endsWith('/thumb');
  return true;
};

export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    // The icons are in the precache through globPatterns (public/icons/ is copied to dist/icons/).
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Portal de Obras',
      short_name: 'Portal',
      description: 'Portal de obras: diários, pendências, documentos e acompanhamento das obras.',
      lang: 'pt-BR',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: PRIMARY_COLOR,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The plugin adds manifest.webmanifest itself.
      globPatterns: ['**/*.{js,css,html,png,svg,ico}', 'assets/roboto-latin-*.woff2'],
      globIgnores: ['**/node_modules/**/*', '**/*.{br,gz}', '.vite/**', 'assets/exceljs*.js'],
      // The shared vendor chunk is ~1.7 MB (Workbox's default limit is 2 MiB).
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/assets\//, /^\/sw\.js$/, /^\/workbox-[^/]*\.js$/, /^\/manifest\.webmanifest$/],
      cleanupOutdatedCaches: true,
      // The first install controls the open page at once (its API reads are cached from the first
      // visit); an update still waits for "Atualizar" (skipWaiting stays false with 'prompt').
      clientsClaim: true,
      runtimeCaching: [
        {
          urlPattern: cachedApiRequest,
          method: 'GET',
          handler: 'NetworkFirst',
          options: {
            cacheName: API_CACHE,
            networkTimeoutSeconds: 4,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 500, maxAgeSeconds: 14 * 24 * 60 * 60 },
            // Answers vary on the bearer token (refreshed hourly): match on the URL alone.
            matchOptions: { ignoreVary: true },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          method: 'GET',
          handler: 'CacheFirst',
          options: {
            cacheName: 'portal-assets',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 120, maxAgeSeconds: 90 * 24 * 60 * 60 },
          },
        },
      ],
    },
  });
}
