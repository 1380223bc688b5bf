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

function toUploadFile(f: StoredFile): UploadFile<StoredFile> {
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
export function uploadFile(file: File, onProgress?: (percent: number) => void, target?: { record?: UploadTarget; field: string }): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    void authHeaders().then((headers) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${getApiUrl()}/arquivos${target ? `?${uploadQuery(target.record, target.field)}` : ''}`);
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
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
      xhr.onerror = () => reject(new Error('Falha no envio: sem conexão com o servidor.'));
      const form = new FormData();
      form.append('file', file, file.name);
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
          uploadFile(file as File, (percent) => onProgress?.({ percent }), { record: target, field: field.name })
            .then((stored) => onSuccess?.(stored))
            .catch((err: Error) => {
              void messageApi.error(err.message);
              onError?.(err);
            });
        }}
        onChange={({ fileList }) => {
          const next = fileList.map((f) =>
            f.status === 'done' && f.response && !f.url ? { ...f, url: fileUrl(f.response), thumbUrl: images ? thumbUrl(f.response) : undefined } : f,
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
    </>
  );
}
