/**
 * The fingerprint of a write: method, path with query, and the SHA-256 of the body bytes, read
 * from a clone of the request so that the route still reads the body (JSON or a multipart upload).
 * A multipart body is hashed without its boundary: a client resending the same file builds a new
 * form, with a new random boundary, and that is still the same request.
 */
import { createHash } from 'node:crypto';
import type { Fingerprint } from './store';

/** The boundary of a multipart body, from its content type. */
export function multipartBoundary(contentType: string | null | undefined): string | undefined {
  if (!contentType || !/^multipart\//i.test(contentType)) return undefined;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/**
 * SHA-256 (hex) of the body, read as a stream: the bytes between occurrences of `--boundary` when
 * one is given. Past `maxBytes` reading stops (the route refuses such a body itself, 413).
 */
export async function bodyHash(req: Request, maxBytes: number): Promise<string> {
  const hash = createHash('sha256');
  if (!req.body) return hash.digest('hex');
  const boundary = multipartBoundary(req.headers.get('content-type'));
  const marker = boundary ? Buffer.from(`--${boundary}`, 'latin1') : undefined;
  const reader = req.clone().body!.getReader();
  let carry: Buffer = Buffer.alloc(0);
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      hash.update('\u0000grande-demais');
      return hash.digest('hex');
    }
    if (!marker) {
      hash.update(value);
      continue;
    }
    const buf = carry.length ? Buffer.concat([carry, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    let from = 0;
    for (let at = buf.indexOf(marker, from); at >= 0; at = buf.indexOf(marker, from)) {
      hash.update(buf.subarray(from, at));
      hash.update('\u0000');
      from = at + marker.length;
    }
    // Keep the bytes that may start a marker split across two chunks.
    const keep = Math.max(from, buf.length - (marker.length - 1));
    hash.update(buf.subarray(from, keep));
    carry = Buffer.from(buf.subarray(keep));
  }
  hash.update(carry);
  return hash.digest('hex');
}

export async function fingerprintOf(req: Request, maxBytes: number): Promise<Fingerprint> {
  const url = new URL(req.url);
  return { metodo: req.method.toUpperCase(), caminho: url.pathname + url.search, corpoHash: await bodyHash(req, maxBytes) };
}
