/**
 * The app's side of the background send (issue 26): while records wait on the device, the app leaves
 * the worker the person's current access token and asks the browser for a Background Sync, so they
 * are sent when the network returns even if every tab is closed. Where the browser has no Background
 * Sync (Firefox, Safari), records are sent when the app is open (outbox-runner.tsx).
 */
import { authHeaders, getApiUrl } from '../providers/data-provider';
import { deleteWorkerSession, hasDeviceStore, putWorkerSession } from './device-db';
import { SYNC_TAG, tokenExpiry } from './worker-send';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

async function syncRegistration(): Promise<SyncRegistration | undefined> {
  if (!hasDeviceStore() || typeof navigator === 'undefined' || !navigator.serviceWorker?.getRegistration) return undefined;
  const reg = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  return reg?.sync ? reg : undefined;
}

/** Asks for a background send of `owner`'s waiting records; false where the browser cannot. */
export async function armBackgroundSend(owner: string): Promise<boolean> {
  const reg = await syncRegistration();
  if (!reg) return false;
  const token = (await authHeaders()).Authorization?.replace(/^Bearer /, '');
  const expiresAt = token ? tokenExpiry(token) : undefined;
  if (!token || !expiresAt) return false;
  await putWorkerSession({ id: 'envio', owner, token, expiresAt, apiUrl: getApiUrl() });
  await reg.sync!.register(SYNC_TAG);
  return true;
}

/** Nothing waits any more, or the person signed out: the worker keeps no token. */
export async function disarmBackgroundSend(): Promise<void> {
  if (hasDeviceStore()) await deleteWorkerSession();
}
