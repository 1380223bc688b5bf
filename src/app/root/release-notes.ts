/**
 * Release notes (docs/specification.md §3, "Release-note entry"): data in the repository
 * (`release-notes.json`), newest first, every text tagged by module in square brackets. The
 * latest entry names package.json's version (a test checks it); the version the start-up check
 * compares comes from the build (src/app/root/build-info.ts).
 */
import notes from './release-notes.json';
import { APP_VERSION } from './build-info';

export interface ReleaseNote {
  versao: string;
  /** dd/mm/aaaa */
  data: string;
  melhorias: string[];
  bug: string[];
}

/** Every version, newest first: data in `release-notes.json` (checked by release-notes.test.tsx). */
export const RELEASE_NOTES: readonly ReleaseNote[] = notes as ReleaseNote[];

/** The version people read: the build's (package.json), which the latest release note must name. */
export { APP_VERSION };

export interface TaggedText {
  /** Module in the square brackets ('Geral' when untagged). */
  modulo: string;
  texto: string;
}

export const UNTAGGED_MODULE = 'Geral';

/** Splits "[RDO] texto" into { modulo: 'RDO', texto: 'texto' }. */
export function parseModuleTag(text: string): TaggedText {
  const m = /^\s*\[([^\]]+)\]\s*([\s\S]*)$/.exec(text);
  if (!m) return { modulo: UNTAGGED_MODULE, texto: text.trim() };
  return { modulo: m[1].trim(), texto: m[2].trim() };
}

/** Modules found in the notes, sorted (pt-BR). */
export function listModules(notes: readonly ReleaseNote[] = RELEASE_NOTES): string[] {
  const set = new Set<string>();
  for (const n of notes) for (const t of [...n.melhorias, ...n.bug]) set.add(parseModuleTag(t).modulo);
  return [...set].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }));
}

/** Keeps only the texts of `modulo` (all when empty), dropping versions left without texts. */
export function filterReleaseNotes(notes: readonly ReleaseNote[] = RELEASE_NOTES, modulo?: string | null): ReleaseNote[] {
  if (!modulo) return notes.map((n) => ({ ...n, melhorias: [...n.melhorias], bug: [...n.bug] }));
  const same = (t: string) => parseModuleTag(t).modulo.localeCompare(modulo, 'pt-BR', { sensitivity: 'base' }) === 0;
  return notes.map((n) => ({ ...n, melhorias: n.melhorias.filter(same), bug: n.bug.filter(same) })).filter((n) => n.melhorias.length > 0 || n.bug.length > 0);
}
