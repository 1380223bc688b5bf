/**
 * Crops of a plan sheet around punch-item pins, for the punch-list report (issue 42): the sheet's
 * page of its stored PDF is rendered once on the server with pdf.js (legacy build for Node) onto an
 * `@napi-rs/canvas` canvas, about 2,400 px on its longer side; each pin then gets a window of about
 * 30% of the sheet's width (kept inside the page) cut with sharp, the pin drawn as a red circle by an
 * SVG overlay, encoded as a JPEG data URL for pdfmake. Whatever goes wrong (no file, an unreadable
 * PDF, a missing page) gives no crop: the report says the plan is unavailable, never fails.
 */
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { FileStorage } from '../storage/storage';
import { plantaMaxMb } from './pdf-check';
import { storedToTemp } from './sheet-store';

/** Longer side of a rendered sheet, in pixels. */
const RENDER_PX = 2400;
/** Width of a crop as a fraction of the sheet's width. */
const WINDOW = 0.3;
/** Height of a crop as a fraction of its width. */
const WINDOW_RATIO = 0.62;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

const require = createRequire(import.meta.url);
const FONTS = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

/** A sheet rendered to raw RGBA pixels. */
export interface RenderedSheet {
  width: number;
  height: number;
  pixels: Buffer;
}

/** What a crop needs of a sheet: its stored PDF and which page it is. */
export interface SheetFile {
  key: string | undefined;
  pagina: number | null | undefined;
}

/**
 * Renders the sheet's page with `longSide` px on its longer side (RENDER_PX for the report's crops, the
 * thumbnail's size for sheet-thumbnail.ts), or undefined when it cannot be.
 */
export async function renderSheet(storage: FileStorage, sheet: SheetFile, longSide = RENDER_PX): Promise<RenderedSheet | undefined> {
  if (!sheet.key) return undefined;
  let path: string | undefined;
  try {
    path = await storedToTemp(storage, sheet.key, plantaMaxMb() * 1024 * 1024);
    if (!path) return undefined;
    const data = new Uint8Array(await readFile(path));
    const [{ getDocument }, { createCanvas }] = await Promise.all([loadPdfJs(), import('@napi-rs/canvas')]);
    const task = getDocument({ data, isEvalSupported: false, useSystemFonts: false, standardFontDataUrl: FONTS, verbosity: 0 });
    const doc = await task.promise;
    try {
      const n = Math.max(1, Number(sheet.pagina) || 1);
      if (n > doc.numPages) return undefined;
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const scale = longSide / Math.max(base.width, base.height);
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      const canvas = createCanvas(width, height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      await page.render({ canvas: canvas as never, canvasContext: ctx as never, viewport }).promise;
      const pixels = Buffer.from(ctx.getImageData(0, 0, width, height).data.buffer);
      page.cleanup();
      return { width, height, pixels };
    } finally {
      await doc.destroy().catch(() => undefined);
    }
  } catch {
    return undefined;
  } finally {
    if (path) await rm(path, { force: true }).catch(() => undefined);
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The window around a pin at (x, y) (fractions of the sheet) inside a sheet of width × height px. */
export function cropWindow(width: number, height: number, x: number, y: number) {
  const w = Math.max(1, Math.min(width, Math.round(width * WINDOW)));
  const h = Math.max(1, Math.min(height, Math.round(w * WINDOW_RATIO)));
  const px = clamp(x, 0, 1) * width;
  const py = clamp(y, 0, 1) * height;
  const left = Math.round(clamp(px - w / 2, 0, width - w));
  const top = Math.round(clamp(py - h / 2, 0, height - h));
  return { left, top, width: w, height: h, pinX: px - left, pinY: py - top };
}

/** The crop of a rendered sheet around the pin, with the pin drawn in red, as a JPEG data URL. */
export async function cropAroundPin(sheet: RenderedSheet, x: number, y: number): Promise<string | undefined> {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined;
  try {
    const win = cropWindow(sheet.width, sheet.height, x, y);
    const r = Math.max(10, Math.round(win.width / 40));
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${win.width}" height="${win.height}">` +
        `<circle cx="${win.pinX.toFixed(1)}" cy="${win.pinY.toFixed(1)}" r="${r}" fill="rgba(211,47,47,0.25)" stroke="#d32f2f" stroke-width="${Math.max(3, r / 4).toFixed(1)}"/>` +
        `<circle cx="${win.pinX.toFixed(1)}" cy="${win.pinY.toFixed(1)}" r="${Math.max(2, r / 5).toFixed(1)}" fill="#d32f2f"/></svg>`,
    );
    const cut = await sharp(sheet.pixels, { raw: { width: sheet.width, height: sheet.height, channels: 4 } })
      .extract({ left: win.left, top: win.top, width: win.width, height: win.height })
      .png()
      .toBuffer();
    const jpeg = await sharp(cut)
      .composite([{ input: svg, top: 0, left: 0 }])
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return undefined;
  }
}
