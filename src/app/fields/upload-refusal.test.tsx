/**
 * The upload widget against the real API in-process: it names its record and field to the server
 * (`recurso`, `campo`, `id`) and shows the server's pt-BR refusal (an SVG sent as a photo).
 */
import { describe, expect, it, vi } from 'vitest';
import React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { schemaByName } from '../../../schemas';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { FilesInput } from './form-items';
import { UploadTargetContext } from './upload-target';

const ADMIN = 'admin@portal.local';
const t = useInProcessApi(ADMIN);
const sent: string[] = [];

function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** XHR to the in-process API (jsdom's XHR bypasses MSW): the multipart body the browser would send. */
class InProcessXhr {
  status = 0;
  responseText = '';
  upload = {};
  onload?: () => void;
  onerror?: () => void;
  private method = 'GET';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    void (async () => {
      const file = form.get('file') as File;
      const bytes = await readBytes(file);
      const b = 'widget-test';
      const enc = new TextEncoder();
      const head = enc.encode(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
      const tail = enc.encode(`\r\n--${b}--\r\n`);
      const body = new Uint8Array(head.length + bytes.length + tail.length);
      body.set(head, 0);
      body.set(bytes, head.length);
      body.set(tail, head.length + bytes.length);
      const url = new URL(this.url, 'http://localhost');
      sent.push(url.pathname + url.search);
      const res = await t.mock.api.request(url.pathname + url.search, {
        method: this.method,
        as: ADMIN,
        headers: { 'content-type': `multipart/form-data; boundary=${b}` },
        body,
      });
      this.status = res.status;
      this.responseText = await res.text();
      this.onload?.();
    })().catch(() => this.onerror?.());
  }
}

describe('upload widget', { timeout: 60_000 }, () => {
  it('sends its record and field and shows the server’s refusal of an SVG disguised as a photo', async () => {
    const fotos = schemaByName('diario')!.fields.find((f) => f.name === 'fotos')!;
    const rdo = ((await (await t.mock.api.request('/api/v1/diarios?_end=1', { as: ADMIN })).json()) as { id: number }[])[0];
    render(
      <AntApp>
        <UploadTargetContext.Provider value={{ resource: 'diarios', id: rdo.id }}>
          <FilesInput field={fotos} id="fotos" value={[]} />
        </UploadTargetContext.Provider>
      </AntApp>,
    );
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif');
    vi.stubGlobal('XMLHttpRequest', InProcessXhr);
    // antd draws a thumbnail of a picked image through an object URL, which jsdom lacks.
    const realObjectUrl = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:miniatura';
    try {
      const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'foto.png', { type: 'image/png' });
      fireEvent.change(input, { target: { files: [svg] } });
      await screen.findByText(/O arquivo "foto\.png" não é de um tipo aceito em Fotos: envie JPEG, PNG, WEBP, GIF/, {}, { timeout: 30_000 });
    } finally {
      vi.unstubAllGlobals();
      URL.createObjectURL = realObjectUrl;
    }
    await waitFor(() => expect(sent).toEqual([`/api/v1/arquivos?recurso=diarios&campo=fotos&id=${rdo.id}`]));
  });
});
