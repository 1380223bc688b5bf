/** What a spreadsheet row is made of, the same for .xlsx and .csv. */

/** A date (and time) as the sheet shows it, with no time zone: 'aaaa-mm-ddThh:mm:ss'. */
export class WallTime {
  constructor(
    readonly iso: string,
    /** Whether the cell shows a time of day. */
    readonly hasTime: boolean,
  ) {}
  get date(): string {
    return this.iso.slice(0, 10);
  }
  toString(): string {
    const [y, m, d] = this.date.split('-');
    return this.hasTime ? `${d}/${m}/${y} ${this.iso.slice(11, 16)}` : `${d}/${m}/${y}`;
  }
}

/**
 * The rows of a list's own sheet that name one row of the main sheet by its key (list-sheets.ts),
 * put in that row as one more cell: what the list becomes. `line`: the row's number in its sheet.
 */
export class SubRows {
  constructor(
    readonly sheet: string,
    readonly rows: { line: number; cells: Record<string, CellValue> }[],
  ) {}
  toString(): string {
    return `${this.rows.length} linha(s) da aba "${this.sheet}"`;
  }
}

export type CellValue = string | number | boolean | WallTime | SubRows | null;

export interface SheetRow {
  /** The row's number in the sheet (1 = first line). */
  number: number;
  /** By column index (0 = A); holes are empty cells. */
  cells: CellValue[];
  hidden?: boolean;
}

/** 0 → 'A', 27 → 'AB'. */
export function columnName(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** A cell as the text the person sees (the result file, the report). */
export function cellText(v: CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'number') return String(v).replace('.', ',');
  return String(v);
}

/** Whether a row has no value at all (blank rows are skipped). */
export const isBlankRow = (row: SheetRow) => row.cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));
