/**
 * The snippet of a result (issue 39): a piece of one field's text around the first word that matched,
 * with the matching words marked. Computed from the record as the person receives it (after field
 * rules and decision 29's masking), never from the index, so a snippet shows nothing the record's
 * own page would not.
 */
import type { SearchPiece } from '../../../resources/search';
import { familyOf, fold } from './parse';

/**
 * The beginnings a matching word starts with: a long word's family ("concretagem" → "concret",
 * which "concretar" also starts with), a short one's first four letters, a number as typed, and the
 * typo corrections' own.
 */
export function termRoots(tokens: readonly string[], corrections: ReadonlyMap<string, readonly string[]> = new Map()): string[] {
  const out = new Set<string>();
  const add = (t: string) => {
    if (t.length < 2 && !/^\d$/.test(t)) return;
    out.add(familyOf(t) ?? (/^[a-z]{5,6}$/.test(t) ? t.slice(0, 4) : t));
  };
  for (const t of tokens) {
    add(t);
    for (const c of corrections.get(t) ?? []) add(c);
  }
  return [...out];
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The word spans of a text that start with one of the roots. */
function matches(text: string, roots: readonly string[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  if (!roots.length) return out;
  for (const m of text.matchAll(WORD)) {
    const w = fold(m[0]);
    if (roots.some((r) => w.startsWith(r))) out.push({ start: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

/** Whether any word of the text matches. */
export const hasMatch = (text: string, roots: readonly string[]) => matches(text, roots).length > 0;

/**
 * Up to `max` characters of `text` around its first match, in pieces (matches marked), with "…"
 * where it was cut; null when no word matches.
 */
export function snippetOf(text: string, roots: readonly string[], max = 180): SearchPiece[] | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  const found = matches(clean, roots);
  if (!found.length) return null;
  let start = Math.max(0, found[0].start - Math.floor(max / 3));
  if (start > 0) {
    const space = clean.indexOf(' ', start);
    start = space >= 0 && space < found[0].start ? space + 1 : start;
  }
  let end = Math.min(clean.length, start + max);
  if (end < clean.length) {
    const space = clean.lastIndexOf(' ', end);
    if (space > found[0].end) end = space;
  }
  const pieces: SearchPiece[] = [];
  const push = (texto: string, destaque?: boolean) => {
    if (!texto) return;
    const last = pieces[pieces.length - 1];
    if (last && !last.destaque && !destaque) last.texto += texto;
    else pieces.push(destaque ? { texto, destaque: true } : { texto });
  };
  if (start > 0) push('…');
  let at = start;
  for (const m of found) {
    if (m.end <= start || m.start >= end) continue;
    push(clean.slice(at, Math.max(at, m.start)));
    push(clean.slice(Math.max(at, m.start), Math.min(m.end, end)), true);
    at = Math.min(m.end, end);
  }
  push(clean.slice(at, end));
  if (end < clean.length) push('…');
  return pieces;
}
