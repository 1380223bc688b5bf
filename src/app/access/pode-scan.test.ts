/**
 * Issue 40: a screen shows, hides or enables what an ability decides through the permission-gated
 * element (`<Pode>`, `usePode`, `usePodeCheck` of ./pode.tsx), not with a direct `ability.can(…)`.
 * Scans the app's sources (tests aside) and fails naming each file with a direct check that is not in
 * the allow-list, and each allow-listed file that no longer has one (the list does not go stale).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = 'src/app';

/** Where a direct check is not a screen's show/hide decision, or not yet converted, and why. */
const ALLOWED: Record<string, string> = {
  'src/app/access/pode.tsx': 'the permission-gated element itself',
  'src/app/access/access-control-provider.ts': "Refine's access control: the engine behind its buttons and routes",
  'src/app/guard/guard-rules.ts': "the navigation guard's route rule (the route's `access`, with `or` and `every`)",
  'src/app/layouts/menu.ts': 'the menu, built from the abilities in one place (canChooseSite, used by buildMenu)',
  'src/app/modules/aparelho/site-data.tsx': 'which data the device keeps for the offline forms: a background download, nothing shown',
};

/** `ability.can(`, `useAbility().can(`, `x.cannot (`, and `@casl/react`'s `<Can>` (its provider is ability-context's). */
const DIRECT = /\.\s*(can|cannot)\s*\(|from\s+['"]@casl\/react['"]/;
const CASL_REACT_PROVIDER = 'src/app/access/ability-context.tsx';

function appSources(): string[] {
  return readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
    .map((f) => join(ROOT, f).split('\\').join('/'))
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .sort();
}

function hasDirectCheck(file: string): boolean {
  return readFileSync(file, 'utf8')
    .split('\n')
    .some((line) => DIRECT.test(line) && !(file === CASL_REACT_PROVIDER && line.includes('@casl/react')));
}

describe('screens gate by ability through <Pode>/usePode (issue 40)', () => {
  it('recognises a direct check', () => {
    for (const code of ["if (!ability.can('read', 'RDO')) return null;", "const admin = useAbility().can('manage', 'all');", 'a.cannot (x, y)']) {
      expect(DIRECT.test(code), code).toBe(true);
    }
    expect(DIRECT.test("import { Can } from '@casl/react';")).toBe(true);
    expect(DIRECT.test("const ok = usePode({ I: 'read', a: 'RDO' });")).toBe(false);
    expect(DIRECT.test('<Pode I="read" a="Obra">')).toBe(false);
  });

  it('no direct ability check in src/app outside the allow-list', () => {
    const files = appSources();
    expect(files).toContain('src/app/access/pode.tsx');
    expect(files).toContain('src/app/views/generic-show.tsx');
    expect(files.some((f) => f.includes('.test.'))).toBe(false);
    const direct = files.filter(hasDirectCheck);
    expect(
      direct.filter((f) => !(f in ALLOWED)),
      'use <Pode>, usePode or usePodeCheck (src/app/access/pode.tsx), or add the file to ALLOWED with the reason',
    ).toEqual([]);
    expect(
      Object.keys(ALLOWED).filter((f) => !direct.includes(f)),
      'no direct check left there: remove it from ALLOWED',
    ).toEqual([]);
  });
});
