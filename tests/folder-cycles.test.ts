/**
 * scripts/folder-cycles.mjs (issue 37): the check `npm run lint` runs. A deliberate cycle is refused
 * with an example import per edge, the baseline of known edges may only shrink, and the real tree
 * passes (only the known edges inside cycles).
 */
// @ts-expect-error: plain Node script without type declarations
import * as cycles from '../scripts/folder-cycles.mjs';
import { describe, expect, it } from 'vitest';

interface Import {
  from: string;
  to: string;
  fromFile: string;
  toFile: string;
  typeOnly: boolean;
}
interface Result {
  components: { members: string[]; edges: (Import & { count: number })[] }[];
  unexpected: Import[];
  stale: string[];
}
const { findCycles, folderOf, importsOf, readImports, stronglyConnected, describeCycles, KNOWN_CYCLE_EDGES } = cycles as {
  findCycles: (imports: Import[], known?: string[]) => Result;
  folderOf: (file: string) => string | undefined;
  importsOf: (file: string, text: string) => { spec: string; typeOnly: boolean }[];
  readImports: (root: string) => Import[];
  stronglyConnected: (graph: Map<string, Iterable<string>>) => string[][];
  describeCycles: (result: Result) => string[];
  KNOWN_CYCLE_EDGES: string[];
};

const imp = (fromFile: string, toFile: string, typeOnly = false): Import => ({
  from: folderOf(fromFile)!,
  to: folderOf(toFile)!,
  fromFile,
  toFile,
  typeOnly,
});

describe('folder cycles', () => {
  it('maps a file to its top folder within its side, a side-root file to itself', () => {
    expect(folderOf('src/server/crud/list-query.ts')).toBe('src/server/crud');
    expect(folderOf('src/server/config.ts')).toBe('src/server/config.ts');
    expect(folderOf('src/app/offline/sync/queue.ts')).toBe('src/app/offline');
    expect(folderOf('src/app/modules/rdo/rdo-page.tsx')).toBe('src/app/modules/rdo');
    expect(folderOf('src/app/auth/pages/login-page.tsx')).toBe('src/app/auth/pages');
    expect(folderOf('src/app/auth/auth-provider.ts')).toBe('src/app/auth');
    expect(folderOf('src/access/rules/obra.ts')).toBe('src/access/rules');
    expect(folderOf('schemas/shared/common.ts')).toBe('schemas/shared');
    expect(folderOf('tests/api/crud.test.ts')).toBeUndefined();
  });

  it('reads static, re-exported, dynamic and type-only imports', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import { type C, type D } from './c';",
      "import { type E, f } from './e';",
      "export { g } from './g';",
      "export type { H } from './h';",
      "import './side-effect';",
      "const lazy = () => import('./lazy');",
      "// import { no } from './comment';",
    ].join('\n');
    expect(importsOf('x.ts', text)).toEqual([
      { spec: './a', typeOnly: false },
      { spec: '../b', typeOnly: true },
      { spec: './c', typeOnly: true },
      { spec: './e', typeOnly: false },
      { spec: './g', typeOnly: false },
      { spec: './h', typeOnly: true },
      { spec: './side-effect', typeOnly: false },
      { spec: './lazy', typeOnly: false },
    ]);
  });

  it('finds strongly connected components, not a folder importing itself', () => {
    const graph = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['d']],
      ['e', ['d']],
    ]);
    expect(stronglyConnected(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('refuses a deliberate cycle and names one import per edge', () => {
    const result = findCycles([
      imp('src/server/crud/repository.ts', 'src/server/sla/engine.ts'),
      imp('src/server/sla/engine.ts', 'src/server/crud/write-events.ts', true),
      imp('src/server/sla/mail.ts', 'src/server/crud/audit.ts'),
      imp('src/server/sla/engine.ts', 'src/server/http/errors.ts'),
    ]);
    expect(result.components.map((c) => c.members)).toEqual([['src/server/crud', 'src/server/sla']]);
    expect(result.unexpected.map((e) => `${e.from} → ${e.to}`)).toEqual(['src/server/crud → src/server/sla', 'src/server/sla → src/server/crud']);
    const lines = describeCycles(result);
    expect(lines[0]).toBe('Ciclo entre 2 pastas: src/server/crud, src/server/sla');
    // A run-time import is the example when there is one; the other imports of the edge are counted.
    expect(lines).toContain('  ✗ src/server/sla → src/server/crud: src/server/sla/mail.ts → src/server/crud/audit.ts (+1)');
  });

  it('counts a type-only import as an edge of the folders’ structure', () => {
    const result = findCycles([
      imp('src/server/http/errors.ts', 'src/server/crud/validate.ts', true),
      imp('src/server/crud/routes.ts', 'src/server/http/errors.ts'),
    ]);
    expect(result.unexpected).toHaveLength(2);
    expect(describeCycles(result)).toContain('  ✗ src/server/http → src/server/crud: src/server/http/errors.ts → src/server/crud/validate.ts (type)');
  });

  it('lets the baseline hold known edges, refuses a new edge inside a known cycle and a stale entry', () => {
    const known = ['src/app/fields → src/app/offline', 'src/app/offline → src/app/fields'];
    const base = [imp('src/app/fields/inputs/files.tsx', 'src/app/offline/device-db.ts'), imp('src/app/offline/merge.ts', 'src/app/fields/options.ts')];
    expect(findCycles(base, known)).toMatchObject({ unexpected: [], stale: [] });
    const grown = findCycles(
      [...base, imp('src/app/offline/merge.ts', 'src/app/views/loading.tsx'), imp('src/app/views/list.tsx', 'src/app/fields/options.ts')],
      known,
    );
    expect(grown.unexpected.map((e) => `${e.from} → ${e.to}`)).toEqual(['src/app/offline → src/app/views', 'src/app/views → src/app/fields']);
    expect(findCycles(base.slice(0, 1), known)).toMatchObject({ unexpected: [], stale: known });
  });

  it('passes on the real tree: no cycle outside the known edges, no stale entry', () => {
    const result = findCycles(readImports(process.cwd()), KNOWN_CYCLE_EDGES);
    expect(describeCycles(result).filter((l) => l.includes('✗') || l.startsWith('Aresta'))).toEqual([]);
    // The server has no folder cycle at all.
    expect(result.components.flatMap((c) => c.members).filter((m) => m.startsWith('src/server/'))).toEqual([]);
  });
});
