/**
 * docs/architecture.md: no source file over 400 lines, demo data and tests aside. Lists the source
 * files git knows of (tracked, plus new ones not ignored) under the source folders and fails naming
 * each one that is longer.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 400;
const FOLDERS = ['src', 'schemas', 'resources', 'scripts', 'mocks'];
const EXTENSIONS = /\.(ts|tsx|mjs)$/;
/** Demo data: long by nature, not code. */
const DEMO_DATA = new Set(['src/server/seed/demo-data.ts', 'src/server/seed/demo-workflows.ts']);

function sourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...FOLDERS], {
    cwd: process.cwd(),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0'))]
    .filter((f) => EXTENSIONS.test(f))
    .filter((f) => !/\.test\./.test(f) && !/(^|\/)tests\//.test(f) && !DEMO_DATA.has(f))
    .filter((f) => existsSync(f)) // a tracked file deleted in the working tree
    .sort();
}

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(text: string): number {
  if (!text) return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

describe('source file size', () => {
  it('counts lines like wc -l', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\nb\n')).toBe(3);
  });

  it(`no source file is over ${MAX_LINES} lines (demo data and tests aside)`, () => {
    const files = sourceFiles();
    // The listing really sees the sources (and leaves out what it should).
    expect(files).toContain('schemas/kinds.ts');
    expect(files).toContain('src/server/openapi/document.ts');
    expect(files.some((f) => f.endsWith('.tsx'))).toBe(true);
    expect(files.filter((f) => DEMO_DATA.has(f) || f.includes('.test.'))).toEqual([]);
    const over = files
      .map((f) => ({ f, lines: lineCount(readFileSync(f, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ f, lines }) => `${f} (${lines} lines)`);
    expect(over, `split these files (docs/architecture.md: at most ${MAX_LINES} lines)`).toEqual([]);
  });
});
