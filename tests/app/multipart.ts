/**
 * jsdom's FormData cannot cross MSW into the in-process API: component tests that upload encode it
 * as the multipart body a browser sends (text fields, and each file with its bytes).
 */

/** A Blob's bytes (jsdom's Blob has no arrayBuffer()). */
export const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

/** The multipart body of a FormData, and its content type (files sent as `fileType`). */
export async function encodeMultipart(form: FormData, fileType = 'text/csv'): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
  const b = 'portal-teste';
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push(enc.encode(`--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    else {
      parts.push(enc.encode(`--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${fileType}\r\n\r\n`));
      parts.push(await bytesOf(value), enc.encode('\r\n'));
    }
  }
  parts.push(enc.encode(`--${b}--\r\n`));
  const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (body.set(p, at), at + p.length), 0);
  return { body, type: `multipart/form-data; boundary=${b}` };
}
