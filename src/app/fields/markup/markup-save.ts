/**
 * Where a marked-up photo goes: POST /arquivos/{key}/marcacao when the network is there, else (in a
 * field form, which keeps its records on the device) a device file the outbox sends on reconnect to
 * the same route (src/app/offline/outbox-core.ts). Either way the answer is a file for the field
 * value, put beside the original; the record is saved with the form, as with any upload.
 */
import type { StoredFile } from '../../../../schemas/kinds';
import type { MarkupDrawing } from '../../../../schemas/shared/photo-markup';
import { authHeaders, getApiUrl } from '../../providers/data-provider';
import { getFile, newId } from '../../offline/device-db';
import { deviceFileId, deviceFileUrl, isDeviceKey, keepOnDevice } from '../../offline/device-files';
import { fileUrl } from '../file-url';

/** "foto.jpg" → "foto (marcada).png" (a copy of a copy keeps one mark). */
export function markedName(name: string, type: string): string {
  const base = name.replace(/\.[a-z0-9]{1,8}$/i, '').replace(/ \(marcada\)$/, '');
  return `${base} (marcada).${type === 'image/png' ? 'png' : 'jpg'}`;
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** A failure of the network (the copy can wait on the device), not the server's refusal. */
class OfflineError extends Error {}

async function postMarkup(key: string, file: File, desenho: string, idempotencyKey: string): Promise<StoredFile> {
  const form = new FormData();
  form.append('desenho', desenho);
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${getApiUrl()}/arquivos/${encodeKey(key)}/marcacao`, {
      method: 'POST',
      headers: { ...(await authHeaders()), 'Idempotency-Key': idempotencyKey },
      body: form,
      credentials: 'include',
    });
  } catch {
    throw new OfflineError('Sem conexão com o servidor: a foto marcada não foi enviada.');
  }
  const body = (await res.json().catch(() => undefined)) as (StoredFile & { message?: string }) | undefined;
  if (res.ok && body && typeof body.key === 'string') {
    const { key: k, name, size, type, url, tiradaEm, latitude, longitude } = body;
    return {
      key: k,
      name,
      size,
      type,
      url,
      ...(tiradaEm ? { tiradaEm } : {}),
      ...(latitude !== undefined && longitude !== undefined ? { latitude, longitude } : {}),
    };
  }
  if (res.status >= 500 || res.status === 0) throw new OfflineError(body?.message ?? `Falha no envio da foto marcada (${res.status}).`);
  throw new Error(body?.message ?? `O servidor recusou a foto marcada (${res.status}).`);
}

export interface MarkupSource {
  /** An address the editor can draw from (an object URL: a canvas drawn from it can be exported). */
  src: string;
  /** The photo the drawing goes over (the unmarked original when re-editing a copy). */
  base: StoredFile;
  /** The drawing of a marked-up copy being edited again. */
  initial?: MarkupDrawing;
  /** `src` was made for the editor (revoke it when closing); a device photo's is shared with the form's previews. */
  owned: boolean;
}

async function objectUrlOf(file: StoredFile): Promise<string> {
  if (isDeviceKey(file.key)) {
    const url = await deviceFileUrl(file.key);
    if (!url) throw new Error('Esta foto não está mais no aparelho.');
    return url;
  }
  const res = await fetch(fileUrl(file), { headers: await authHeaders(), credentials: 'include' }).catch(() => undefined);
  if (!res?.ok) throw new Error(res ? `Não foi possível abrir a foto (${res.status}).` : 'Sem conexão: a foto não pôde ser aberta.');
  return URL.createObjectURL(await res.blob());
}

/**
 * What the editor opens: a marked-up copy opens its original with its drawing (from the device, or
 * GET /arquivos/{key}/marcacao); any other photo opens as it is, with nothing drawn.
 */
export async function loadMarkupSource(file: StoredFile): Promise<MarkupSource> {
  if (isDeviceKey(file.key)) {
    const kept = await getFile(deviceFileId(file.key));
    if (kept?.markup) {
      const base: StoredFile = { key: kept.markup.of, name: file.name, size: 0, type: file.type };
      const src = await objectUrlOf(base).catch(() => undefined);
      if (src) return { src, base, initial: JSON.parse(kept.markup.desenho) as MarkupDrawing, owned: !isDeviceKey(base.key) };
    }
    return { src: await objectUrlOf(file), base: file, owned: false };
  }
  const res = await fetch(`${getApiUrl()}/arquivos/${encodeKey(file.key)}/marcacao`, { headers: await authHeaders(), credentials: 'include' }).catch(
    () => undefined,
  );
  if (res?.ok) {
    const data = (await res.json()) as { original: string; desenho: MarkupDrawing };
    const base: StoredFile = { key: data.original, name: file.name, size: 0, type: file.type };
    const src = await objectUrlOf(base).catch(() => undefined);
    if (src) return { src, base, initial: data.desenho, owned: true };
  }
  return { src: await objectUrlOf(file), base: file, owned: true };
}

export interface SaveOptions {
  /** The form field the copy goes to. */
  field: string;
  /** Set inside a field form: without network the copy waits on the device and the outbox sends it. */
  deviceOwner?: string;
  /** The photo that was marked (its date and place go with the copy). */
  photo: StoredFile;
}

/** Saves the marked-up copy of `o.photo` (drawn over `base`) and answers the file to put beside the photo in the field. */
export async function saveMarkedCopy(base: StoredFile, blob: Blob, drawing: MarkupDrawing, o: SaveOptions): Promise<StoredFile> {
  const file = new File([blob], markedName(o.photo.name, blob.type), { type: blob.type });
  const desenho = JSON.stringify(drawing);
  const id = newId();
  const meta = {
    ...(o.photo.tiradaEm ? { tiradaEm: o.photo.tiradaEm } : {}),
    ...(o.photo.latitude !== undefined && o.photo.longitude !== undefined ? { latitude: o.photo.latitude, longitude: o.photo.longitude } : {}),
  };
  // A copy on the server is marked again by its own key (the server keeps its original and names it as
  // the previous version); a copy still on the device, by the photo it was drawn on.
  const of = isDeviceKey(o.photo.key) ? base.key : o.photo.key;
  const keep = () => keepOnDevice(o.deviceOwner!, o.field, file, meta, id, { of, desenho });
  // A photo still on the device has no key on the server yet: its copy waits with it.
  if (o.deviceOwner && (isDeviceKey(of) || !navigator.onLine)) return keep();
  if (isDeviceKey(of) || !navigator.onLine) throw new Error('Sem conexão: a foto marcada não pôde ser enviada. Tente de novo com a rede.');
  try {
    return await postMarkup(of, file, desenho, `arquivo-${id}`);
  } catch (e) {
    if (o.deviceOwner && e instanceof OfflineError) return keep();
    throw e;
  }
}
