/**
 * Registry of every entity schema. The order of SCHEMAS is the menu order; use
 * `schemasInDependencyOrder()` when creating tables or seeding.
 */
import type { EntitySchema, FieldDef } from './kinds';
import { BUNDLED_FIELDS, BUNDLED_SCHEMAS } from './bundled';

export type { EntitySchema, FieldDef } from './kinds';

/** The effective schemas (menu order): the bundled ones until the app installs the server's. */
export const SCHEMAS: EntitySchema[] = [...BUNDLED_SCHEMAS];

/**
 * Whether the bundled schemas carry their fields. False in the app's production build, where the
 * fields come only from GET /api/v1/schemas (scripts/vite/schema-skeleton.ts): the signed-in app
 * waits for that answer before a screen renders (src/app/modules/schema-config/effective-schemas.tsx).
 */
export const FIELDS_BUNDLED: boolean = BUNDLED_FIELDS;

const byName = new Map(SCHEMAS.map((s) => [s.name, s]));
const byResource = new Map(SCHEMAS.map((s) => [s.resource, s]));

export function schemaByName(name: string): EntitySchema | undefined {
  return byName.get(name);
}

export function schemaByResource(resource: string): EntitySchema | undefined {
  return byResource.get(resource);
}

/**
 * The bundled schemas: the code declarations (without their fields in the app's production build;
 * SCHEMAS holds the effective ones once the app installed them).
 */
export const CODE_SCHEMAS: readonly EntitySchema[] = [...SCHEMAS];
let installed = 0;
const schemaListeners = new Set<() => void>();

/**
 * The app's copy of the effective schemas (code + administrators' overlay, GET /api/v1/schemas,
 * issue 15): replaces the entries of SCHEMAS and of the lookups in place. Schemas unknown to this
 * build are ignored (routes stay static). Returns whether anything changed; listeners hear of it.
 */
export function installEffectiveSchemas(list: readonly EntitySchema[]): boolean {
  let changed = false;
  for (const next of list) {
    const i = SCHEMAS.findIndex((s) => s.resource === next.resource);
    if (i < 0) continue;
    const text = JSON.stringify(next);
    if (JSON.stringify(SCHEMAS[i]) === text) continue;
    const code = CODE_SCHEMAS.find((s) => s.resource === next.resource)!;
    const chosen = JSON.stringify(code) === text ? code : next;
    SCHEMAS[i] = chosen;
    byName.set(chosen.name, chosen);
    byResource.set(chosen.resource, chosen);
    changed = true;
  }
  if (changed) {
    installed += 1;
    for (const l of schemaListeners) l();
  }
  return changed;
}

/** Back to the code schemas (sign-out, tests). */
export function resetEffectiveSchemas(): void {
  installEffectiveSchemas(CODE_SCHEMAS);
}

/** Counter of installs that changed something (for React's useSyncExternalStore). */
export function schemasVersion(): number {
  return installed;
}

export function onSchemasChange(listener: () => void): () => void {
  schemaListeners.add(listener);
  return () => void schemaListeners.delete(listener);
}

/** Names of the schemas a schema references (including from rows/object sub-fields), self excluded. */
export function referencedSchemas(schema: EntitySchema): string[] {
  const out = new Set<string>();
  const walk = (fields: FieldDef[]) => {
    for (const f of fields) {
      if (f.kind === 'reference' && f.ref && f.ref !== schema.name) out.add(f.ref);
      if (f.fields) walk(f.fields);
    }
  };
  walk(schema.fields);
  return [...out];
}

/**
 * SCHEMAS ordered so that every reference target comes before the schemas referring to it
 * (self references are allowed). Stable: keeps the SCHEMAS order where it can. Throws on a cycle.
 */
export function schemasInDependencyOrder(schemas: EntitySchema[] = SCHEMAS): EntitySchema[] {
  const index = new Map(schemas.map((s) => [s.name, s]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: EntitySchema[] = [];
  const visit = (s: EntitySchema) => {
    if (done.has(s.name)) return;
    if (visiting.has(s.name)) throw new Error(`Ciclo de referências envolvendo '${s.name}'`);
    visiting.add(s.name);
    for (const dep of referencedSchemas(s)) {
      const target = index.get(dep);
      if (target) visit(target);
    }
    visiting.delete(s.name);
    done.add(s.name);
    out.push(s);
  };
  for (const s of schemas) visit(s);
  return out;
}
