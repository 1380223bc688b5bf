/**
 * Build plugin: the app's bundle carries the route declarations without zod (issue 37).
 *
 * A family's declarations (resources/api-route.ts) are zod schemas: the server checks requests with
 * them and writes the OpenAPI document from them, while the app reads of a declaration only its
 * method and path (`callRoute`, src/app/providers/api-client.ts) and takes its types. In the app's
 * production build each module of `resources/` that imports zod (but resources/api-route.ts, whose
 * helpers the app imports as types only) is replaced by its exports as evaluated at build time, each
 * zod schema left out: a route keeps its method, path and operation id, a constant its value. App code that
 * imports a zod schema of a declaration then fails the build (the name is not exported), and an
 * exported function fails it here. The dev server and the tests keep the modules as they are.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** A zod schema (any instance of zod: the evaluated module has its own). */
const isZod = (v: unknown) => typeof v === 'object' && v !== null && '_zod' in v;

const isRoute = (v: unknown): v is { method: string; path: string; operationId: string } =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'answers' in v;

/** Does `file` (absolute) hold declarations the app's build strips? */
export function isDeclarationModule(root: string, file: string, source: string): boolean {
  const dir = resolve(root, 'resources');
  return (
    resolve(file, '..') === dir &&
    file.endsWith('.ts') &&
    !file.endsWith('.test.ts') &&
    resolve(file) !== join(dir, 'api-route.ts') &&
    /from 'zod'/.test(source)
  );
}

/** The module that stands for the declarations `file` in the app's build. */
export async function skeletonOfDeclarations(root: string, file: string): Promise<string> {
  const { tsImport } = await import('tsx/esm/api');
  const mod = (await tsImport(pathToFileURL(file).href, pathToFileURL(join(root, '/')).href)) as Record<string, unknown>;
  const lines = [`// ${file.slice(root.length + 1)} without its zod schemas (scripts/vite/declarations-skeleton.ts)`];
  for (const [name, value] of Object.entries(mod)) {
    if (isZod(value)) continue;
    const json = JSON.stringify(value, (key, v: unknown) => {
      if (typeof v === 'function') throw new Error(`${file}: "${name}${key ? `.${key}` : ''}" é uma função; um módulo de declarações exporta dados.`);
      if (isZod(v)) return undefined;
      // A route: what a call needs (its method and path), not its words for the document.
      if (isRoute(v)) return { method: v.method, path: v.path, operationId: v.operationId };
      return v;
    });
    lines.push(`export const ${name} = ${json === undefined ? 'undefined' : `JSON.parse(${JSON.stringify(json)})`};`);
  }
  return `${lines.join('\n')}\n`;
}

export function declarationsSkeleton(): Plugin {
  let root = process.cwd();
  return {
    name: 'portal:declarations-skeleton',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async load(id) {
      const file = resolve(id.split('?')[0]);
      if (!file.startsWith(resolve(root, 'resources'))) return null;
      let source: string;
      try {
        source = readFileSync(file, 'utf8');
      } catch {
        return null;
      }
      return isDeclarationModule(root, file, source) ? skeletonOfDeclarations(root, file) : null;
    },
  };
}
