/**
 * A small JPEG carrying what a phone writes about a photo: an EXIF block (camera make, GPS latitude
 * and longitude of São Paulo), an XMP-like APP1, a Photoshop/IPTC APP13 and a comment naming someone.
 * Built by hand (TIFF, big-endian) on a real JPEG from sharp, so exifr reads it back.
 */
import sharp from 'sharp';

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** The TIFF of an EXIF block: IFD0 (Make, GPS pointer) and the GPS IFD (23°33' S, 46°38' W). */
function exifTiff(): Buffer {
  const b = Buffer.alloc(146);
  b.write('MM', 0, 'latin1');
  b.writeUInt16BE(42, 2);
  b.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number | string) => {
    b.writeUInt16BE(tag, at);
    b.writeUInt16BE(type, at + 2);
    b.writeUInt32BE(count, at + 4);
    if (typeof value === 'string') b.write(value, at + 8, 'latin1');
    else b.writeUInt32BE(value, at + 8);
  };
  b.writeUInt16BE(2, 8); // IFD0: 2 entries, next IFD 0
  entry(10, 0x010f, 2, 6, 38); // Make → "Canon\0" at 38
  entry(22, 0x8825, 4, 1, 44); // GPS IFD at 44
  b.write('Canon\0', 38, 'latin1');
  b.writeUInt16BE(4, 44); // GPS IFD: 4 entries
  entry(46, 0x0001, 2, 2, 'S\0');
  entry(58, 0x0002, 5, 3, 98);
  entry(70, 0x0003, 2, 2, 'W\0');
  entry(82, 0x0004, 5, 3, 122);
  const rationals = (at: number, values: number[]) => values.forEach((v, i) => (b.writeUInt32BE(v, at + i * 8), b.writeUInt32BE(1, at + i * 8 + 4)));
  rationals(98, [23, 33, 0]);
  rationals(122, [46, 38, 0]);
  return b;
}

export async function jpegWithExif(): Promise<Buffer> {
  const plain = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();
  const exif = segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff()]));
  const xmp = segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><dc:creator>Joao da Silva</dc:creator></x:xmpmeta>', 'latin1'));
  const iptc = segment(0xed, Buffer.from('Photoshop 3.0\u00008BIM Joao da Silva', 'latin1'));
  const comment = segment(0xfe, Buffer.from('Foto de Joao da Silva', 'latin1'));
  return Buffer.concat([plain.subarray(0, 2), exif, xmp, iptc, comment, plain.subarray(2)]);
}
