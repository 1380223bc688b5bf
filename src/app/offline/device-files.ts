/**
 * Photos and files kept on the device until the record is sent: in a form value they are a
 * `StoredFile` whose key starts with `aparelho:` (never sent to the server); the outbox uploads
 * them and puts the server's `StoredFile` in their place.
 */
import type { StoredFile } from '../../../schemas/kinds';
import { getFile, newId, putFile, type DeviceFile } from './device-db';

export const DEVICE_KEY_PREFIX = 'aparelho:';

export const isDeviceKey = (key: unknown): key is string => typeof key === 'string' && key.startsWith(DEVICE_KEY_PREFIX);
export const deviceFileId = (key: string) => key.slice(DEVICE_KEY_PREFIX.length);

export interface PhotoMeta {
  tiradaEm?: string;
  latitude?: number;
  longitude?: number;
}

/** Keeps a chosen file on the device and answers the placeholder the form holds. */
export async function keepOnDevice(
  owner: string,
  field: string,
  file: File,
  meta: PhotoMeta = {},
  id: string = newId(),
  markup?: DeviceFile['markup'],
): Promise<StoredFile> {
  const stored: DeviceFile = { id, owner, field, blob: file, name: file.name, type: file.type, size: file.size, ...meta, ...(markup ? { markup } : {}) };
  await putFile(stored);
  return { key: `${DEVICE_KEY_PREFIX}${id}`, name: file.name, size: file.size, type: file.type, ...meta };
}

const urls = new Map<string, string>();

/** An object URL of a file kept on the device (thumbnails, preview), created once per file. */
export async function deviceFileUrl(key: string): Promise<string | undefined> {
  const cached = urls.get(key);
  if (cached) return cached;
  const f = await getFile(deviceFileId(key));
  if (!f || typeof URL.createObjectURL !== 'function') return undefined;
  const url = URL.createObjectURL(f.blob);
  urls.set(key, url);
  return url;
}

function walk(value: unknown, visit: (file: StoredFile) => StoredFile | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, visit));
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (isDeviceKey(obj.key) && typeof obj.name === 'string') return visit(obj as unknown as StoredFile) ?? obj;
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v, visit)]));
  }
  return value;
}

/** The device keys a record's values hold (photos in rows included). */
export function deviceKeysIn(values: unknown): string[] {
  const keys: string[] = [];
  walk(values, (f) => {
    keys.push(f.key);
    return undefined;
  });
  return keys;
}

/** The values with each device placeholder replaced by the server's file. */
export function withServerFiles<T>(values: T, uploaded: ReadonlyMap<string, StoredFile>): T {
  return walk(values, (f) => uploaded.get(f.key)) as T;
}
