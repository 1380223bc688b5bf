/**
 * Vite plugin: after the build is written, a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9)
 * copy next to every compressible file of the output (JS, CSS, HTML, SVG, JSON, text), kept only
 * when smaller than the original. The server sends them by `Accept-Encoding`
 * (src/server/http/static-assets.ts). Fonts (woff2) and images are compressed already.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|xml|webmanifest|ico)$/i;
const MIN_BYTES = 256;

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (COMPRESSIBLE.test(e.name) && statSync(p).size >= MIN_BYTES) out.push(p);
  }
  return out;
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; returns their count. */
export async function precompressDir(dir: string, concurrency = 4): Promise<number> {
  const files = walk(dir);
  let written = 0;
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const file = files[next++];
      const raw = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzipAsync(raw, { level: 9 }),
      ]);
      if (br.length < raw.length) {
        await writeFile(`${file}.br`, br);
        written++;
      }
      if (gz.length < raw.length) {
        await writeFile(`${file}.gz`, gz);
        written++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return written;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async writeBundle() {
      if (process.env.PRECOMPRESS === '0') return; // quick local builds
      await precompressDir(outDir);
    },
  };
}
