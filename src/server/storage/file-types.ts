/**
 * What a stored file really is: detected from its bytes (`file-type`), never taken from the
 * browser's declaration, and how it may be served.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { FieldDef } from '../../../schemas/kinds';
import { DOC_ACCEPT } from '../../../schemas/shared/common';

const OFFICE: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const LEGACY_OFFICE: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint' };
const TEXT: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

/** Raster images a browser shows without running anything: served inline, and given a thumbnail. */
export const SAFE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** Types that may be shown in the browser (`inline`); everything else is downloaded. */
export const INLINE_TYPES = [...SAFE_IMAGE_TYPES, 'application/pdf'];
/** Image types sharp turns into thumbnails. */
export const THUMBNAIL_SOURCE_TYPES = [...SAFE_IMAGE_TYPES, 'image/heic', 'image/heif'];

const extOf = (name: string) => /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** Plain text: valid UTF-8 (or Latin-1) with no NUL or control characters besides tab and line breaks. */
async function looksLikeText(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead);
    if (!bytesRead) return false;
    for (const b of head) if (b === 0 || (b < 0x20 && b !== 9 && b !== 10 && b !== 13) || b === 0x7f) return false;
    return true;
  } finally {
    await fh.close();
  }
}

/** The file's real MIME type from its bytes (office documents and text by their zip/CFB/text content plus extension), or undefined. */
export async function sniffType(path: string, name: string): Promise<string | undefined> {
  const ext = extOf(name);
  const found = await fileTypeFromFile(path);
  if (found) {
    if (found.mime === 'application/zip' && OFFICE[ext]) return OFFICE[ext];
    if (found.mime === 'application/x-cfb' && LEGACY_OFFICE[ext]) return LEGACY_OFFICE[ext];
    return found.mime;
  }
  if (TEXT[ext] && (await looksLikeText(path))) return TEXT[ext];
  return undefined;
}

/** The types a file field accepts (its `accept`, prefix match as the schema documents; the usual documents when absent). */
export function acceptsType(field: Pick<FieldDef, 'accept' | 'kind'>, type: string): boolean {
  const accept = field.accept?.length ? field.accept : DOC_ACCEPT;
  if (/svg|html|^(application|text)\/(xml|javascript|ecmascript)/i.test(type)) return false;
  return accept.some((a) => type === a || (a.endsWith('/') && type.startsWith(a)));
}

/** pt-BR names of the accepted types, for refusal messages. */
export function describeAccept(field: Pick<FieldDef, 'accept' | 'kind'>): string {
  const accept = field.accept?.length ? field.accept : DOC_ACCEPT;
  const names = new Set<string>();
  for (const a of accept) {
    if (a.startsWith('image/')) names.add(a === 'image/vnd.dwg' ? 'DWG' : a.slice(6).toUpperCase());
    else if (a === 'application/pdf') names.add('PDF');
    else if (a.includes('wordprocessingml') || a === 'application/msword') names.add('Word');
    else if (a.includes('spreadsheetml') || a === 'application/vnd.ms-excel') names.add('Excel');
    else if (a.includes('presentationml') || a === 'application/vnd.ms-powerpoint') names.add('PowerPoint');
    else if (a === 'text/plain') names.add('TXT');
    else if (a === 'text/csv') names.add('CSV');
    else if (a === 'application/zip') names.add('ZIP');
  }
  return [...names].join(', ');
}

/** The headers a stored file is served with: its stored (sniffed) type, download unless safe to show, no sniffing, sandboxed. */
export function fileResponseHeaders(type: string, name: string, size?: number): Record<string, string> {
  const inline = INLINE_TYPES.includes(type);
  const csp =
    type === 'application/pdf'
      ? // The browser's PDF viewer does not run in a sandboxed document; a PDF runs no script of the portal.
        "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'"
      : inline
        ? "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'"
        : "sandbox; default-src 'none'; frame-ancestors 'self'";
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'content-type': type,
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': csp,
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'private, max-age=3600',
    ...(size ? { 'content-length': String(size) } : {}),
  };
}

/** A safe display name: refused (undefined) when it is a path or carries control characters. */
export function checkFileName(raw: string): { name?: string; error?: string } {
  const name = raw.normalize('NFC').trim();
  if (!name) return { error: 'Informe o nome do arquivo.' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return { error: 'O nome do arquivo contém caracteres inválidos.' };
  if (/[/\\]/.test(name) || name === '.' || name === '..' || /^\.+$/.test(name)) return { error: 'O nome do arquivo não pode conter "/", "\\" nem ser "..".' };
  if (name.length > 200) return { error: 'O nome do arquivo deve ter no máximo 200 caracteres.' };
  return { name };
}

/** Extension the server gives a stored key, from the sniffed type. */
export function extensionFor(type: string): string {
  const known: Record<string, string> = {
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/webp': 'webp',
    'image/gif': 'gif',
    'image/heic': 'heic',
    'image/heif': 'heif',
    'application/pdf': 'pdf',
    'text/plain': 'txt',
    'text/csv': 'csv',
    'application/zip': 'zip',
    'image/vnd.dwg': 'dwg',
    'application/msword': 'doc',
    'application/vnd.ms-excel': 'xls',
    'application/vnd.ms-powerpoint': 'ppt',
  };
  return known[type] ?? Object.entries(OFFICE).find(([, m]) => m === type)?.[0] ?? 'bin';
}
