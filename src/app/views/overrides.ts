/**
 * Per-resource view overrides. A resource that needs its own page registers it next to its schema:
 *
 *   registerViewOverride('diario', { show: DiarioShow });
 *
 * Each override receives the same `{ schema }` props as the generic view it replaces.
 */
import type React from 'react';
import type { EntitySchema } from '../../../schemas/kinds';

export interface ViewProps {
  schema: EntitySchema;
  /** Create views: the values the address suggests (`?data=2026-11-27`, see `queryDefaultsFor`). */
  defaults?: Record<string, unknown>;
}

export type ViewKind = 'list' | 'show' | 'create' | 'edit';
export type ViewComponent = React.ComponentType<ViewProps>;
export type ViewOverride = Partial<Record<ViewKind, ViewComponent>>;

const overrides = new Map<string, ViewOverride>();
const listeners = new Set<() => void>();

/** Replace some views of the schema named `schemaName` (merges with earlier registrations). */
export function registerViewOverride(schemaName: string, views: ViewOverride): void {
  overrides.set(schemaName, { ...overrides.get(schemaName), ...views });
  for (const l of listeners) l();
}

export function getViewOverride(schemaName: string): ViewOverride | undefined {
  return overrides.get(schemaName);
}

/** Remove the overrides of a schema (tests). */
export function clearViewOverrides(schemaName?: string): void {
  if (schemaName) overrides.delete(schemaName);
  else overrides.clear();
  for (const l of listeners) l();
}

/** Called whenever the registry changes (lets `viewsFor` drop its cache). */
export function onOverridesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
