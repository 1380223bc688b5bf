/**
 * The server-side test files that change process-wide module state must run isolated
 * (tests/node-projects.ts): a new file with `vi.mock`, fake timers or stubbed environment that is not
 * listed would leak into the files after it in the same worker.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_ISOLATED, NODE_TESTS } from './node-projects';

const LEAKY = /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\(|process\.env\.[A-Z_]+\s*=[^=]/;

describe('server test isolation', () => {
  // NODE_TESTS's globs: every *.test.ts under their folders (`tests/*.test.ts`: that folder alone).
  const files = NODE_TESTS.flatMap((g) => {
    const dir = g.slice(0, g.indexOf('*') - 1);
    const names = readdirSync(dir, { recursive: !g.startsWith('tests/*') }) as string[];
    return names.filter((n) => n.endsWith('.test.ts')).map((n) => join(dir, n));
  }).sort();

  it('lists every server test file that mocks modules, fakes timers or sets the environment', () => {
    const leaky = files.filter((f) => LEAKY.test(readFileSync(f, 'utf8')));
    expect(leaky.length).toBeGreaterThan(5);
    expect(leaky.filter((f) => !NODE_ISOLATED.includes(f))).toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(NODE_ISOLATED.filter((f) => !files.includes(f))).toEqual([]);
  });
});
