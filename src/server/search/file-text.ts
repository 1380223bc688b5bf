/**
 * The text of an attached file, for the search across every module (issue 39): a PDF's text layer
 * (pdf.js, legacy build for Node: only parsed, nothing rendered, no script evaluated), the words of a
 * Word, Excel or PowerPoint file (its XML parts, read with the import's bounded zip reader: no part
 * inflated past its declared size, a zip bomb stopped), a plain text or CSV file as it is. Anything
 * else — photos, drawings, a scanned PDF without a text layer, a protected or broken file — has no
 * text: `null`, and the search simply does not find it by its content.
 */
import { InflateBudget, entryText, zipEntries } from '../import/zip';

/** At most this much text per file is kept (about 30 pages of dense text). */
export const MAX_TEXT_CHARS = 100_000;
/** Files larger than this are not read (a 60 MB plan set has its sheets' titles in the plans' own index). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** A PDF's pages read at most. */
const MAX_PDF_PAGES = 300;
/** An XML part read at most (uncompressed). */
const MAX_PART_BYTES = 20 * 1024 * 1024;

const OOXML = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

/** The stored types whose text can be read (the type sniffed at upload, `arquivo.tipo`). */
export const TEXT_TYPES: readonly string[] = ['application/pdf', OOXML.docx, OOXML.xlsx, OOXML.pptx, 'text/plain', 'text/csv'];

/** Every run of white space one space, trimmed and cut to MAX_TEXT_CHARS. */
export function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT_CHARS);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the elements named `tag` (e.g. `w:t`) of an XML part; a part with a DOCTYPE (entity expansion) gives nothing. */
export function xmlText(xml: string, tags: readonly string[]): string {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return '';
  const names = tags.map((t) => t.replace(/[:]/g, '\\:')).join('|');
  const out: string[] = [];
  const re = new RegExp(`<(?:${names})(?:\\s[^>]*)?>([^<]*)</(?:${names})>|<(?:w:p|a:p|row)[\\s/>]`, 'g');
  for (const m of xml.matchAll(re)) {
    if (m[1] === undefined) {
      out.push(' '); // a new paragraph or row: its words do not run into the previous ones
      continue;
    }
    out.push(
      m[1].replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
        if (e[0] === '#') {
          const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
          return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
        }
        return ENTITIES[e.toLowerCase()] ?? all;
      }),
    );
  }
  return out.join('');
}

/** The parts of an Office file that hold its words, in reading order. */
function officeParts(type: string, names: string[]): { parts: string[]; tags: string[] } {
  const numbered = (re: RegExp) => names.filter((n) => re.test(n)).sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]));
  if (type === OOXML.docx) return { parts: ['word/document.xml', ...numbered(/^word\/(header|footer)\d+\.xml$/)], tags: ['w:t'] };
  if (type === OOXML.pptx) return { parts: numbered(/^ppt\/slides\/slide\d+\.xml$/), tags: ['a:t'] };
  // A workbook: its shared strings (every text cell) and the inline strings of its sheets.
  return { parts: ['xl/sharedStrings.xml', ...numbered(/^xl\/worksheets\/sheet\d+\.xml$/)], tags: ['t'] };
}

async function officeText(bytes: Buffer, type: string): Promise<string | null> {
  const entries = zipEntries(bytes);
  const { parts, tags } = officeParts(type, [...entries.keys()]);
  const budget = new InflateBudget();
  let text = '';
  for (const name of parts) {
    const e = entries.get(name);
    if (!e || e.size > MAX_PART_BYTES) continue;
    text += ` ${xmlText(await entryText(bytes, e, budget), tags)}`;
    if (text.length > MAX_TEXT_CHARS * 2) break;
  }
  return text;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    const doc = await task.promise;
    let text = '';
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PDF_PAGES) && text.length < MAX_TEXT_CHARS; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      text += ` ${content.items.map((i) => ('str' in i ? i.str : '')).join(' ')}`;
      page.cleanup();
    }
    return text;
  } finally {
    await task.destroy();
  }
}

/**
 * The words of a stored file of `type` (its sniffed type), tidied; null when the type has no text the
 * portal reads, the file is too large, or it cannot be read (protected, broken).
 */
export async function extractFileText(bytes: Buffer, type: string): Promise<string | null> {
  if (!TEXT_TYPES.includes(type) || bytes.length > MAX_FILE_BYTES) return null;
  try {
    if (type === 'application/pdf') return tidy(await pdfText(bytes));
    if (type.startsWith('text/')) return tidy(new TextDecoder('utf-8').decode(bytes.subarray(0, MAX_TEXT_CHARS * 4)));
    const text = await officeText(bytes, type);
    return text === null ? null : tidy(text);
  } catch {
    return null;
  }
}
