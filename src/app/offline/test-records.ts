/** Test helper: a report queued on the device ("Salvo no aparelho"), as the field form leaves it. */
import { newId, type DeviceRecord } from './device-db';

export function queuedReport(owner: string, values: Record<string, unknown>, extra: Partial<DeviceRecord> = {}): DeviceRecord {
  const now = Date.now();
  return {
    id: newId(),
    owner,
    resource: 'diarios',
    action: 'create',
    values,
    state: 'salvo',
    key: newId(),
    path: '/101/diarios/novo',
    title: 'Diário de obra · obra 101',
    createdAt: now,
    updatedAt: now,
    attempts: 0,
    ...extra,
  };
}
