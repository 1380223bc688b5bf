/**
 * docs/architecture.md "Names": every file and folder name under the source folders is kebab-case
 * (lower-case letters, digits, hyphens and the dots of the extension), React components included;
 * a README keeps its usual name. Lists what git knows of (tracked, plus new files not ignored).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['src', 'schemas', 'resources', 'tests', 'mocks', 'scripts', 'docs'];
const ALLOWED = new Set(['README.md']);

/** Whether one file or folder name follows the rule. */
const isKebabName = (name: string) => ALLOWED.has(name) || /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/.test(name);

function sourcePaths(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...FOLDERS], {
    cwd: process.cwd(),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0'))].filter((f) => f && existsSync(f)).sort();
}

describe('file names', () => {
  it('tells kebab-case names from the others', () => {
    expect(isKebabName('login-page.tsx')).toBe(true);
    expect(isKebabName('dias-impraticaveis')).toBe(true);
    expect(isKebabName('52-visoes.test.mjs')).toBe(true);
    expect(isKebabName('LoginPage.tsx')).toBe(false);
    expect(isKebabName('App.tsx')).toBe(false);
    expect(isKebabName('lost_days.ts')).toBe(false);
    expect(isKebabName('page--old.tsx')).toBe(false);
  });

  it('every file and folder under the source folders has a kebab-case name', () => {
    const paths = sourcePaths();
    expect(paths).toContain('src/app/app.tsx');
    const wrong = [...new Set(paths.flatMap((p) => p.split('/').map((name, i, parts) => (isKebabName(name) ? '' : parts.slice(0, i + 1).join('/')))))].filter(
      Boolean,
    );
    expect(wrong, `not kebab-case: ${wrong.join(', ')}`).toEqual([]);
  });
});
