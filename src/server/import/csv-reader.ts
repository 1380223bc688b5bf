/**
 * A .csv as Brazilian offices write it: UTF-8 with or without BOM, or Windows-1252 (Excel's
 * "CSV (separado por vírgulas)"), `;` or `,` (or tab) between cells, quoted cells over several
 * lines. A file that mixes encodings or carries binary bytes is refused.
 */
import { parse } from 'csv-parse';
import { BAD_CSV, BINARY_CSV, CELL_TOO_LONG, MAX_CELL_CHARS, MIXED_ENCODING, TOO_MANY_COLUMNS, MAX_COLUMNS } from './limits';
import { columnName, type SheetRow } from './cells';

export type CsvEncoding = 'utf-8' | 'windows-1252';

/** The text of the file and the encoding it was read in. */
export function decodeCsv(buf: Buffer): { text: string; encoding: CsvEncoding } {
  if (buf.includes(0)) throw BINARY_CSV();
  const bom = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
  const body = bom ? buf.subarray(3) : buf;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: Windows-1252, unless it also holds well-formed multi-byte UTF-8 sequences (mixed).
    if (bom || /[\xc3\xc2][\x80-\xbf]/.test(body.toString('latin1'))) throw MIXED_ENCODING();
    const text = new TextDecoder('windows-1252').decode(body);
    // Control characters other than tab and line breaks mean a binary file, not text.
    // eslint-disable-next-line no-control-regex
    if (/[\x01-\x08\x0b\x0c\x0e-\x1f]/.test(text)) throw BINARY_CSV();
    return { text, encoding: 'windows-1252' };
  }
}

/** The separator of the header line: the most frequent of `;`, `,` and tab outside quotes. */
export function detectDelimiter(text: string): ';' | ',' | '\t' {
  let inQuotes = false;
  const counts = { ';': 0, ',': 0, '\t': 0 };
  for (let i = 0; i < text.length && i < 100_000; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && ch in counts) counts[ch as keyof typeof counts]++;
  }
  if (counts['\t'] > counts[';'] && counts['\t'] > counts[',']) return '\t';
  return counts[','] > counts[';'] ? ',' : ';';
}

export interface CsvSheet {
  encoding: CsvEncoding;
  delimiter: string;
  rows: () => AsyncGenerator<SheetRow>;
}

export function openCsv(buf: Buffer): CsvSheet {
  const { text, encoding } = decodeCsv(buf);
  const delimiter = detectDelimiter(text);
  async function* rows(): AsyncGenerator<SheetRow> {
    const parser = parse({
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: (MAX_CELL_CHARS + 1) * 4,
    });
    const feed = (async () => {
      for (let i = 0; i < text.length; i += 1 << 20) {
        if (!parser.write(text.slice(i, i + (1 << 20)))) await new Promise((r) => parser.once('drain', r));
      }
      parser.end();
    })();
    feed.catch(() => undefined);
    let number = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        number++;
        if (record.length > MAX_COLUMNS) throw TOO_MANY_COLUMNS(record.length);
        const cells = record.map((c, i) => {
          if (c.length > MAX_CELL_CHARS) throw CELL_TOO_LONG(`${columnName(i)}${number}`);
          return c === '' ? null : c;
        });
        yield { number, cells };
      }
    } catch (e) {
      if (e && typeof e === 'object' && 'status' in e) throw e;
      const err = e as { code?: string; lines?: number; message?: string };
      if (err.code === 'CSV_MAX_RECORD_SIZE') throw CELL_TOO_LONG(`da linha ${number + 1}`);
      throw BAD_CSV(err.lines ?? number + 1, err.code === 'CSV_QUOTE_NOT_CLOSED' ? 'aspas abertas e não fechadas' : 'formato inesperado');
    } finally {
      parser.destroy();
    }
  }
  return { encoding, delimiter, rows };
}
