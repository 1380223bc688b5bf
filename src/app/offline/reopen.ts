/**
 * A record kept on the device goes back to its own form (issue 36): a refused one to be corrected
 * there (the server's messages on their fields, every typed value and photo kept), a waiting one to
 * be changed before it is sent. It becomes the form's draft again, under a new Idempotency-Key (the
 * corrected record is another request), and the form is opened with `?aparelho=<id>`, which picks
 * this draft; saved again, it returns to the outbox.
 */
import { getRecord, newId, putRecord, type DeviceRecord } from './device-db';
import { notifyDeviceChange } from './device-events';

/** The query parameter of the form's address naming the device record to put back. */
export const DEVICE_PARAM = 'aparelho';

/** Moves the record back to its form; the address to open, or undefined when it is being sent (or gone). */
export async function reopenOnDevice(rec: DeviceRecord): Promise<string | undefined> {
  const fresh = await getRecord(rec.id);
  if (!fresh || (fresh.state !== 'recusado' && fresh.state !== 'salvo')) return undefined;
  await putRecord({ ...fresh, state: 'rascunho', key: newId(), updatedAt: Date.now() });
  notifyDeviceChange();
  return `${fresh.path}${fresh.path.includes('?') ? '&' : '?'}${DEVICE_PARAM}=${encodeURIComponent(fresh.id)}`;
}
