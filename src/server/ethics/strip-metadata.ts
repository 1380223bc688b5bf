/**
 * What a photo says about who took it (issue 40): a JPEG's EXIF (camera, serial number, GPS, date),
 * XMP, IPTC/Photoshop blocks, ICC profile, comments and embedded thumbnails; a PNG's text, EXIF and
 * time chunks. The public ethics channel stores its attachments without them.
 *
 * JPEG: the segments before the image data are copied except APPn (APP0 only as a bare JFIF header,
 * APP14 "Adobe", which decoding needs) and COM; the image data is copied as is. PNG: every chunk but
 * tEXt, zTXt, iTXt, eXIf and tIME. Nothing is decoded or re-encoded, so the picture is unchanged.
 */

export class MalformedImage extends Error {}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP14 = 0xee;
const COM = 0xfe;

/** Markers without a length (TEM, RST0–7, SOI, EOI). */
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd9);

/** A JFIF APP0 without its thumbnail (version and density kept). */
function bareJfif(segment: Buffer): Buffer | undefined {
  const body = segment.subarray(4);
  if (body.length < 14 || body.toString('latin1', 0, 5) !== 'JFIF\0') return undefined;
  const out = Buffer.alloc(18);
  out.writeUInt16BE(0xffe0, 0);
  out.writeUInt16BE(16, 2);
  body.copy(out, 4, 0, 12); // identifier, version, units, densities
  out[16] = 0; // no thumbnail
  out[17] = 0;
  return out;
}

/** The JPEG without metadata segments. Throws MalformedImage when it is not a JPEG it can walk. */
export function stripJpegMetadata(input: Buffer): Buffer {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== SOI) throw new MalformedImage('não é um JPEG');
  const parts: Buffer[] = [input.subarray(0, 2)];
  let i = 2;
  for (;;) {
    if (i >= input.length) throw new MalformedImage('JPEG sem dados de imagem');
    if (input[i] !== 0xff) throw new MalformedImage('marcador JPEG esperado');
    while (i < input.length && input[i] === 0xff) i++; // fill bytes
    if (i >= input.length) throw new MalformedImage('JPEG cortado');
    const marker = input[i];
    const start = i - 1;
    i++;
    if (marker === EOI) {
      parts.push(input.subarray(start, i));
      return Buffer.concat(parts);
    }
    if (standalone(marker)) {
      parts.push(input.subarray(start, i));
      continue;
    }
    if (i + 2 > input.length) throw new MalformedImage('JPEG cortado');
    const length = input.readUInt16BE(i);
    if (length < 2 || i + length > input.length) throw new MalformedImage('segmento JPEG inválido');
    const segment = input.subarray(start, i + length);
    i += length;
    if (marker === SOS) {
      // The image data and everything after it (further scans, EOI) as they are.
      parts.push(segment, input.subarray(i));
      return Buffer.concat(parts);
    }
    if (marker === APP0) {
      const jfif = bareJfif(segment);
      if (jfif) parts.push(jfif);
    } else if (marker === APP14) {
      if (segment.toString('latin1', 4, 9) === 'Adobe') parts.push(segment);
    } else if ((marker > APP0 && marker <= 0xef) || marker === COM) {
      // EXIF/XMP (APP1), ICC (APP2), IPTC/Photoshop (APP13), vendors' blocks, comments: dropped.
    } else {
      parts.push(segment);
    }
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** The PNG without text, EXIF and time chunks. Throws MalformedImage when its chunks do not add up. */
export function stripPngMetadata(input: Buffer): Buffer {
  if (input.length < 8 || !input.subarray(0, 8).equals(PNG_SIGNATURE)) throw new MalformedImage('não é um PNG');
  const parts: Buffer[] = [PNG_SIGNATURE];
  let i = 8;
  while (i < input.length) {
    if (i + 12 > input.length) throw new MalformedImage('PNG cortado');
    const length = input.readUInt32BE(i);
    const end = i + 12 + length;
    if (end > input.length) throw new MalformedImage('bloco PNG inválido');
    const type = input.toString('latin1', i + 4, i + 8);
    if (!PNG_DROPPED.has(type)) parts.push(input.subarray(i, end));
    i = end;
    if (type === 'IEND') break;
  }
  return Buffer.concat(parts);
}

/** The file's bytes without metadata for the types above; other types unchanged. */
export function stripImageMetadata(type: string, input: Buffer): Buffer {
  if (type === 'image/jpeg') return stripJpegMetadata(input);
  if (type === 'image/png') return stripPngMetadata(input);
  return input;
}
