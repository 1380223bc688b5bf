/**
 * What the device keeps (issue 26): the field forms' drafts and queued records, and the photos they
 * hold, in IndexedDB (`idb`), per signed-in person. A reload, a closed tab or a dead battery loses
 * nothing typed; a record leaves the device only when the server has accepted it.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * - rascunho: being typed (the form saves it as the person types)
 * - salvo: "Salvo no aparelho", waiting for the network
 * - enviando / enviado: being sent / accepted by the server
 * - conflito: the record changed on the server meanwhile (merge screen)
 * - recusado: the server refused it (reason kept; it can be copied or exported)
 */
export type DeviceState = 'rascunho' | 'salvo' | 'enviando' | 'enviado' | 'conflito' | 'recusado';

export interface DeviceRecord {
  id: string;
  /** E-mail of the person who wrote it: another person signing in on the device never sees it. */
  owner: string;
  /** REST resource ('diarios') and the form's action. */
  resource: string;
  action: 'create' | 'edit';
  /** The record's id on the server (edit; and after a create was accepted). */
  recordId?: string;
  /** The `version` the edit started from (stale → conflict). */
  baseVersion?: number;
  values: Record<string, unknown>;
  state: DeviceState;
  /** Why the server refused it, or the conflict's message. */
  reason?: string;
  /** Field errors of a refusal. */
  errors?: Record<string, string[]>;
  /** Edit: the record as it was when the form opened (a field the person did not change takes the server's value). */
  base?: Record<string, unknown>;
  /** The server's version of the record when a conflict was found (the merge screen's "theirs"). */
  server?: Record<string, unknown>;
  /** Sent as `Idempotency-Key`: a retry never creates a second record. */
  key: string;
  /** Where the form was (reopened by "Continuar"). */
  path: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  attempts: number;
}

/** A photo or file chosen on the device and not yet part of a record on the server. */
export interface DeviceFile {
  id: string;
  owner: string;
  /** The form field it belongs to (the upload is checked against it). */
  field: string;
  blob: Blob;
  name: string;
  type: string;
  size: number;
  tiradaEm?: string;
  latitude?: number;
  longitude?: number;
  /** The server's answer once uploaded: a later retry of the record does not send the photo again. */
  uploaded?: { key: string; name: string; size: number; type: string };
  /**
   * A marked-up copy of a photo (issue 42): sent to POST /arquivos/{of}/marcacao with its drawing
   * instead of /arquivos. `of` is the photo's key on the server, or the device key of a photo of the
   * same record still on the device (sent first, then its server key is used).
   */
  markup?: { of: string; desenho: string };
}

/**
 * What the service worker needs to send the outbox with no tab open (Background Sync): whose records,
 * the API's address and the person's current access token, kept only while something waits to be
 * sent and deleted on sign-out. Never a refresh token: once the access token expires (1 h), the
 * records wait for the app to be opened.
 */
export interface WorkerSession {
  id: 'envio';
  owner: string;
  token: string;
  /** The token's expiry (ms since the epoch, from its `exp`). */
  expiresAt: number;
  apiUrl: string;
}

interface DeviceSchema extends DBSchema {
  registros: { key: string; value: DeviceRecord; indexes: { owner: string } };
  arquivos: { key: string; value: DeviceFile; indexes: { owner: string } };
  sessao: { key: string; value: WorkerSession };
}

export const DEVICE_DB = 'portal-aparelho';

/** Whether this browser has IndexedDB (every current one; not a test DOM without it). */
export const hasDeviceStore = (): boolean => typeof indexedDB !== 'undefined';
let dbPromise: Promise<IDBPDatabase<DeviceSchema>> | undefined;

export function deviceDb(): Promise<IDBPDatabase<DeviceSchema>> {
  dbPromise ??= openDB<DeviceSchema>(DEVICE_DB, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('registros', { keyPath: 'id' }).createIndex('owner', 'owner');
        db.createObjectStore('arquivos', { keyPath: 'id' }).createIndex('owner', 'owner');
      }
      if (oldVersion < 2) db.createObjectStore('sessao', { keyPath: 'id' });
    },
    // Another tab (or the service worker) still holds version 1 open: let it go so this one upgrades.
    blocking() {
      void dbPromise?.then((db) => db.close());
      dbPromise = undefined;
    },
  });
  return dbPromise;
}

/** Tests: forget the open connection (a new fake IndexedDB per test). */
export function resetDeviceDb(): void {
  dbPromise = undefined;
}

export const QUOTA_MESSAGE = 'O armazenamento do aparelho está cheio: libere espaço (fotos, outros aplicativos) para continuar salvando no aparelho.';

/** IndexedDB's quota error in pt-BR; other errors unchanged. */
export function storageError(err: unknown): Error {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return new Error(QUOTA_MESSAGE);
  return err instanceof Error ? err : new Error(String(err));
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw storageError(err);
  }
}

export const putRecord = (r: DeviceRecord) => guarded(async () => void (await (await deviceDb()).put('registros', r)));
export const getRecord = async (id: string) => (await deviceDb()).get('registros', id);
export const deleteRecord = async (id: string) => (await deviceDb()).delete('registros', id);
export const recordsOf = async (owner: string) => (await deviceDb()).getAllFromIndex('registros', 'owner', owner);

export const putFile = (f: DeviceFile) => guarded(async () => void (await (await deviceDb()).put('arquivos', f)));
export const getFile = async (id: string) => (await deviceDb()).get('arquivos', id);
export const deleteFile = async (id: string) => (await deviceDb()).delete('arquivos', id);

export const putWorkerSession = (s: WorkerSession) => guarded(async () => void (await (await deviceDb()).put('sessao', s)));
export const getWorkerSession = async () => (await deviceDb()).get('sessao', 'envio');
export const deleteWorkerSession = async () => (await deviceDb()).delete('sessao', 'envio');

/** A random id (also the Idempotency-Key of a record or file). */
export function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
