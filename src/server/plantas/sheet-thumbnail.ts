/**
 * Thumbnails of plan sheets (issue 42: "a sheet list with thumbnails"): the sheet's page of its PDF
 * rendered with pdf.js straight at MINIATURA_FOLHA_PX on its longer side (sheet-crop.ts's
 * renderSheet), white background, encoded as WebP by sharp and kept in the file store beside the PDF
 * under a key made of the PDF's key, the page and the size, so the next request reads it back and a
 * new revision (a new PDF key) gets its own. Rendering is CPU-heavy: one at a time per process
 * (RENDER_SLOTS), the same thumbnail asked twice at once rendered once, and a PDF that could not be
 * read is not tried again for a while.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { MINIATURA_FOLHA_PX } from '../../../resources/plantas';
import type { FileStorage } from '../storage/storage';
import { readAll } from '../storage/thumbnails';
import { renderSheet, type SheetFile } from './sheet-crop';

export const SHEET_THUMB_TYPE = 'image/webp';
/** Bump when the way a thumbnail is made changes: stored thumbnails of the old recipe are left aside. */
const RECIPE = 1;
/** Thumbnails rendered at once in this process. */
const RENDER_SLOTS = 1;
/** How long a PDF that could not be rendered is not tried again (ms). */
const FAILURE_MEMORY_MS = 10 * 60 * 1000;

/** The stored thumbnail's key: beside the PDF, by page, size and recipe. */
export const sheetThumbKey = (pdfKey: string, pagina: number | null | undefined, px = MINIATURA_FOLHA_PX): string =>
  `${pdfKey}.folha-${Math.max(1, Number(pagina) || 1)}-${px}px-v${RECIPE}.webp`;

/** A strong ETag for the thumbnail of that key (its content only depends on the key). */
export const sheetThumbEtag = (thumbKey: string): string => `"${createHash('sha256').update(thumbKey).digest('base64url').slice(0, 27)}"`;

/** Runs `work` when one of `slots` is free (a promise queue: first come, first served). */
export function renderQueue(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const inQueue = renderQueue(RENDER_SLOTS);
const inFlight = new Map<string, Promise<Buffer | undefined>>();
const failedAt = new Map<string, number>();

/** Renders and encodes the thumbnail; undefined when the PDF or its page cannot be read. */
export async function renderSheetThumbnail(storage: FileStorage, sheet: SheetFile, px = MINIATURA_FOLHA_PX): Promise<Buffer | undefined> {
  const page = await renderSheet(storage, sheet, px);
  if (!page) return undefined;
  try {
    return await sharp(page.pixels, { raw: { width: page.width, height: page.height, channels: 4 } })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

/** Made once per key at a time, in the queue; stored for the next request (a failed store still answers). */
function rendered(storage: FileStorage, sheet: SheetFile & { key: string }, key: string): Promise<Buffer | undefined> {
  const current = inFlight.get(key);
  if (current) return current;
  const work = inQueue(async () => {
    const again = await storage.get(key).catch(() => undefined); // another request may have stored it meanwhile
    if (again) return Buffer.from(await readAll(again.body));
    const image = await renderSheetThumbnail(storage, sheet);
    if (!image) {
      if (failedAt.size >= 1000) failedAt.clear();
      failedAt.set(key, Date.now());
      return undefined;
    }
    await storage.put(key, image, SHEET_THUMB_TYPE).catch((e: unknown) => console.warn(`[plantas] miniatura não guardada: ${key}`, e));
    return image;
  }).finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}

/** The thumbnail of the sheet's page: the stored one, or rendered (and stored) now; undefined when it cannot be made. */
export async function sheetThumbnail(
  storage: FileStorage,
  sheet: SheetFile & { key: string },
): Promise<{ body: ReadableStream | Buffer; size?: number } | undefined> {
  const key = sheetThumbKey(sheet.key, sheet.pagina);
  const stored = await storage.get(key);
  if (stored) return stored;
  const failed = failedAt.get(key);
  if (failed !== undefined && Date.now() - failed < FAILURE_MEMORY_MS) return undefined;
  failedAt.delete(key);
  const image = await rendered(storage, sheet, key);
  return image && { body: image, size: image.length };
}
