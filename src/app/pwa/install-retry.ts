/**
 * A service worker install cut short — one of the build's files failed to download on a weak signal,
 * so the worker became redundant before it ever controlled the page — is tried again after a pause
 * while online, instead of waiting for the person's next visit (until then the portal would not open
 * without network). Each new install is watched the same way.
 */
import { isOnline } from './online';

export const INSTALL_RETRY_MS = 20_000;

type Registrar = (scriptURL: string, options: RegistrationOptions) => Promise<unknown>;

export function retryFailedInstall(registration: ServiceWorkerRegistration, options: { delayMs?: number; register?: Registrar } = {}): void {
  const delayMs = options.delayMs ?? INSTALL_RETRY_MS;
  const register: Registrar = options.register ?? ((url, opts) => navigator.serviceWorker.register(url, opts));
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'redundant' || registration.active || registration.waiting || registration.installing) return;
      const retry = () => {
        if (!isOnline()) {
          window.addEventListener('online', retry, { once: true });
          return;
        }
        void register(worker.scriptURL, { scope: registration.scope }).catch(() => undefined);
      };
      setTimeout(retry, delayMs);
    });
  };
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}
