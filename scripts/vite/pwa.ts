/**
 * The installable app (issue 26): vite-plugin-pwa writes the web app manifest and builds the service
 * worker src/app/pwa/sw.ts into dist/sw.js (`injectManifest`: the worker is our code, with Workbox's
 * modules, so it can also send the device's outbox in the background). The app registers it itself
 * (src/app/pwa/register.ts, `injectRegister: false`) and asks before a new version takes over
 * (`registerType: 'prompt'`).
 *
 * Precache: the built HTML, JS, CSS, icons and the Latin Roboto fonts — not the `.br` / `.gz` copies
 * (scripts/vite/precompress.ts), not exceljs (only the exports load it) nor the other font subsets:
 * those are kept at first use. What is cached at run time is in src/app/pwa/sw-routes.ts.
 */
import { VitePWA } from 'vite-plugin-pwa';
import { PRIMARY_COLOR } from '../../src/app/theme';

export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    filename: 'sw.ts',
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
    strategies: 'injectManifest',
    srcDir: 'src/app/pwa',
    injectManifest: {
      // The plugin adds manifest.webmanifest itself.
      globPatterns: ['**/*.{js,css,html,png,svg,ico}', 'assets/roboto-latin-*.woff2'],
      globIgnores: ['**/node_modules/**/*', '**/*.{br,gz}', '.vite/**', 'assets/exceljs*.js', 'sw.js'],
      // The shared vendor chunk is ~1.7 MB (Workbox's default limit is 2 MiB).
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}
