/** The form widget of `attachments` and `images`, and the upload to /arquivos it uses. */
import React, { useEffect, useRef, useState } from 'react';
import { Button, Upload, message } from 'antd';
import type { UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { StoredFile } from '../../../../schemas/kinds';
import { authHeaders, getApiUrl } from '../../providers/data-provider';
import { validateFile } from '../rules';
import { uploadQuery, useUploadTarget, type UploadTarget } from '../upload-target';
import { fileUrl, thumbUrl } from '../file-url';
import type { FieldInputProps } from '../kinds/types';
import { useDeviceFilesOwner } from '../../offline/device-files-context';
import { deviceFileUrl, isDeviceKey, keepOnDevice } from '../../offline/device-files';
import { newId } from '../../offline/device-db';
import { preparePhoto } from '../../offline/photo';
import { PhotoPositionSwitch, usePhotoPosition } from '../../offline/photo-position';
import { PhotoMarkupAction } from '../markup/photo-markup-action';

/** Photos a browser can draw on a canvas: these get "Marcar foto". */
const MARKABLE = /^image\/(png|jpeg|webp|gif)$/;

function toUploadFile(f: StoredFile): UploadFile<StoredFile> {
  // A photo still on the device: its preview comes from the device (see DevicePreviews).
  if (isDeviceKey(f.key)) return { uid: f.key, name: f.name, size: f.size, type: f.type, status: 'done', response: f };
  const url = fileUrl(f);
  return {
    uid: f.key,
    name: f.name,
    size: f.size,
    type: f.type,
    status: 'done',
    url,
    thumbUrl: f.type.startsWith('image/') ? thumbUrl(f) : undefined,
    response: f,
  };
}

/**
 * POST the file to /arquivos (multipart `file`) with the bearer token, for a field of a record
 * (`target`: the server checks the right to upload and the field's types); resolves the StoredFile.
 * A refusal rejects with the server's pt-BR message.
 */
/** A failure that is the network's (the file can wait on the device), not the server's refusal. */
export class NetworkUploadError extends Error {}

export function uploadFile(
  file: File,
  onProgress?: (percent: number) => void,
  target?: { record?: UploadTarget; field: string },
  extra: { key?: string; fields?: Record<string, string> } = {},
): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    void authHeaders().then((headers) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${getApiUrl()}/arquivos${target ? `?${uploadQuery(target.record, target.field)}` : ''}`);
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      // A retried upload with the same key answers the first file instead of storing a second one.
      if (extra.key) xhr.setRequestHeader('Idempotency-Key', extra.key);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
      };
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'key' in body) resolve(body as StoredFile);
        else {
          const msg =
            body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : `Falha no envio (${xhr.status}).`;
          reject(new Error(msg));
        }
      };
      xhr.onerror = () => reject(new NetworkUploadError('Falha no envio: sem conexão com o servidor.'));
      const form = new FormData();
      form.append('file', file, file.name);
      for (const [k, v] of Object.entries(extra.fields ?? {})) form.append(k, v);
      xhr.send(form);
    });
  });
}

function sameFiles(a: StoredFile[], b: StoredFile[]): boolean {
  return a.length === b.length && a.every((f, i) => f.key === b[i].key);
}

/** antd Upload keeping the field value as the list of StoredFile. */
export function FilesInput({ field, value, onChange, id, disabled }: FieldInputProps): React.ReactElement {
  const stored: StoredFile[] = Array.isArray(value) ? value : [];
  const [list, setList] = useState<UploadFile<StoredFile>[]>(() => stored.map(toUploadFile));
  const lastEmitted = useRef<StoredFile[]>(stored);
  const [messageApi, holder] = message.useMessage();
  const images = field.kind === 'images';
  const target = useUploadTarget();
  const deviceOwner = useDeviceFilesOwner();
  const [withPosition] = usePhotoPosition();

  // Follow external changes (form reset / reload).
  useEffect(() => {
    if (!sameFiles(stored, lastEmitted.current)) {
      lastEmitted.current = stored;
      setList(stored.map(toUploadFile));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const emit = (next: UploadFile<StoredFile>[]) => {
    const files = next.filter((f) => f.status === 'done' && f.response).map((f) => f.response as StoredFile);
    if (!sameFiles(files, lastEmitted.current)) {
      lastEmitted.current = files;
      onChange?.(files);
    }
  };

  /** A marked-up copy goes right after its photo (issue 42); the record keeps both when the form is saved. */
  const addAfter = (key: string, copy: StoredFile) => {
    const i = list.findIndex((f) => f.response?.key === key);
    const next = [...list];
    next.splice(i < 0 ? next.length : i + 1, 0, toUploadFile(copy));
    setList(next);
    emit(next);
  };

  const acceptAttr = field.accept?.length ? field.accept.map((a) => (a.endsWith('/') ? `${a}*` : a)).join(',') : undefined;

  return (
    <>
      {holder}
      <Upload<StoredFile>
        id={id}
        disabled={disabled}
        multiple
        accept={acceptAttr}
        listType={images ? 'picture-card' : 'text'}
        fileList={list}
        itemRender={
          images && !disabled
            ? (node, f) => {
                const photo = f.status === 'done' ? f.response : undefined;
                if (!photo || !MARKABLE.test(photo.type)) return node;
                return (
                  <div style={{ position: 'relative', width: '100%', height: '100%' }}>
                    {node}
                    <PhotoMarkupAction
                      photo={photo}
                      field={field.name}
                      deviceOwner={deviceOwner}
                      onSaved={(copy) => addAfter(photo.key, copy)}
                      refusal={
                        validateFile(field, { name: 'marcada.png', size: 0, type: 'image/png' }, list.filter((x) => x.status !== 'error').length) ?? undefined
                      }
                      style={{ position: 'absolute', left: 4, bottom: 4, zIndex: 2 }}
                    />
                  </div>
                );
              }
            : undefined
        }
        beforeUpload={(file, batch) => {
          const index = batch.indexOf(file);
          const current = list.filter((f) => f.status !== 'error').length + Math.max(index, 0);
          const error = validateFile(field, { name: file.name, size: file.size, type: file.type }, current);
          if (error) {
            void messageApi.error(error);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          void sendOrKeep(file as File, { field: field.name, target, images, withPosition, deviceOwner, onProgress: (percent) => onProgress?.({ percent }) })
            .then((stored) => onSuccess?.(stored))
            .catch((err: Error) => {
              void messageApi.error(err.message);
              onError?.(err);
            });
        }}
        onChange={({ fileList }) => {
          const next = fileList.map((f) =>
            f.status === 'done' && f.response && !f.url && !isDeviceKey(f.response.key)
              ? { ...f, url: fileUrl(f.response), thumbUrl: images ? thumbUrl(f.response) : undefined }
              : f,
          );
          setList(next);
          emit(next);
        }}
        onPreview={(f) => {
          if (f.url) window.open(f.url, '_blank', 'noopener');
        }}
      >
        {disabled ? null : images ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>Enviar</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />}>Enviar arquivos</Button>
        )}
      </Upload>
      <DevicePreviews list={list} setList={setList} />
      {images && !disabled ? <PhotoPositionSwitch /> : null}
    </>
  );
}

interface SendOptions {
  field: string;
  target?: UploadTarget;
  images: boolean;
  withPosition: boolean;
  /** Set inside a field form: without network the file waits on the device. */
  deviceOwner?: string;
  onProgress: (percent: number) => void;
}

/** Photos are made smaller first (1600 px); then uploaded, or kept on the device when there is no network. */
async function sendOrKeep(file: File, o: SendOptions): Promise<StoredFile> {
  const photo = o.images ? await preparePhoto(file, { withPosition: o.withPosition }) : { file };
  const meta = {
    ...(photo.takenAt ? { tiradaEm: photo.takenAt } : {}),
    ...(photo.position ? { latitude: photo.position.latitude, longitude: photo.position.longitude } : {}),
  };
  if (o.deviceOwner && !navigator.onLine) return keepOnDevice(o.deviceOwner, o.field, photo.file, meta);
  const fields = Object.fromEntries(Object.entries(meta).map(([k, v]) => [k, String(v)]));
  // The outbox retries a cut upload with the same key: the server answers the file it may already have.
  const id = newId();
  try {
    return await uploadFile(photo.file, o.onProgress, { record: o.target, field: o.field }, { key: `arquivo-${id}`, fields });
  } catch (err) {
    if (o.deviceOwner && err instanceof NetworkUploadError) return keepOnDevice(o.deviceOwner, o.field, photo.file, meta, id);
    throw err;
  }
}

/** Gives the photos kept on the device their preview (an object URL of the stored image). */
function DevicePreviews({ list, setList }: { list: UploadFile<StoredFile>[]; setList: React.Dispatch<React.SetStateAction<UploadFile<StoredFile>[]>> }) {
  const missing = list.filter((f) => f.response && isDeviceKey(f.response.key) && !f.url).map((f) => f.response!.key);
  const signature = missing.join('|');
  useEffect(() => {
    if (!missing.length) return;
    let cancelled = false;
    void Promise.all(missing.map(async (key) => [key, await deviceFileUrl(key)] as const)).then((pairs) => {
      if (cancelled) return;
      const urls = new Map(pairs.filter(([, u]) => u));
      if (!urls.size) return;
      setList((cur) =>
        cur.map((f) => (f.response && urls.has(f.response.key) ? { ...f, url: urls.get(f.response.key), thumbUrl: urls.get(f.response.key) } : f)),
      );
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  return null;
}
