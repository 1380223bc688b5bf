/**
 * The device's outbox (issue 26): records saved on the device are sent when the network is there,
 * oldest first, one sender at a time (Web Locks: the tabs and the service worker). Every request
 * carries an `Idempotency-Key` (the record's, or the photo's), so a retry after a cut never creates a
 * second record or file. A stale edit becomes a conflict (merge screen); a refusal keeps the record
 * with the reason.
 *
 * No window, React or Refine here: the open app (outbox.ts) and the service worker's background send
 * (src/app/pwa/sw.ts) run the same code, each with its own way to reach the API (`Transport`).
 */
import type { StoredFile } from '../../../schemas/kinds';
import { deleteFile, deleteRecord, getFile, getRecord, putFile, putRecord, recordsOf, type DeviceFile, type DeviceRecord } from './device-db';
import { deviceFileId, deviceKeysIn, isDeviceKey, withServerFiles } from './device-files';
import { notifyDeviceChange } from './device-events';

/** Where the API is and the person's credentials: the app's data provider, or the session kept for the worker. */
export interface Transport {
  apiUrl: string;
  headers: () => Promise<Record<string, string>>;
}

interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
}

/** One API call; a network failure answers status 0. */
async function call(t: Transport, method: string, path: string, key: string, body?: BodyInit | Record<string, unknown>): Promise<Answer> {
  const headers: Record<string, string> = { ...(await t.headers()), 'Idempotency-Key': key };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  try {
    // `no-store`: the service worker never answers the outbox from its copy (a conflict's server version must be the current one).
    const res = await fetch(`${t.apiUrl}${path}`, { method, headers, body: payload, cache: 'no-store' });
    const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    return { status: res.status, body: json };
  } catch {
    return { status: 0, body: undefined };
  }
}

/** Worth trying again later: no network, server busy or down, session to renew, a duplicate still running. */
const retryable = (status: number) => status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;

const messageOf = (a: Answer, fallback: string) => (typeof a.body?.message === 'string' && a.body.message ? a.body.message : fallback);

function fieldErrors(a: Answer): Record<string, string[]> | undefined {
  const e = a.body?.errors;
  if (!e || typeof e !== 'object') return undefined;
  return Object.fromEntries(Object.entries(e as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : [String(v)]]));
}

function uploadForm(f: DeviceFile): FormData {
  const form = new FormData();
  form.append('file', new File([f.blob], f.name, { type: f.type }), f.name);
  if (f.tiradaEm) form.append('tiradaEm', f.tiradaEm);
  if (f.latitude !== undefined && f.longitude !== undefined) {
    form.append('latitude', String(f.latitude));
    form.append('longitude', String(f.longitude));
  }
  return form;
}

type Outcome = { ok: true; uploaded: Map<string, StoredFile> } | { ok: false; retry: boolean; reason: string };

/** A marked-up copy goes to its photo's /marcacao with the drawing (the photo itself already on the server). */
function markupRequest(f: DeviceFile, uploaded: ReadonlyMap<string, StoredFile>): { path: string; form: FormData } | undefined {
  const of = isDeviceKey(f.markup!.of) ? uploaded.get(f.markup!.of)?.key : f.markup!.of;
  if (!of) return undefined;
  const form = new FormData();
  form.append('desenho', f.markup!.desenho);
  form.append('file', new File([f.blob], f.name, { type: f.type }), f.name);
  return { path: `/arquivos/${of.split('/').map(encodeURIComponent).join('/')}/marcacao`, form };
}

/** Uploads the record's photos still on the device (each with its own key: a cut upload is replayed, not duplicated). */
async function uploadFiles(t: Transport, rec: DeviceRecord): Promise<Outcome> {
  const uploaded = new Map<string, StoredFile>();
  const files: [string, DeviceFile][] = [];
  for (const key of deviceKeysIn(rec.values)) {
    const f = await getFile(deviceFileId(key));
    if (!f) return { ok: false, retry: false, reason: 'Uma foto deste registro não está mais no aparelho: remova-a e escolha de novo.' };
    files.push([key, f]);
  }
  // Marked-up copies last: the photo they were drawn on may be one of this record's, still to send.
  files.sort(([, a], [, b]) => Number(!!a.markup) - Number(!!b.markup));
  for (const [key, f] of files) {
    if (f.uploaded) {
      uploaded.set(key, f.uploaded as StoredFile);
      continue;
    }
    const q = new URLSearchParams({ recurso: rec.resource, campo: f.field });
    if (rec.action === 'edit' && rec.recordId) q.set('id', rec.recordId);
    const marked = f.markup ? markupRequest(f, uploaded) : undefined;
    if (f.markup && !marked) {
      return { ok: false, retry: false, reason: `${f.name}: a foto original desta marcação não está mais no registro nem no aparelho.` };
    }
    const a = marked
      ? await call(t, 'POST', marked.path, `arquivo-${f.id}`, marked.form)
      : await call(t, 'POST', `/arquivos?${q}`, `arquivo-${f.id}`, uploadForm(f));
    if (a.status >= 200 && a.status < 300 && a.body && typeof a.body.key === 'string') {
      const stored = a.body as unknown as StoredFile;
      uploaded.set(key, stored);
      await putFile({ ...f, uploaded: stored });
    } else return { ok: false, retry: retryable(a.status), reason: `${f.name}: ${messageOf(a, `falha no envio (${a.status}).`)}` };
  }
  return { ok: true, uploaded };
}

async function save(rec: DeviceRecord, patch: Partial<DeviceRecord>): Promise<DeviceRecord> {
  const next = { ...rec, ...patch, updatedAt: Date.now() };
  await putRecord(next);
  notifyDeviceChange();
  return next;
}

/** One attempt at sending a queued record; answers it in its new state. */
export async function sendRecord(rec: DeviceRecord, t: Transport): Promise<DeviceRecord> {
  rec = await save(rec, { state: 'enviando', attempts: rec.attempts + 1 });
  const files = await uploadFiles(t, rec);
  if (!files.ok) return save(rec, files.retry ? { state: 'salvo' } : { state: 'recusado', reason: files.reason });
  const values = withServerFiles(rec.values, files.uploaded);
  const isEdit = rec.action === 'edit' && rec.recordId;
  const a = isEdit
    ? await call(t, 'PATCH', `/${rec.resource}/${encodeURIComponent(rec.recordId!)}`, rec.key, { ...values, version: rec.baseVersion })
    : await call(t, 'POST', `/${rec.resource}`, rec.key, values);
  if (a.status >= 200 && a.status < 300) {
    for (const key of deviceKeysIn(rec.values)) await deleteFile(deviceFileId(key));
    const id = a.body?.id;
    return save(rec, { state: 'enviado', values, reason: undefined, errors: undefined, recordId: id !== undefined ? String(id) : rec.recordId });
  }
  // Photos already on the server stay referenced by the retry (their keys replay the same files).
  if (a.status === 409 && isEdit && !a.body?.errors) {
    const theirs = await call(t, 'GET', `/${rec.resource}/${encodeURIComponent(rec.recordId!)}`, `leitura-${rec.key}`);
    if (theirs.status === 200 && theirs.body) {
      return save(rec, { state: 'conflito', server: theirs.body, reason: messageOf(a, 'Este registro foi alterado por outra pessoa.') });
    }
    return save(rec, { state: retryable(theirs.status) ? 'salvo' : 'recusado', reason: messageOf(theirs, 'Não foi possível ler o registro no servidor.') });
  }
  if (retryable(a.status) || (a.status === 409 && !a.body?.errors && !isEdit)) return save(rec, { state: 'salvo' });
  return save(rec, { state: 'recusado', reason: messageOf(a, `O servidor recusou o registro (${a.status}).`), errors: fieldErrors(a) });
}

/** Sent records are shown for a day ("Enviado"), then forgotten. */
const SENT_KEPT_MS = 24 * 60 * 60 * 1000;

async function flushNow(owner: string, t: Transport): Promise<number> {
  const all = await recordsOf(owner);
  let sent = 0;
  for (const rec of all.sort((a, b) => a.updatedAt - b.updatedAt)) {
    if (rec.state === 'enviado' && Date.now() - rec.updatedAt > SENT_KEPT_MS) {
      await deleteRecord(rec.id);
      continue;
    }
    // 'enviando' here is an attempt cut by a closed tab or a crash: the same keys make the retry safe.
    if (rec.state !== 'salvo' && rec.state !== 'enviando') continue;
    const fresh = await getRecord(rec.id);
    if (!fresh || (fresh.state !== 'salvo' && fresh.state !== 'enviando')) continue;
    const done = await sendRecord(fresh, t);
    if (done.state === 'enviado') sent++;
    else if (done.state === 'salvo') break; // offline or server down: the rest waits too
  }
  return sent;
}

export interface FlushOptions {
  /**
   * The service worker's background send: the sync event itself says the network is back (the
   * worker's `navigator.onLine` may lag), and it waits for a tab that is sending instead of giving up.
   */
  background?: boolean;
}

/** Sends what is queued on the device for `owner` (one sender at a time); answers how many were accepted. */
export async function flushOutboxWith(owner: string, t: Transport, options: FlushOptions = {}): Promise<number> {
  // In a tab, a reliable "no network at all": nothing to try.
  if (!options.background && typeof navigator !== 'undefined' && navigator.onLine === false) return 0;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return flushNow(owner, t);
  if (options.background) return locks.request('portal-aparelho-envio', () => flushNow(owner, t));
  return locks.request('portal-aparelho-envio', { ifAvailable: true }, async (lock) => (lock ? flushNow(owner, t) : 0));
}

/** Whether `owner` still has records waiting to be sent. */
export async function hasQueued(owner: string): Promise<boolean> {
  return (await recordsOf(owner)).some((r) => r.state === 'salvo' || r.state === 'enviando');
}
