/**
 * The root frame's place for the "Nova versão disponível" notice: nothing (and no antd) until a
 * new version waits, then the notice's lazy chunk.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { pwaStore } from './pwa-store';

const UpdateNotice = lazy(() => import('./pwa-ui'));

export function UpdateSlot() {
  const waiting = useSyncExternalStore(
    pwaStore.subscribe,
    () => pwaStore.getState().updateWaiting,
    () => false,
  );
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice />
    </Suspense>
  );
}
