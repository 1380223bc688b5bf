import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitWithin, gpsOf, keepOriginal, looksLikeImage, NOT_AN_IMAGE, photoName, preparePhoto, takenAtOf } from './photo';

describe('fitWithin', () => {
  it('brings the longest side down to 1600 px keeping the proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(10000, 10)).toEqual({ width: 1600, height: 2 });
    expect(fitWithin(20000, 1)).toEqual({ width: 1600, height: 1 });
  });
  it('never enlarges', () => {
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe('takenAtOf', () => {
  const lastModified = Date.UTC(2026, 0, 2, 3, 4, 5);
  it('prefers DateTimeOriginal, then CreateDate, then the file date', () => {
    const original = new Date(Date.UTC(2025, 4, 1, 13, 0, 0));
    const created = new Date(Date.UTC(2025, 4, 2, 13, 0, 0));
    expect(takenAtOf({ DateTimeOriginal: original, CreateDate: created }, lastModified)).toBe('2025-05-01T13:00:00.000Z');
    expect(takenAtOf({ CreateDate: created }, lastModified)).toBe('2025-05-02T13:00:00.000Z');
    expect(takenAtOf({ DateTimeOriginal: 'lixo' }, lastModified)).toBe('2026-01-02T03:04:05.000Z');
    expect(takenAtOf(undefined, lastModified)).toBe('2026-01-02T03:04:05.000Z');
    expect(takenAtOf(undefined, undefined)).toBeUndefined();
    expect(takenAtOf(undefined, 0)).toBeUndefined();
  });
  it('reads unrevived EXIF dates as the device local time', () => {
    expect(takenAtOf({ DateTimeOriginal: '2025:05:01 10:20:30' }, lastModified)).toBe(new Date(2025, 4, 1, 10, 20, 30).toISOString());
  });
});

describe('gpsOf', () => {
  it('keeps a valid position only', () => {
    expect(gpsOf({ latitude: -23.55, longitude: -46.63 })).toEqual({ latitude: -23.55, longitude: -46.63 });
    expect(gpsOf({ latitude: 0, longitude: 0 })).toBeUndefined();
    expect(gpsOf({ latitude: 91, longitude: 0 })).toBeUndefined();
    expect(gpsOf({ latitude: 10, longitude: Number.NaN })).toBeUndefined();
    expect(gpsOf({ latitude: '10', longitude: 5 })).toBeUndefined();
    expect(gpsOf(undefined)).toBeUndefined();
  });
});

describe('photoName, looksLikeImage, keepOriginal', () => {
  it('keeps the base name with the new extension', () => {
    expect(photoName('IMG_0001.HEIC', 'image/jpeg')).toBe('IMG_0001.jpg');
    expect(photoName('obra.fachada.png', 'image/webp')).toBe('obra.fachada.webp');
    expect(photoName('.png', 'image/jpeg')).toBe('foto.jpg');
    expect(photoName('sem-extensao', 'image/jpeg')).toBe('sem-extensao.jpg');
  });
  it('tells images from other files', () => {
    expect(looksLikeImage({ type: 'image/jpeg', name: 'a.jpg' })).toBe(true);
    expect(looksLikeImage({ type: 'application/pdf', name: 'a.jpg' })).toBe(false);
    expect(looksLikeImage({ type: 'image/svg+xml', name: 'a.svg' })).toBe(false);
    expect(looksLikeImage({ type: '', name: 'IMG.HEIC' })).toBe(true);
    expect(looksLikeImage({ type: '', name: 'planilha.xlsx' })).toBe(false);
  });
  it('keeps the original only when small, not larger than the new one, accepted and not revealing a position', () => {
    const base = { fits: true, originalSize: 100, encodedSize: 200, type: 'image/jpeg', hiddenPosition: false };
    expect(keepOriginal(base)).toBe(true);
    expect(keepOriginal({ ...base, encodedSize: 50 })).toBe(false);
    expect(keepOriginal({ ...base, fits: false })).toBe(false);
    expect(keepOriginal({ ...base, type: 'image/heic' })).toBe(false);
    expect(keepOriginal({ ...base, hiddenPosition: true })).toBe(false);
    expect(keepOriginal({ ...base, encodedSize: undefined })).toBe(true);
  });
});

describe('preparePhoto', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a file that is not an image with a clear message', async () => {
    const pdf = new File(['%PDF-1.4'], 'contrato.pdf', { type: 'application/pdf' });
    await expect(preparePhoto(pdf, { withPosition: true })).rejects.toThrow(NOT_AN_IMAGE);
  });

  it('refuses an "image" the browser cannot decode', async () => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new DOMException('bad', 'InvalidStateError')));
    const fake = new File(['não sou uma foto'], 'foto.jpg', { type: 'image/jpeg' });
    await expect(preparePhoto(fake, { withPosition: false })).rejects.toThrow(NOT_AN_IMAGE);
  });

  it('scales a large photo to 1600 px and re-encodes it as JPEG with the file date', async () => {
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', (_f: Blob, o: ImageBitmapOptions) => {
      expect(o.imageOrientation).toBe('from-image');
      return Promise.resolve({ width: 4000, height: 3000, close });
    });
    const made: number[][] = [];
    class FakeCanvas {
      constructor(w: number, h: number) {
        made.push([w, h]);
      }
      getContext = () => ({ fillRect: vi.fn(), drawImage: vi.fn(), fillStyle: '' });
      convertToBlob = (o: { type: string; quality: number }) => Promise.resolve(new Blob([new Uint8Array(10)], { type: o.type }));
    }
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    const lastModified = Date.UTC(2026, 1, 3, 12, 0, 0);
    const big = new File([new Uint8Array(5000)], 'IMG_1234.png', { type: 'image/png', lastModified });
    const out = await preparePhoto(big, { withPosition: true });
    expect(made).toEqual([[1600, 1200]]);
    expect(out.file.name).toBe('IMG_1234.jpg');
    expect(out.file.type).toBe('image/jpeg');
    expect(out.file.size).toBe(10);
    expect(out.takenAt).toBe('2026-02-03T12:00:00.000Z');
    expect(out.position).toBeUndefined();
    expect(close).toHaveBeenCalled();
  });
});
