/**
 * The app's build carries the schemas without their fields (scripts/vite/schema-skeleton.ts): the
 * module that stands for schemas/bundled.ts keeps everything else of every declared schema, and
 * no app code brings the declarations back into the bundle except the administrators' screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredSchemas, skeletonModule } from '../scripts/vite/schema-skeleton';
import { DECLARED_SCHEMAS } from '../schemas/declared';
import type { EntitySchema } from '../schemas/kinds';

const root = join(__dirname, '..');

async function importText(code: string): Promise<{ BUNDLED_SCHEMAS: EntitySchema[]; BUNDLED_FIELDS: boolean }> {
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

describe('schema skeleton in the app build', () => {
  it('evaluates the declared schemas from the sources, as the registry has them', async () => {
    const declared = await declaredSchemas(root);
    expect(declared.map((s) => s.name)).toEqual(DECLARED_SCHEMAS.map((s) => s.name));
    expect(JSON.stringify(declared)).toBe(JSON.stringify(DECLARED_SCHEMAS));
  });

  it('keeps every schema without its fields, and says the fields are not bundled', async () => {
    const text = skeletonModule(DECLARED_SCHEMAS);
    const mod = await importText(text);
    expect(mod.BUNDLED_FIELDS).toBe(false);
    expect(mod.BUNDLED_SCHEMAS).toHaveLength(DECLARED_SCHEMAS.length);
    mod.BUNDLED_SCHEMAS.forEach((s, i) => {
      const { fields, ...rest } = JSON.parse(JSON.stringify(DECLARED_SCHEMAS[i])) as EntitySchema;
      expect(fields.length).toBeGreaterThan(0);
      expect(s).toEqual({ ...rest, fields: [] });
    });
    // Labels, menu, workflow and SLA stay; the fields were most of the bytes.
    expect(text.length).toBeLessThan(JSON.stringify(DECLARED_SCHEMAS).length / 3);
  });

  const files = ['src/app', 'resources', 'src/access'].flatMap((dir) =>
    readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      .map((e) => join(e.parentPath, e.name)),
  );

  it('only the administrators’ configuration screen imports the declarations themselves', () => {
    const importers = files.filter((f) => /from '(\.\.\/)+schemas\/(declared|bundled)'/.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(importers).toEqual(['src/app/modules/schema-config/schema-config-page.tsx']);
  });

  it('app code reads the bundled schemas (no fields in the build) only for names, labels and actions', () => {
    // Fields are read from the effective registry (SCHEMAS, schemaByName), which holds the server's.
    const readers = files.filter((f) => /\bCODE_SCHEMAS\b/.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(readers.sort()).toEqual([
      'src/access/refine-actions.ts', // actions.edit
      'src/app/modules/schema-config/field-drawer.tsx', // names and labels of the reference targets
      'src/app/modules/schema-config/schema-config-page.tsx', // the index: labels of the configurable entities
    ]);
  });
});
