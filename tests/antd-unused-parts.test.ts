/**
 * The build leaves out antd's tree column filter (scripts/vite/unused-antd-parts.ts): no code of the
 * app may ask for it, and every column filter the app declares brings its own dropdown.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('antd parts left out of the build', () => {
  const files = [...sources('src/app'), ...sources('resources')];

  it('no table column asks for the tree filter', () => {
    const users = files.filter((f) => /filterMode\s*[:=]/.test(readFileSync(f, 'utf8')));
    expect(users).toEqual([]);
  });

  it("the generic column filter renders its own dropdown, never antd's", () => {
    const filters = readFileSync(join(root, 'src/app/fields/filters.tsx'), 'utf8');
    expect(filters).toMatch(/filterDropdown:/);
    const antdFilterLists = files.filter((f) => /\bfilters:\s*\[\s*\{\s*text:/.test(readFileSync(f, 'utf8')));
    expect(antdFilterLists).toEqual([]);
  });
});
