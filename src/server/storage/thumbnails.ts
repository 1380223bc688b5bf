/**
 * Thumbnails of stored images: 320 px WebP, EXIF orientation applied, metadata stripped, stored next
 * to the original (`<key>.thumb.webp`). Made on upload; images stored before (demo data) get theirs
 * on first request. sharp (and libvips) loads on the first image, not with the server.
 */
import type { FileStorage } from './storage';
import { THUMBNAIL_SOURCE_TYPES } from './file-types';

export const THUMB_SIZE = 320;
export const THUMB_TYPE = 'image/webp';
export const thumbKey = (key: string) => `${key}.thumb.webp`;

export const hasThumbnail = (type: string) => THUMBNAIL_SOURCE_TYPES.includes(type);

/** The thumbnail of an image (file path or bytes); undefined when sharp cannot read it. */
export async function makeThumbnail(input: string | Uint8Array): Promise<Buffer | undefined> {
  try {
    const { default: sharp } = await import('sharp');
    return await sharp(input, { limitInputPixels: 100_000_000, failOn: 'error' })
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

/** The whole body of a stored object (small files: photos for thumbnails and documents). */
export async function readAll(stream: ReadableStream): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The stored thumbnail, generated and stored first when missing (older images). */
export async function thumbnailOf(storage: FileStorage, key: string, type: string): Promise<{ body: ReadableStream; size?: number } | undefined> {
  const existing = await storage.get(thumbKey(key));
  if (existing) return existing;
  if (!hasThumbnail(type)) return undefined;
  const original = await storage.get(key);
  if (!original) return undefined;
  const thumb = await makeThumbnail(await readAll(original.body));
  if (!thumb) return undefined;
  await storage.put(thumbKey(key), thumb, THUMB_TYPE);
  return storage.get(thumbKey(key));
}
