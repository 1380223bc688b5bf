/**
 * A spreadsheet cell as the value the API takes for a field: pt-BR numbers (thousands separators,
 * decimal comma, "R$"), dates dd/mm/aaaa (or Excel dates), Sim/Não, an option by its value or its
 * label, tags separated by ";" or ",", a person as "Nome <e-mail>" or an e-mail. What cannot be read
 * is handed to the API's own validation as typed, so the person reads the API's message; a date
 * gets the spreadsheet's wording ("use dd/mm/aaaa").
 */
import type { FieldDef } from '../../../schemas/kinds';
import { optionLabel } from '../../../schemas/option-labels';
import { VALIDATION_MESSAGES as M } from '../../../schemas/messages';
import { isValidDate } from '../fields/dates';
import { SubRows, WallTime, type CellValue } from './cells';
import { coerceList } from './list-values';
import { closest, normalizeText, suggestion } from './text-match';
import { zoneOffsetMs } from '../sla/calendar';

/** The kinds a cell never holds: lists of sub-rows, groups of fields, files. */
export const NOT_FROM_A_CELL = new Set(['rows', 'object', 'attachments', 'images']);

export type Coerced = { value: unknown } | { error: string };

/** '1.234,56', 'R$ 1.234,56', '1234.56', '1,5', '-3', '12%' → number; undefined when it is not one. */
export function parseBrNumber(text: string): number | undefined {
  let s = text
    .replace(/R\$|\s|\u00a0/g, '')
    .replace(/%$/, '')
    .trim();
  if (!s) return undefined;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return undefined;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the last one is the decimal separator, the other groups thousands.
    const [dec, group] = lastComma > lastDot ? [',', '.'] : ['.', ','];
    if (s.split(dec).length > 2) return undefined;
    normalized = s.split(group).join('').replace(dec, '.');
  } else if (lastComma >= 0) {
    // Commas only: one is the decimal comma; several group thousands (1,234,567).
    const parts = s.split(',');
    normalized = parts.length === 2 ? parts.join('.') : parts.every((p, i) => i === 0 || p.length === 3) ? parts.join('') : '';
  } else if (lastDot >= 0) {
    // Dots only: '1.234' and '1.234.567' group thousands (pt-BR); '1.5' and '1234.56' are decimals.
    const parts = s.split('.');
    const grouped = parts.length > 2 || (parts.length === 2 && parts[1].length === 3 && parts[0].length <= 3 && parts[0] !== '0');
    normalized = grouped ? (parts.every((p, i) => i === 0 || p.length === 3) ? parts.join('') : '') : s;
  } else normalized = s;
  if (!normalized || !/^\d+(\.\d+)?$/.test(normalized)) return undefined;
  const n = Number(normalized);
  return Number.isFinite(n) ? (negative ? -n : n) : undefined;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'dd/mm/aaaa', 'dd/mm/aa', 'dd-mm-aaaa', 'dd.mm.aaaa', 'aaaa-mm-dd' (and a time after a space) → 'aaaa-mm-dd[Thh:mm:ss]'. */
export function parseBrDate(text: string): { date: string; time?: string } | undefined {
  const s = text.trim();
  let y: number, m: number, d: number;
  let rest: string;
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)(.*)$/.exec(s);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(.*)$/.exec(s);
  if (br) {
    [d, m, y] = [Number(br[1]), Number(br[2]), Number(br[3])];
    if (br[3].length === 2) y += y < 70 ? 2000 : 1900;
    rest = br[4];
  } else if (iso) {
    [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    rest = iso[4];
  } else return undefined;
  const date = `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;
  if (!isValidDate(date)) return undefined;
  const t = /^(?:[T ]\s*(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*$/.exec(rest);
  if (!t) return undefined;
  if (t[1] === undefined) return { date };
  if (+t[1] > 23 || +t[2] > 59 || (t[3] !== undefined && +t[3] > 59)) return undefined;
  return { date, time: `${two(+t[1])}:${t[2]}:${t[3] ?? '00'}` };
}

/** The wall-clock time of the portal's zone as an instant (ISO, UTC). */
export function wallToInstant(date: string, time: string, zone = process.env.TZ_PORTAL ?? 'America/Sao_Paulo'): string {
  const guess = Date.parse(`${date}T${time}Z`);
  const offsetAt = (t: number) => zoneOffsetMs(zone, t);
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first)).toISOString();
}

const TRUE = new Set(['sim', 's', 'yes', 'y', 'verdadeiro', 'v', 'true', '1', 'x']);
const FALSE = new Set(['nao', 'n', 'no', 'falso', 'f', 'false', '0']);

/** An option (or a tag) by its stored value or its label, without case or accents. */
export function matchOption(field: FieldDef, text: string): string | undefined {
  const t = normalizeText(text);
  for (const o of field.options ?? []) if (normalizeText(o) === t || normalizeText(optionLabel(field, o)) === t) return o;
  return undefined;
}

const optionsText = (field: FieldDef) => (field.options ?? []).map((o) => optionLabel(field, o));

/** A cell as text, trimmed (numbers without a decimal point when whole: a code typed as 101 stays '101'). */
export function textOf(cell: CellValue): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? String(cell) : String(cell);
  if (typeof cell === 'boolean') return cell ? 'Sim' : 'Não';
  if (cell instanceof WallTime || cell instanceof SubRows) return cell.toString();
  return cell.replace(/\u00a0/g, ' ').trim();
}

const EMAIL_IN = /<?\s*([^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)\s*>?/;

/**
 * The value of a cell for the API, for every kind a cell can hold (references and people by name
 * are resolved later, with the database: src/server/import/references.ts).
 */
export function coerceCell(field: FieldDef, cell: CellValue): Coerced {
  if (field.kind === 'rows' || field.kind === 'object') {
    // A list comes from its own sheet (list-sheets.ts); a row that sheet does not reach leaves it as it is.
    if (cell instanceof SubRows) return coerceList(field, cell, coerceCell);
    return cell === null ? { value: undefined } : { error: `"${field.label}" vem de uma aba própria da planilha, não de uma coluna.` };
  }
  if (cell instanceof SubRows) return { error: 'Uma aba da planilha só preenche uma lista.' };
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return { value: null };
  switch (field.kind) {
    case 'integer':
    case 'decimal':
    case 'money': {
      if (typeof cell === 'number') return { value: cell };
      const n = parseBrNumber(textOf(cell));
      return { value: n ?? textOf(cell) };
    }
    case 'date': {
      if (cell instanceof WallTime) return { value: cell.date };
      if (typeof cell === 'number' && cell > 1000 && cell < 2_958_466) {
        return { value: new Date(Date.UTC(1899, 11, 30) + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10) };
      }
      const d = parseBrDate(textOf(cell));
      return d ? { value: d.date } : { error: 'Data inválida (use dd/mm/aaaa).' };
    }
    case 'datetime': {
      if (cell instanceof WallTime) return { value: wallToInstant(cell.date, cell.iso.slice(11, 19)) };
      const text = textOf(cell);
      const d = parseBrDate(text);
      if (d) return { value: wallToInstant(d.date, d.time ?? '00:00:00') };
      return /^\d{4}-\d{2}-\d{2}T/.test(text) ? { value: text } : { error: 'Data e hora inválidas (use dd/mm/aaaa hh:mm).' };
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return { value: cell };
      const t = normalizeText(textOf(cell));
      if (TRUE.has(t)) return { value: true };
      if (FALSE.has(t)) return { value: false };
      return { error: `${M.boolean.replace('.', '')} (Sim ou Não).` };
    }
    case 'enum': {
      const text = textOf(cell);
      const o = matchOption(field, text);
      return o !== undefined ? { value: o } : { error: M.enum(optionsText(field)) + suggestion(closest(text, optionsText(field))) };
    }
    case 'tags': {
      const parts = textOf(cell)
        .split(/[;,]/)
        .map((p) => p.trim())
        .filter(Boolean);
      if (!field.options?.length) {
        // Free tags: a label the export wrote for a known code goes back to the code.
        const byLabel = new Map(Object.entries(field.optionLabels ?? {}).map(([code, label]) => [normalizeText(label), code]));
        return { value: parts.map((p) => byLabel.get(normalizeText(p)) ?? p) };
      }
      const out: string[] = [];
      for (const p of parts) {
        const o = matchOption(field, p);
        if (o === undefined) return { error: M.enum(optionsText(field)) + suggestion(closest(p, optionsText(field))) };
        out.push(o);
      }
      return { value: out };
    }
    case 'person': {
      const text = textOf(cell);
      const m = EMAIL_IN.exec(text);
      if (!m) return { value: { nome: text } }; // a name alone: found in the directory (references.ts)
      const nome = text.replace(m[0], '').replace(/[<>]/g, '').trim();
      return { value: nome ? { mail: m[1].toLowerCase(), nome } : { mail: m[1].toLowerCase() } };
    }
    case 'text':
    case 'longtext':
    case 'email':
      return { value: field.kind === 'email' ? textOf(cell).toLowerCase() : textOf(cell) };
    default:
      return { value: typeof cell === 'number' ? cell : textOf(cell) };
  }
}
