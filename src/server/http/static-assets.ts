/**
 * The built single-page app (Vite's dist/): every file with its precompressed `.br` / `.gz`
 * sibling chosen by `Accept-Encoding`, and index.html for every other GET path (client routing).
 *
 * Caching: files under /assets/ and Workbox's runtime (`/workbox-<hash>.js`) carry a content hash in
 * their name → `public, max-age=31536000, immutable`; index.html and the other unhashed files —
 * among them the service worker `/sw.js` and `/manifest.webmanifest` (issue 26), which the browser
 * must re-check to see a new version — → `no-cache` with an ETag (304 on a match).
 * A missing service worker, Workbox runtime or manifest is a 404, never index.html: a browser
 * whose worker script answers 404 unregisters it (a build without the worker retires old ones).
 * The directory is read once at start: the build does not change under a running server.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { chooseCoding, varyOnEncoding, type Coding } from './encoding';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

interface Variant {
  file: string;
  size: number;
}
interface StaticFile {
  type: string;
  cacheControl: string;
  etag: string;
  identity: Variant;
  encoded: Partial<Record<Coding, Variant>>;
}

const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** Files whose name carries a content hash. */
function hashed(urlPath: string): boolean {
  return urlPath.startsWith('/assets/') || /^\/workbox-[\w-]+\.js$/.test(urlPath);
}

/** The installable app's files: never answered with index.html. */
const PWA_FILES = /^\/(?:sw\.js|workbox-[^/]*\.js|manifest\.webmanifest)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue; // .vite/manifest.json and the like are not served
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/** URL path → file, with its encoded siblings. */
export function scanBuild(dir: string): Map<string, StaticFile> {
  const files = walk(dir);
  const present = new Set(files);
  const out = new Map<string, StaticFile>();
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) {
      if (present.has(file.slice(0, -3))) continue; // a precompressed copy, served through its original
    }
    const urlPath = '/' + relative(dir, file).split(sep).join('/');
    const encoded: StaticFile['encoded'] = {};
    for (const coding of ['br', 'gzip'] as const) {
      const sibling = file + SUFFIX[coding];
      if (present.has(sibling)) encoded[coding] = { file: sibling, size: statSync(sibling).size };
    }
    const hash = createHash('sha1').update(readFileSync(file)).digest('base64url').slice(0, 20);
    out.set(urlPath, {
      type: TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: hashed(urlPath) ? IMMUTABLE : REVALIDATE,
      etag: `"${hash}"`,
      identity: { file, size: statSync(file).size },
      encoded,
    });
  }
  return out;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const v = t.trim().replace(/^W\//, '');
    return v === '*' || v === etag;
  });
}

async function send(c: Context, f: StaticFile): Promise<Response> {
  const available = (Object.keys(f.encoded) as Coding[]).filter((k) => f.encoded[k]);
  const coding = chooseCoding(c.req.header('Accept-Encoding'), available);
  const variant = coding ? f.encoded[coding]! : f.identity;
  const etag = coding ? `"${f.etag.slice(1, -1)}-${coding}"` : f.etag;
  const headers = new Headers({
    'Content-Type': f.type,
    'Cache-Control': f.cacheControl,
    ETag: etag,
  });
  if (available.length) headers.set('Vary', varyOnEncoding(null));
  if (coding) headers.set('Content-Encoding', coding);
  if (matches(c.req.header('If-None-Match'), etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(variant.size));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(await readFile(variant.file), { status: 200, headers });
}

/** Registers the app's files and the index.html fallback on `app` (after the API routes). */
export function serveBuiltApp(app: Hono<any>, dir: string): void {
  const files = scanBuild(dir);
  const index = files.get('/index.html');
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      path = c.req.path;
    }
    const f = files.get(path);
    if (f) return send(c, f);
    // Client routes get the app; a missing hashed asset is a 404 (an old tab after a release).
    if (index && !path.startsWith('/assets/') && !path.startsWith('/api/') && !PWA_FILES.test(path)) return send(c, index);
    await next();
  });
}
