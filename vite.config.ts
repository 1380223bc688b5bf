import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite/precompress';
import { vendorChunks } from './scripts/vite/vendor-chunks';
import { moduleSideEffects } from './scripts/vite/side-effect-free';
import { esIcons } from './scripts/vite/es-icons';
import { NODE_ISOLATED, NODE_TESTS } from './tests/node-projects';
import { formProvider } from './scripts/vite/form-provider';
import { antdCss } from './scripts/vite/antd-css';
import { refineAntdSrc } from './scripts/vite/refine-antd-src';
import { pwa } from './scripts/vite/pwa';
import { nativePolyfills } from './scripts/vite/native-polyfills';
import { unusedAntdParts } from './scripts/vite/unused-antd-parts';
import { schemaSkeleton } from './scripts/vite/schema-skeleton';
import { declarationsSkeleton } from './scripts/vite/declarations-skeleton';
import { portalBuild } from './scripts/vite/build-info';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    esIcons(),
    formProvider(),
    nativePolyfills(),
    unusedAntdParts(),
    schemaSkeleton(),
    declarationsSkeleton(),
    antdCss(),
    refineAntdSrc(),
    pwa(),
  ],
  server: { proxy: { '/api': apiTarget } },
  // The build's version and commit (issue 40): shown on /versoesSistema and the profile, compared at start.
  define: { __PORTAL_BUILD__: JSON.stringify(portalBuild(fileURLToPath(new URL('.', import.meta.url)))) },
  build: {
    outDir: 'dist',
    // The shared vendor chunk is ~1.7 MB minified (known; `npm run bench:bundle` follows what each route loads).
    chunkSizeWarningLimit: 2000,
    // The manifest lets `npm run bench:bundle` follow what each route loads.
    manifest: true,
    rollupOptions: { output: { manualChunks: vendorChunks() }, treeshake: { moduleSideEffects } },
  },
  test: {
    globals: true,
    // Both cores: Vitest's default leaves one idle on a 2-core machine (CI: 585 s → see README).
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One seeded database for the run; each test file loads a copy (mocks/db-template.ts).
    globalSetup: ['tests/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, ...NODE_ISOLATED],
          // The server's files share one module graph per worker: evaluating it again for every file
          // was most of the node project's time (29/11/2026: 646 s → 449 s, CPU 831 s → 518 s).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'node-isolated', environment: 'node', include: NODE_ISOLATED },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/app/**/*.test.{ts,tsx}', 'tests/components/**/*.test.{ts,tsx}', 'mocks/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          // One copy of react-router: Refine's router bindings and the tests must share its context.
          server: { deps: { inline: [/@refinedev\/react-router/] } },
        },
      },
    ],
  },
});
