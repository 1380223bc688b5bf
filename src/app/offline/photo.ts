/**
 * Photos prepared on the device before upload: the longest side brought down to 1600 px and
 * re-encoded as JPEG, keeping the time the photo was taken (EXIF) and, when the person allows,
 * where (EXIF GPS). The re-encoded file carries no metadata; the caller sends `takenAt` and
 * `position` as the upload's `tiradaEm`, `latitude` and `longitude` fields.
 */
import exifr from 'exifr';

export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.8;
export const NOT_AN_IMAGE = 'O arquivo escolhido não é uma imagem. Escolha uma foto (JPEG, PNG, WebP ou GIF).';
const CANNOT_PREPARE = 'Não foi possível preparar a foto neste aparelho. Tente novamente ou escolha outra foto.';
/** Types the server accepts as images as they are (a smaller original may be sent unchanged). */
const SENDABLE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export type Position = { latitude: number; longitude: number };
export type PreparedPhoto = { file: File; takenAt?: string; position?: Position };
/** The EXIF tags read (dates revived by exifr; `latitude`/`longitude` computed from the GPS block). */
export type PhotoExif = { DateTimeOriginal?: unknown; CreateDate?: unknown; latitude?: unknown; longitude?: unknown };

/** The size that fits within `max` px on the longest side, keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (!(longest > max)) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
function dateOf(v: unknown): Date | undefined {
  let d: Date | undefined;
  if (v instanceof Date) d = v;
  else if (typeof v === 'number') d = new Date(v);
  else if (typeof v === 'string') {
    const m = EXIF_DATE.exec(v); // "2024:05:01 10:00:00", the device's local time
    d = m ? new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : new Date(v);
  }
  return d && !Number.isNaN(d.getTime()) && d.getTime() > 0 ? d : undefined;
}

/** When the photo was taken: EXIF DateTimeOriginal, else CreateDate, else the file's date (ISO). */
export function takenAtOf(exif: PhotoExif | undefined, lastModified: number | undefined): string | undefined {
  return (dateOf(exif?.DateTimeOriginal) ?? dateOf(exif?.CreateDate) ?? dateOf(lastModified))?.toISOString();
}

/** The EXIF position, when it is a valid one. */
export function gpsOf(exif: PhotoExif | undefined): Position | undefined {
  const { latitude, longitude } = exif ?? {};
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return undefined;
  return { latitude, longitude };
}

/** The base name with the extension of the new type: "IMG_0001.HEIC" → "IMG_0001.jpg". */
export function photoName(name: string, type: string): string {
  const base = name.replace(/\.[^./\\]*$/, '').trim() || 'foto';
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
}

/** Whether the browser may decode it (SVG is a document, not a photo; the type is checked again on decode). */
export function looksLikeImage(file: Pick<File, 'type' | 'name'>): boolean {
  if (file.type) return file.type.startsWith('image/') && file.type !== 'image/svg+xml';
  return /\.(jpe?g|png|webp|gif|bmp|avif|heic|heif)$/i.test(file.name);
}

/** Send the original bytes? Only when it needs no resizing and is not larger than the re-encoded one
 * (or re-encoding failed), the server takes its type and it carries no position the person withheld. */
export function keepOriginal(o: { fits: boolean; originalSize: number; encodedSize?: number; type: string; hiddenPosition: boolean }): boolean {
  if (!SENDABLE_TYPES.includes(o.type) || o.hiddenPosition) return false;
  return o.encodedSize === undefined ? o.fits : o.fits && o.originalSize <= o.encodedSize;
}

async function readExif(file: File): Promise<PhotoExif | undefined> {
  try {
    const opts = { tiff: true, exif: true, gps: true, ifd1: false, interop: false, xmp: false, icc: false, iptc: false, jfif: false, ihdr: false };
    return ((await exifr.parse(file, opts)) as PhotoExif | undefined) ?? undefined;
  } catch {
    return undefined; // no EXIF (PNG, screenshots) or unreadable: the file's date is used
  }
}

type Decoded = { source: CanvasImageSource; width: number; height: number; close: () => void };
async function decode(file: File): Promise<Decoded> {
  try {
    if (typeof createImageBitmap === 'function') {
      const bmp = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bmp, width: bmp.width, height: bmp.height, close: () => bmp.close() };
    }
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.src = url; // <img> applies the EXIF orientation (CSS image-orientation: from-image)
    await img.decode().catch((e: unknown) => {
      URL.revokeObjectURL(url);
      throw e;
    });
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
  } catch {
    throw new Error(NOT_AN_IMAGE);
  }
}

type Ctx2d = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
function paint(ctx: Ctx2d, source: CanvasImageSource, width: number, height: number): void {
  ctx.fillStyle = '#fff'; // transparent PNG areas become white, not black, in a JPEG
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(source, 0, 0, width, height);
}

async function encode(source: CanvasImageSource, width: number, height: number): Promise<Blob | undefined> {
  const type = 'image/jpeg';
  let blob: Blob | null = null;
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (ctx) paint(ctx, source, width, height);
    blob = ctx ? await canvas.convertToBlob({ type, quality: JPEG_QUALITY }).catch(() => null) : null;
  } else {
    const canvas = document.createElement('canvas');
    Object.assign(canvas, { width, height });
    const ctx = canvas.getContext('2d');
    if (ctx) paint(ctx, source, width, height);
    blob = ctx ? await new Promise<Blob | null>((res) => canvas.toBlob(res, type, JPEG_QUALITY)) : null;
  }
  return blob && blob.type === type && blob.size > 0 ? blob : undefined; // a browser without the encoder gives PNG
}

/** Resizes a photo chosen on the device and reads when (and, if allowed, where) it was taken. */
export async function preparePhoto(file: File, opts: { withPosition: boolean }): Promise<PreparedPhoto> {
  if (!looksLikeImage(file)) throw new Error(NOT_AN_IMAGE);
  const exif = await readExif(file);
  const gps = gpsOf(exif);
  const takenAt = takenAtOf(exif, file.lastModified);
  const meta = { ...(takenAt ? { takenAt } : {}), ...(opts.withPosition && gps ? { position: gps } : {}) };
  // Every phone browser has these; an environment without them (jsdom) sends the file as chosen and the server checks it.
  if (typeof createImageBitmap !== 'function' && typeof OffscreenCanvas !== 'function') return { file, ...meta };
  const image = await decode(file);
  try {
    const size = fitWithin(image.width, image.height);
    const fits = size.width === image.width && size.height === image.height;
    const blob = await encode(image.source, size.width, size.height);
    const choice = { fits, originalSize: file.size, encodedSize: blob?.size, type: file.type, hiddenPosition: !!gps && !opts.withPosition };
    if (keepOriginal(choice)) return { file, ...meta };
    if (!blob) throw new Error(CANNOT_PREPARE);
    return { file: new File([blob], photoName(file.name, blob.type), { type: blob.type, lastModified: file.lastModified }), ...meta };
  } finally {
    image.close();
  }
}
