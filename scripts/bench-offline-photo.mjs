// Part of `npm run bench:offline` (scripts/bench-offline.mjs): photo-like JPEGs made with sharp, and
// the app's own photo preparation (src/app/offline/photo.ts, `preparePhoto`) run in Chromium.
//
// A flat colour compresses to nothing, so the images are built like a photograph's statistics: a
// sky-to-ground gradient, large soft shapes (random values upscaled), medium texture, and per-pixel
// sensor noise, each channel a little different. A seed makes every image distinct and repeatable.
import { build } from 'esbuild';
import sharp from 'sharp';
import { seededRandom } from './lib/seeded-random.mjs';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

/** Random values on a small grid, upscaled smoothly to width × height (one channel, raw). */
async function softNoise(rand, width, height, cell) {
  const w = Math.max(2, Math.round(width / cell));
  const h = Math.max(2, Math.round(height / cell));
  const small = Buffer.alloc(w * h);
  for (let i = 0; i < small.length; i++) small[i] = Math.floor(rand() * 256);
  return sharp(small, { raw: { width: w, height: h, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/**
 * A photo-like JPEG of width × height at `quality` (sharp/mozjpeg), with EXIF DateTimeOriginal.
 * `grain` is the per-pixel noise amplitude (0–255): what makes the file as large as a camera's.
 */
export async function photoLikeJpeg({ width, height, quality, seed = 1, grain = 14, takenAt = '2024:02:01 09:30:00' }) {
  const rand = seededRandom(seed);
  const [large, medium, fine] = [await softNoise(rand, width, height, 120), await softNoise(rand, width, height, 24), await softNoise(rand, width, height, 4)];
  const tint = [0.9 + rand() * 0.2, 0.9 + rand() * 0.2, 0.9 + rand() * 0.2];
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const sky = 1 - y / height; // lighter at the top, like an outdoor scene
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const base = 60 + 90 * sky + 0.45 * (large[i] - 128) + 0.3 * (medium[i] - 128) + 0.2 * (fine[i] - 128);
      for (let c = 0; c < 3; c++) {
        const v = base * tint[c] + (rand() - 0.5) * 2 * grain + (c === 2 ? 25 * sky : 0);
        out[i * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: 'Bench', Model: 'bench-offline' }, IFD2: { DateTimeOriginal: takenAt } })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** src/app/offline/photo.ts bundled for a page (exifr included): `window.benchPhoto.preparePhoto`. */
async function photoBundle() {
  const r = await build({
    entryPoints: [`${root}/src/app/offline/photo.ts`],
    bundle: true,
    format: 'iife',
    globalName: 'benchPhoto',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return r.outputFiles[0].text;
}

const PAGE = 'http://bench-foto.local';

/**
 * Goal 1: `preparePhoto` on a 4000 × 3000 photo in Chromium, `runs` times in one page (the first run
 * includes the decoder's warm-up). The page and the photo are served by Playwright's routing.
 */
export async function measurePreparePhoto(browser, { runs = 3 } = {}) {
  const input = await photoLikeJpeg({ width: 4000, height: 3000, quality: 92, seed: 4000 });
  const script = await photoBundle();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.route(`${PAGE}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/foto.jpg') return route.fulfill({ status: 200, contentType: 'image/jpeg', body: input });
      if (path === '/photo.js') return route.fulfill({ status: 200, contentType: 'text/javascript', body: script });
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><meta charset="utf-8"><script src="/photo.js"></script>' });
    });
    await page.goto(`${PAGE}/`);
    const results = await page.evaluate(async (n) => {
      const bytes = await (await fetch('/foto.jpg')).blob();
      const file = new File([bytes], 'IMG_4000x3000.jpg', { type: 'image/jpeg', lastModified: Date.now() });
      const out = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const prepared = await window.benchPhoto.preparePhoto(file, { withPosition: false });
        const ms = performance.now() - t;
        const bmp = await createImageBitmap(prepared.file);
        out.push({
          ms,
          size: prepared.file.size,
          type: prepared.file.type,
          name: prepared.file.name,
          width: bmp.width,
          height: bmp.height,
          takenAt: prepared.takenAt,
        });
        bmp.close();
      }
      return out;
    }, runs);
    return { inputSize: input.length, inputWidth: 4000, inputHeight: 3000, results };
  } finally {
    await context.close();
  }
}
