/**
 * Compression of dynamic answers (API JSON, CSV, text) above a threshold: brotli when the client
 * accepts it (Hono's own `hono/compress` only offers gzip and deflate), else gzip, else as is.
 * The body is buffered (dynamic answers are bounded pages) and compressed off the event loop
 * by node:zlib. Streams (`text/event-stream`), answers that already carry a `Content-Encoding`,
 * `Cache-Control: no-transform`, HEAD, 204/206/304 and incompressible types pass through.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chooseCoding, varyOnEncoding } from './encoding';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Types worth compressing (images, archives, fonts and office files are compressed already). */
const COMPRESSIBLE =
  /^\s*(?:application\/(?:json|[\w.+-]*\+json|javascript|xml|[\w.+-]*\+xml|x-ndjson)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

export interface CompressOptions {
  /** Smallest body (bytes) worth compressing. Default 1024. */
  threshold?: number;
  /** Brotli quality for dynamic answers (0–11); 4 compresses better than gzip at a similar cost. Default 4. */
  brotliQuality?: number;
}

export function compressResponses(opts: CompressOptions = {}): MiddlewareHandler {
  const threshold = opts.threshold ?? 1024;
  const quality = opts.brotliQuality ?? 4;
  return async (c, next) => {
    await next();
    const res = c.res;
    // Status and headers only: reading `res.body` would turn the Node adapter's light response into
    // a web stream and take it off its direct write path (a third of the API's CPU under load).
    if (c.req.method === 'HEAD' || [204, 206, 304].includes(res.status)) return;
    if (res.headers.has('Content-Encoding') || res.headers.has('Content-Range')) return;
    if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
    if (NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
    const length = Number(res.headers.get('Content-Length') ?? NaN);
    if (Number.isFinite(length) && length < threshold) return;

    const coding = chooseCoding(c.req.header('Accept-Encoding'));
    if (!coding) {
      // Sent as is: the response Hono made stays untouched.
      try {
        res.headers.set('Vary', varyOnEncoding(res.headers.get('Vary')));
      } catch {
        c.res = undefined;
        c.res = new Response(res.body, res);
        c.res.headers.set('Vary', varyOnEncoding(res.headers.get('Vary')));
      }
      return;
    }
    if (!res.body) return;
    const headers = new Headers(res.headers);
    headers.set('Vary', varyOnEncoding(headers.get('Vary')));
    const body = Buffer.from(await res.arrayBuffer());
    let out: Buffer = body;
    if (body.length >= threshold) {
      out =
        coding === 'br'
          ? await brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: quality,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            })
          : await gzipAsync(body, { level: 6 });
      headers.set('Content-Encoding', coding);
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    headers.set('Content-Length', String(out.length));
    // Replace, not merge: Hono's setter would copy the old Content-Length over the new one.
    c.res = undefined;
    c.res = new Response(new Uint8Array(out) as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers });
  };
}
