/**
 * Build plugin: the app's bundle carries the entity schemas without their fields (issue 28).
 *
 * The registry starts from `schemas/bundled.ts`. In the app's production build that module is
 * replaced by the declared schemas with `fields: []` and `BUNDLED_FIELDS = false`: names, labels,
 * menu, subject, workflow, SLA and actions stay, so the route table, the menu and Refine's resources
 * are built as before, while the fields (about two thirds of the schemas' bytes) come from
 * GET /api/v1/schemas, which the signed-in app loads with the user's rules before any screen renders
 * (src/app/modules/schema-config/effective-schemas.tsx) and which sends a person only the entities
 * they may read. The dev server and the tests keep the whole schemas. Build only.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type { EntitySchema } from '../../schemas/kinds';

/** The declared schemas, evaluated at build time from the TypeScript sources. */
export async function declaredSchemas(root: string): Promise<EntitySchema[]> {
  const { tsImport } = await import('tsx/esm/api');
  const file = pathToFileURL(join(root, 'schemas/declared.ts')).href;
  const mod = (await tsImport(file, pathToFileURL(join(root, '/')).href)) as { DECLARED_SCHEMAS: EntitySchema[] };
  return mod.DECLARED_SCHEMAS;
}

/** The module that stands for schemas/bundled.ts in the app's build. */
export function skeletonModule(schemas: readonly EntitySchema[]): string {
  const skeleton = schemas.map((s) => ({ ...s, fields: [] }));
  return `export const BUNDLED_SCHEMAS = JSON.parse(${JSON.stringify(JSON.stringify(skeleton))});\nexport const BUNDLED_FIELDS = false;\n`;
}

export function schemaSkeleton(): Plugin {
  let bundled = '';
  let root = process.cwd();
  return {
    name: 'portal:schema-skeleton',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      bundled = resolve(root, 'schemas/bundled.ts');
    },
    async load(id) {
      if (resolve(id.split('?')[0]) !== bundled) return null;
      return skeletonModule(await declaredSchemas(root));
    },
  };
}
