/**
 * What a typed search asks for (issue 39), with no SQL in it: the words (lower case, no accents,
 * letters and digits only, so that nothing typed — `&`, `|`, `!`, `:*`, `%`, `_`, `\` — ever reaches
 * `to_tsquery` or `like` as an operator), the code key (every letter and digit together:
 * "MAM-2025-0003" → "mam20250003", a CNPJ with or without punctuation → its 14 digits) and a leading
 * module word ("RDO 245": the daily reports' number 245).
 */
import type { EntitySchema } from '../../../schemas/kinds';

/** Longest accepted search text (longer: 400). */
export const MAX_QUERY_LENGTH = 200;
/** Words of a search beyond this are ignored. */
export const MAX_TOKENS = 8;

/** Lower case without accents (NFD, combining marks removed), as `unaccent(lower(…))` does in SQL. */
export const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Words that name a module at the start of a search, besides each module's own label ("contrato",
 * "diario"): the abbreviations people type ("RDO 245", "RNC 2025-0003", "OS 12").
 */
const ALIASES: Record<string, string[]> = {
  rdo: ['diario'],
  diario: ['diario'],
  rnc: ['ticketSgi'],
  sgi: ['ticketSgi'],
  ct: ['contrato'],
  os: ['osField', 'osAutomacao'],
  pv: ['posvenda'],
  chamado: ['posvenda'],
  ticket: ['posvenda', 'ticketSgi'],
  et: ['relatoEtica'],
  processo: ['processoJuridico'],
  apolice: ['seguro', 'seguroPleno'],
};

/** The modules a word names: the aliases above, or a module's label or plural label of one word. */
export function modulesNamed(word: string, schemas: readonly EntitySchema[]): string[] {
  const out = new Set(ALIASES[word] ?? []);
  for (const s of schemas) {
    const labels = [s.label, s.labelPlural].map((l) => fold(l).split(/\s+/)[0]);
    if (labels.includes(word)) out.add(s.name);
  }
  return [...out].filter((n) => schemas.some((s) => s.name === n));
}

export interface ParsedSearch {
  /** The words, in order (at most MAX_TOKENS). */
  tokens: string[];
  /** Every letter and digit of the search together (the code key); '' when under 2 characters. */
  codeKey: string;
  /** A leading module word and what follows it ("rdo 245" → diario, ["245"], "245"). */
  alias?: { modules: string[]; tokens: string[]; codeKey: string };
}

const keyOf = (tokens: string[]) => {
  const k = tokens.join('').slice(0, 60);
  return k.length >= 2 || /^\d$/.test(k) ? k : '';
};

export function parseSearch(q: string, schemas: readonly EntitySchema[]): ParsedSearch {
  const words = fold(q)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const tokens = words.slice(0, MAX_TOKENS);
  const parsed: ParsedSearch = { tokens, codeKey: keyOf(words) };
  if (tokens.length >= 2) {
    const modules = modulesNamed(tokens[0], schemas);
    if (modules.length) parsed.alias = { modules, tokens: tokens.slice(1), codeKey: keyOf(words.slice(1)) };
  }
  return parsed;
}

/** Words worth correcting: letters only, 4 to 30 of them (codes and numbers are never "corrected"). */
export const correctable = (t: string) => /^[a-z]{4,30}$/.test(t);

/**
 * A long word's family: its beginning without the last four letters (at least five kept), as a prefix
 * — "concretagem" → "concret", which "concretar" and "concreto" stem to, where the Portuguese stemmer
 * alone keeps "concretag".
 */
export const familyOf = (t: string): string | undefined => (/^[a-z]{7,30}$/.test(t) ? t.slice(0, Math.max(5, t.length - 4)) : undefined);

/**
 * The `to_tsquery` text: every word required (AND), each one or any of its corrections and its
 * family (OR); the last word also as a prefix (results as you type). Words are [a-z0-9]+ (no operator
 * can appear); a single letter says nothing and is left out. '' when no word is left.
 */
export function tsqueryText(tokens: readonly string[], corrections?: ReadonlyMap<string, readonly string[]>): string {
  const kept = tokens.filter((t) => t.length >= 2 || /\d/.test(t));
  return kept
    .map((t, i) => {
      const family = corrections && familyOf(t);
      const alts = [
        i === kept.length - 1 ? `${t}:*` : t,
        ...(corrections?.get(t) ?? []).filter((a) => /^[a-z0-9]+$/.test(a)),
        ...(family ? [`${family}:*`] : []),
      ];
      return alts.length > 1 ? `(${alts.join(' | ')})` : alts[0];
    })
    .join(' & ');
}
