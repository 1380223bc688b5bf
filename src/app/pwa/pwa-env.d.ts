/// <reference types="vite-plugin-pwa/client" />

// The one Vite build flag the app reads (merges with vite/client's declaration where that is loaded).
interface ImportMetaEnv {
  readonly PROD: boolean;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
