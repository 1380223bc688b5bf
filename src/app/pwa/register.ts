/**
 * Registers the service worker built by vite-plugin-pwa (scripts/vite/pwa.ts): production builds only,
 * in a secure context (HTTPS or localhost), after the first paint. A new version waits until the
 * person presses "Atualizar" (pwa-store.ts); the registration looks for one every hour while online,
 * and an install that failed halfway is tried again (install-retry.ts).
 */
import { isOnline } from './online';
import { retryFailedInstall } from './install-retry';
import { pwaStore } from './pwa-store';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface RegisterOptions {
  /** Default: `import.meta.env.PROD` (the dev server has no service worker). */
  production?: boolean;
  /** The `virtual:pwa-register` module (tests pass a stand-in). */
  load?: () => Promise<typeof import('virtual:pwa-register')>;
}

/** Whether this page may register the worker: a production build, a secure context, a browser with service workers. */
export function canRegister(production: boolean = import.meta.env.PROD): boolean {
  if (!production || typeof window === 'undefined' || typeof navigator === 'undefined') return false;
  return window.isSecureContext === true && 'serviceWorker' in navigator;
}

/** Registers the worker; resolves to false when this page may not (see `canRegister`). */
export async function registerServiceWorker(options: RegisterOptions = {}): Promise<boolean> {
  if (!canRegister(options.production ?? import.meta.env.PROD)) return false;
  const { registerSW } = await (options.load ?? (() => import('virtual:pwa-register')))();
  const activate = registerSW({
    immediate: true,
    onNeedRefresh: () => pwaStore.updateFound(() => activate(true)),
    onNeedReload: () => pwaStore.controlled(),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      retryFailedInstall(registration);
      setInterval(() => {
        if (isOnline() && registration.installing == null) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    // Not an error of the app: it works online without the worker (a browser or policy that blocks
    // service workers, e.g. the browser tests' contexts); only installing and starting offline are lost.
    onRegisterError: (err) => console.warn('[pwa] o service worker não foi registrado; o portal funciona, mas não sem conexão.', err),
  });
  return true;
}
