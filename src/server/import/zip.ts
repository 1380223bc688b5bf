/**
 * The zip container of an .xlsx, read by hand so that nothing is inflated without a limit: the
 * central directory gives each part's sizes; a part is inflated as a stream and stopped at its
 * declared size (a lying header is a corrupt file) and at the import's caps (a zip bomb). Encrypted
 * entries, ZIP64 and methods other than stored/deflate are refused.
 */
import { createInflateRaw } from 'node:zlib';
import { BOMB, MAX_INFLATED_BYTES, MAX_PART_BYTES, MAX_RATIO, NOT_XLSX, PROTECTED_OR_OLD } from './limits';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of the local header. */
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of the archive by name; a 400 for anything that is not a readable zip. */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  if (buf.length < 22) throw NOT_XLSX();
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw NOT_XLSX(); // truncated, or not a zip at all
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw NOT_XLSX(); // ZIP64: never needed under 20 MB
  if (cdOffset + cdSize > eocd || count === 0 || count > 10_000) throw NOT_XLSX();
  const out = new Map<string, ZipEntry>();
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw NOT_XLSX();
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const offset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    if (flags & 0x1) throw PROTECTED_OR_OLD(); // an encrypted entry
    if (method !== 0 && method !== 8) throw NOT_XLSX();
    if (offset + 30 > buf.length || offset + compressedSize > buf.length) throw NOT_XLSX();
    out.set(name.replace(/^\/+/, ''), { name, method, compressedSize, size, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The entry's compressed bytes, after its local header. */
function dataOf(buf: Buffer, e: ZipEntry): Buffer {
  if (buf.readUInt32LE(e.offset) !== LOCAL) throw NOT_XLSX();
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  if (start + e.compressedSize > buf.length) throw NOT_XLSX();
  return buf.subarray(start, start + e.compressedSize);
}

/** Counts what every part of one file inflates to, against MAX_INFLATED_BYTES. */
export class InflateBudget {
  used = 0;
  take(n: number) {
    this.used += n;
    if (this.used > MAX_INFLATED_BYTES) throw BOMB();
  }
}

/** Refuses a part whose declared size or ratio is a bomb's. */
function checkDeclared(e: ZipEntry) {
  if (e.size > MAX_PART_BYTES) throw BOMB();
  if (e.size > 20 * 1024 * 1024 && e.size / Math.max(1, e.compressedSize) > MAX_RATIO) throw BOMB();
}

/**
 * The part's bytes as a stream of chunks, never more than its declared size (nor the budget):
 * a part that inflates to more or less than it declares is a corrupt file.
 */
export async function* inflateEntry(buf: Buffer, e: ZipEntry, budget: InflateBudget): AsyncGenerator<Buffer> {
  checkDeclared(e);
  const data = dataOf(buf, e);
  if (e.method === 0) {
    if (data.length !== e.size) throw NOT_XLSX();
    budget.take(data.length);
    for (let i = 0; i < data.length; i += 1 << 20) yield data.subarray(i, i + (1 << 20));
    return;
  }
  const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
  let total = 0;
  const feed = (async () => {
    for (let i = 0; i < data.length; i += 1 << 20) {
      if (inflate.destroyed) return;
      if (!inflate.write(data.subarray(i, i + (1 << 20)))) await new Promise((r) => inflate.once('drain', r));
    }
    inflate.end();
  })();
  feed.catch(() => undefined);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > e.size) throw e.size >= MAX_PART_BYTES ? BOMB() : NOT_XLSX();
      budget.take(chunk.length);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof Error && 'status' in err) throw err;
    throw NOT_XLSX(); // invalid deflate data, truncated stream
  } finally {
    inflate.destroy();
  }
  if (total !== e.size) throw NOT_XLSX();
}

/** The whole part as text (small parts: workbook, relationships, styles). */
export async function entryText(buf: Buffer, e: ZipEntry, budget: InflateBudget): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of inflateEntry(buf, e, budget)) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}
