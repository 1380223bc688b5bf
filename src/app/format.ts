/**
 * pt-BR formatters shared by the views, list cells, the history timeline and the Excel export.
 * Every function accepts loosely typed values (numbers may arrive as strings from `numeric` columns)
 * and returns '' for empty values.
 */
import type { Person } from '../../schemas/kinds';
import { DEFAULT_DECIMAL_SCALE } from '../../schemas/kinds';

const LOCALE = 'pt-BR';

const moneyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'BRL' });
const decimalFormats = new Map<number, Intl.NumberFormat>();

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Number or numeric string → number; anything else → undefined. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** BRL: 1234.56 → "R$ 1.234,56" (Intl puts a no-break space after "R$"). */
export function formatMoney(value: unknown): string {
  const n = toNumber(value);
  return n === undefined ? '' : moneyFormat.format(n);
}

/** 1234.5 with scale 2 → "1.234,50". */
export function formatDecimal(value: unknown, scale: number = DEFAULT_DECIMAL_SCALE): string {
  const n = toNumber(value);
  if (n === undefined) return '';
  let f = decimalFormats.get(scale);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: scale, maximumFractionDigits: scale });
    decimalFormats.set(scale, f);
  }
  return f.format(n);
}

/** 1234 → "1.234". */
export function formatInteger(value: unknown): string {
  return formatDecimal(value, 0);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * 'yyyy-mm-dd' → 'dd/mm/aaaa' by string manipulation (no Date, so no timezone shift).
 * A full ISO timestamp is shown as its local calendar date.
 */
export function formatDate(value: unknown): string {
  if (isEmpty(value)) return '';
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value.slice(0, 10));
    if (m && value.length === 10) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return String(value);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** ISO 8601 timestamp → 'dd/mm/aaaa HH:mm' in the browser's timezone. */
export function formatDateTime(value: unknown): string {
  if (isEmpty(value)) return '';
  if (typeof value === 'string' && DATE_ONLY.test(value)) return formatDate(value);
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return String(value);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * How long ago an ISO timestamp was, in whole calendar days of the browser's timezone:
 * "hoje", "ontem", "há 3 dias" ('' for empty or invalid values; a future date counts as today).
 */
export function formatDaysAgo(value: unknown, now: Date = new Date()): string {
  if (isEmpty(value)) return '';
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return '';
  const day = (x: Date) => Date.UTC(x.getFullYear(), x.getMonth(), x.getDate());
  const days = Math.max(0, Math.round((day(now) - day(d)) / 86_400_000));
  if (days === 0) return 'hoje';
  if (days === 1) return 'ontem';
  return `há ${days} dias`;
}

export function formatBoolean(value: unknown): string {
  if (isEmpty(value)) return '';
  return value === true || value === 'true' ? 'Sim' : 'Não';
}

/** { mail, nome } → "nome <mail>" or "mail". */
export function formatPerson(value: unknown): string {
  if (isEmpty(value)) return '';
  if (typeof value === 'string') return value;
  const p = value as Partial<Person>;
  if (!p.mail && !p.nome) return '';
  if (p.nome && p.mail) return `${p.nome} <${p.mail}>`;
  return p.mail ?? p.nome ?? '';
}

/** "1,5 MB" style file sizes. */
export function formatFileSize(bytes: unknown): string {
  const n = toNumber(bytes);
  if (n === undefined) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${formatDecimal(n / 1024, 1)} KB`;
  return `${formatDecimal(n / (1024 * 1024), 1)} MB`;
}

/** Today as 'yyyy-mm-dd' in local time (file names). */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
