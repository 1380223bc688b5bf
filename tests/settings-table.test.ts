/**
 * Every environment variable the portal reads (server, `npm start`, the app's build) is in the
 * settings table of docs/configuracao.md, linked from the README (issue 28): a newcomer finds each
 * setting in one place.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
/** Read by tools or tests, not settings of the portal. */
const NOT_SETTINGS = new Set(['NODE_ENV', 'VITEST']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

function readVariables(): Set<string> {
  const files = [...sources(join(root, 'src', 'server')), ...sources(join(root, 'scripts', 'vite')), join(root, 'scripts', 'start.mjs')];
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)/g)) found.add(m[1]);
    for (const m of text.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) found.add(m[1]);
  }
  return new Set([...found].filter((v) => !NOT_SETTINGS.has(v)));
}

function settingsTable(): Set<string> {
  const readme = readFileSync(join(root, 'docs', 'configuracao.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuração'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| Variável')));
  const names = new Set<string>();
  for (const line of table.split('\n')) {
    const first = line.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]);
  }
  return names;
}

describe('settings table (docs/configuracao.md)', () => {
  it('lists every environment variable the portal reads', () => {
    const table = settingsTable();
    expect(table.size).toBeGreaterThan(20);
    const missing = [...readVariables()].filter((v) => !table.has(v)).sort();
    expect(missing).toEqual([]);
  });
});
