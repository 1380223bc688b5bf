/**
 * The app's build carries the route declarations without zod (scripts/vite/declarations-skeleton.ts,
 * issue 37): each declaration module of resources/ becomes its data with the routes' method and path,
 * and the app imports of them only what that data has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDeclarationModule, skeletonOfDeclarations } from '../scripts/vite/declarations-skeleton';

const root = join(__dirname, '..');
const declarationFiles = readdirSync(join(root, 'resources'))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => join(root, 'resources', name))
  .filter((file) => isDeclarationModule(root, file, readFileSync(file, 'utf8')));

const appFiles = readdirSync(join(root, 'src/app'), { withFileTypes: true, recursive: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
  .map((e) => join(e.parentPath, e.name));

/** The names a source file imports at run time from `module` (type-only names left out). */
function runtimeImports(source: string, module: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (m[1] || !m[3].endsWith(`resources/${module}`)) continue;
    for (const part of m[2].split(',').map((p) => p.trim())) if (part && !part.startsWith('type ')) names.push(part.split(/\s+as\s+/)[0]);
  }
  return names;
}

async function load(code: string): Promise<Record<string, unknown>> {
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

describe('route declarations in the app build', () => {
  it('finds the declaration modules', () => {
    expect(declarationFiles.map((f) => relative(root, f)).sort()).toEqual(
      expect.arrayContaining(['resources/calendario.ts', 'resources/saved-views.ts', 'resources/schema-config.ts', 'resources/signatures.ts']),
    );
  });

  it('keeps each route’s method and path and every constant, without zod', async () => {
    for (const file of declarationFiles) {
      const real = (await import(file)) as Record<string, unknown>;
      const text = await skeletonOfDeclarations(root, file);
      expect(text, file).not.toMatch(/_zod|"answers"/);
      const skeleton = await load(text);
      for (const [name, value] of Object.entries(real)) {
        if (value && typeof value === 'object' && '_zod' in value) {
          expect(skeleton, `${file} ${name}`).not.toHaveProperty(name);
          continue;
        }
        const route = value as { method?: string; path?: string; answers?: unknown };
        if (route && typeof route === 'object' && route.answers)
          expect(skeleton[name], `${file} ${name}`).toEqual({
            method: route.method,
            path: route.path,
            operationId: (value as { operationId: string }).operationId,
          });
        else if (!Array.isArray(value) && (typeof value !== 'object' || value === null)) expect(skeleton[name], `${file} ${name}`).toEqual(value);
      }
    }
  });

  it('app code imports of a declaration module only what its skeleton exports, and the helpers only as types', async () => {
    const missing: string[] = [];
    for (const file of declarationFiles) {
      const module = relative(join(root, 'resources'), file).replace(/\.ts$/, '');
      const exported = Object.keys(await load(await skeletonOfDeclarations(root, file)));
      for (const appFile of appFiles)
        for (const name of runtimeImports(readFileSync(appFile, 'utf8'), module))
          if (!exported.includes(name)) missing.push(`${relative(root, appFile)}: ${name} de resources/${module}`);
    }
    expect(missing).toEqual([]);
    const helpers = appFiles.filter((f) => runtimeImports(readFileSync(f, 'utf8'), 'api-route').length > 0).map((f) => relative(root, f));
    expect(helpers).toEqual([]);
  });
});
