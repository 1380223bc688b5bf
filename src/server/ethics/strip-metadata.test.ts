import { describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { jpegWithExif } from '../../../tests/api/jpeg-exif-fixture';
import { MalformedImage, stripImageMetadata, stripJpegMetadata, stripPngMetadata } from './strip-metadata';

describe('stripping what a photo says about who took it', () => {
  it('removes EXIF, GPS, XMP, IPTC and comments from a JPEG and keeps the picture', async () => {
    const photo = await jpegWithExif();
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(-23.55, 2), longitude: expect.closeTo(-46.633, 2) });
    expect(photo.includes(Buffer.from('Joao da Silva'))).toBe(true);

    const clean = stripJpegMetadata(photo);
    expect(await exifr.gps(clean)).toBeUndefined();
    expect(await exifr.parse(clean)).toBeUndefined();
    expect(clean.includes(Buffer.from('Joao da Silva'))).toBe(false);
    expect(clean.includes(Buffer.from('Canon'))).toBe(false);
    // The same pixels: decoded, both images are equal.
    const [a, b] = await Promise.all([sharp(photo).raw().toBuffer(), sharp(clean).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
    expect((await sharp(clean).metadata()).exif).toBeUndefined();
  });

  it('keeps a bare JFIF header and drops its thumbnail', () => {
    const jfif = Buffer.from([0xff, 0xe0, 0x00, 0x16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 2, 1, 9, 9, 9, 9, 9, 9]);
    const sos = Buffer.from([0xff, 0xda, 0x00, 0x02, 0x12, 0x34, 0xff, 0xd9]);
    const out = stripJpegMetadata(Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, sos]));
    expect([...out.subarray(0, 6)]).toEqual([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
    expect(out[2 + 16]).toBe(0); // thumbnail width
    expect(out[2 + 17]).toBe(0); // thumbnail height
    expect(out.subarray(20).equals(sos)).toBe(true);
  });

  it('refuses what it cannot walk', () => {
    expect(() => stripJpegMetadata(Buffer.from('not a jpeg'))).toThrow(MalformedImage);
    expect(() => stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 1, 2]))).toThrow(MalformedImage); // length past the end
    expect(() => stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x04, 1, 2]))).toThrow(MalformedImage); // no image data
    expect(() => stripPngMetadata(Buffer.from('nope'))).toThrow(MalformedImage);
  });

  it('removes text, EXIF and time chunks from a PNG', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
      .png()
      .withMetadata({ exif: { IFD0: { Artist: 'Joao da Silva' } } })
      .toBuffer();
    const data = Buffer.from('Author\0Joao Silva', 'latin1');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const text = Buffer.concat([length, Buffer.from('tEXt'), data, Buffer.alloc(4)]);
    const withText = Buffer.concat([png.subarray(0, 33), text, png.subarray(33)]);
    expect(withText.includes(Buffer.from('Joao'))).toBe(true);
    const clean = stripImageMetadata('image/png', withText);
    expect(clean.includes(Buffer.from('Joao'))).toBe(false);
    expect((await sharp(clean).metadata()).width).toBe(4);
  });

  it('leaves other types alone', () => {
    const pdf = Buffer.from('%PDF-1.4 ...');
    expect(stripImageMetadata('application/pdf', pdf)).toBe(pdf);
  });
});
