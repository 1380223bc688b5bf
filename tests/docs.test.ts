/**
 * The project documents itself (issue 24): docs/access.md and docs/architecture.md must follow the
 * code. Fails when
 * - a decision number cited in the code ("decision 29", "decisions 1–2", "decisions 8 and 26") has
 *   no `### Decision N` section in docs/access.md, or a section lacks a pointer to code and tests;
 * - a path the documents name in backticks (`src/…`, `schemas/…`, `resources/…`, `tests/…`,
 *   `docs/…`, `mocks/…`, `scripts/…`) does not exist;
 * - the entity table of docs/access.md differs from the schemas (subject, CASL actions, drafts);
 * - a subject, action or role of the code is not named in docs/access.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../schemas';
import { ACTIONS, SUBJECTS } from '../src/access/subjects';
import { ROLE_LABELS } from '../src/access/roles';
import { toCaslAction } from '../src/access/refine-actions';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = relative(ROOT, fileURLToPath(import.meta.url));
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const ACCESS = read('docs/access.md');
const ARCHITECTURE = read('docs/architecture.md');

/** Source files of the repository (no dependencies, no generated output). */
function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const rel = join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) sourceFiles(rel, out);
    else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(rel);
  }
  return out;
}

const NUMBER_LIST = /\bdecisions?\s+(\d+(?:\s*(?:[–-]|,|and|or|&)\s*\d+)*)/gi;

/** Every decision number a text cites, ranges expanded: "decisions 1–2 and 28" → 1, 2, 28. */
function citedDecisions(text: string): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(NUMBER_LIST)) {
    const list = m[1];
    for (const part of list.split(/\s*(?:,|and|or|&)\s*/)) {
      const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part.trim());
      if (range) for (let n = Number(range[1]); n <= Number(range[2]); n++) out.add(n);
      else if (/^\d+$/.test(part.trim())) out.add(Number(part.trim()));
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** The `### Decision N` sections of docs/access.md: number → body. */
function decisionSections(md: string): Map<number, string> {
  const sections = new Map<number, string>();
  const heads = [...md.matchAll(/^### Decision (\d+)\b.*$/gm)];
  heads.forEach((h, i) => {
    const end = i + 1 < heads.length ? heads[i + 1].index! : md.indexOf('\n## ', h.index!) === -1 ? md.length : md.indexOf('\n## ', h.index!);
    sections.set(Number(h[1]), md.slice(h.index!, end));
  });
  return sections;
}

const PATH = /`((?:src|schemas|resources|tests|docs|mocks|scripts)\/[^`\s]*)`/g;
const pathsIn = (text: string) => [...new Set([...text.matchAll(PATH)].map((m) => m[1]))];
const isTest = (p: string) => /\.test\.(ts|tsx|mjs)$/.test(p);

describe('docs/access.md', () => {
  const sections = decisionSections(ACCESS);

  it('reads citations the way the code writes them', () => {
    expect(citedDecisions('docs/access.md decisions 1–2; decision 29, Decisions 26-27')).toEqual([1, 2, 26, 27, 29]);
    expect(citedDecisions('decisions 8 and 26; decisions 2, 25, 26')).toEqual([2, 8, 25, 26]);
    expect(citedDecisions('no decision here, a rule 5')).toEqual([]);
  });

  it('has a section for every decision number the code cites', () => {
    const cited = new Map<number, string[]>();
    for (const dir of ['src', 'schemas', 'resources', 'mocks', 'scripts', 'tests']) {
      for (const file of sourceFiles(dir)) {
        if (file === SELF) continue;
        for (const n of citedDecisions(read(file))) cited.set(n, [...(cited.get(n) ?? []), file]);
      }
    }
    expect(cited.size).toBeGreaterThan(10); // the code does cite decisions; a broken scan must not pass
    const missing = [...cited.entries()].filter(([n]) => !sections.has(n)).map(([n, files]) => `decision ${n} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('numbers the decisions 1 to 30 without gaps, each with a pointer to its code and its tests', () => {
    const numbers = [...sections.keys()];
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(30);
    for (const [n, body] of sections) {
      const paths = pathsIn(body);
      expect(
        paths.filter((p) => !isTest(p)),
        `decision ${n}: code`,
      ).not.toEqual([]);
      expect(paths.filter(isTest), `decision ${n}: tests`).not.toEqual([]);
    }
  });

  it('lists every entity with its subject, its CASL actions and its draft states, as the schemas declare them', () => {
    const rows = new Map<string, string[]>();
    for (const line of ACCESS.split('\n')) {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      if (cells.length === 5 && /^`[a-zA-Z]+`$/.test(cells[0]) && /^`\w+`$/.test(cells[1])) rows.set(cells[0].slice(1, -1), cells);
    }
    const expected = SCHEMAS.map((s) => {
      const actions = (['list', 'create', 'edit', 'delete'] as const).map((a) => toCaslAction(s.subject, a, s.actions)).join(' · ');
      const drafts =
        s.workflow?.states
          .filter((st) => st.draft)
          .map((st) => `\`${st.value}\``)
          .join(', ') || '—';
      return [s.name, `\`${s.subject}\``, actions, drafts];
    });
    expect([...rows.keys()].sort()).toEqual(SCHEMAS.map((s) => s.name).sort());
    for (const [name, subject, actions, drafts] of expected) {
      const cells = rows.get(name)!;
      expect([name, cells[1], cells[2], cells[3]]).toEqual([name, subject, actions, drafts]);
    }
  });

  it('names every subject, action and role of the code', () => {
    const named = (word: string) => ACCESS.includes(`\`${word}\``);
    expect(SUBJECTS.filter((s) => !named(s))).toEqual([]);
    expect(ACTIONS.filter((a) => !named(a))).toEqual([]);
    expect(Object.keys(ROLE_LABELS).filter((r) => !named(r))).toEqual([]);
  });
});

describe('docs: cited paths exist', () => {
  it.each([
    ['docs/access.md', ACCESS],
    ['docs/architecture.md', ARCHITECTURE],
  ])('%s', (_name, text) => {
    const paths = pathsIn(text);
    expect(paths.length).toBeGreaterThan(20);
    // A pattern (`schemas/<entidade>.ts`) stands for files of a folder that must exist.
    const target = (p: string) => (p.includes('<') ? p.slice(0, p.indexOf('<')).replace(/[^/]*$/, '') : p);
    expect(paths.filter((p) => !existsSync(join(ROOT, target(p))))).toEqual([]);
  });
});
