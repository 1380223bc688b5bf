/**
 * Whether the device has a connection, as the browser reports it (`navigator.onLine` and the
 * `online` / `offline` events). `false` is reliable (no network at all); `true` only means some
 * network: a request can still fail.
 */
import { useSyncExternalStore } from 'react';

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The connection state, re-rendering on every change. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
