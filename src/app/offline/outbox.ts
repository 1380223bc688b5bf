/**
 * The open app's outbox (issue 26): sends what waits on the device through the app's API address and
 * session (outbox-core.ts), and, while something still waits, leaves the service worker what it needs
 * to send it in the background (background-send.ts).
 */
import type { DeviceRecord } from './device-db';
import { authHeaders, getApiUrl } from '../providers/data-provider';
import { armBackgroundSend, disarmBackgroundSend } from './background-send';
import { flushOutboxWith, hasQueued, sendRecord as sendWith, type Transport } from './outbox-core';

const appTransport: Transport = {
  get apiUrl() {
    return getApiUrl();
  },
  headers: authHeaders,
};

/** One attempt at sending a queued record; answers it in its new state. */
export const sendRecord = (rec: DeviceRecord): Promise<DeviceRecord> => sendWith(rec, appTransport);

/** Sends what is queued on the device for `owner`; answers how many were accepted. */
export async function flushOutbox(owner: string): Promise<number> {
  const sent = await flushOutboxWith(owner, appTransport);
  // A background send is asked for only while something waits; the worker's session goes with the last record.
  await ((await hasQueued(owner)) ? armBackgroundSend(owner) : disarmBackgroundSend()).catch(() => undefined);
  return sent;
}
