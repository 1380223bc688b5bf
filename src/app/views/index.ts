/**
 * `viewsFor(schema)` → the list/show/create/edit components of a resource: its registered
 * overrides (see overrides.ts) or the generic views. The components take no props (the schema is
 * bound), keep a stable identity per schema, and read the record id from the route.
 */
import { createElement, type ComponentType } from 'react';
import type { EntitySchema } from '../../../schemas/kinds';
import { GenericCreate } from './generic-create';
import { GenericEdit } from './generic-edit';
import { GenericList } from './generic-list';
import { GenericShow } from './generic-show';
import { getViewOverride, onOverridesChange, type ViewComponent, type ViewKind } from './overrides';

export type SchemaViews = Record<ViewKind, ComponentType>;

const GENERIC: Record<ViewKind, ViewComponent> = {
  list: GenericList,
  show: GenericShow,
  create: GenericCreate,
  edit: GenericEdit,
};

const LABELS: Record<ViewKind, string> = { list: 'List', show: 'Show', create: 'Create', edit: 'Edit' };

const cache = new Map<EntitySchema, SchemaViews>();
onOverridesChange(() => cache.clear());

export function viewsFor(schema: EntitySchema): SchemaViews {
  const hit = cache.get(schema);
  if (hit) return hit;
  const override = getViewOverride(schema.name) ?? {};
  const bind = (kind: ViewKind): ComponentType => {
    const Component = override[kind] ?? GENERIC[kind];
    const Bound = () => createElement(Component, { schema });
    Bound.displayName = `${LABELS[kind]}(${schema.name})`;
    return Bound;
  };
  const views: SchemaViews = { list: bind('list'), show: bind('show'), create: bind('create'), edit: bind('edit') };
  cache.set(schema, views);
  return views;
}

export { GenericList } from './generic-list';
export { GenericShow } from './generic-show';
export { GenericForm, CONFLICT_MESSAGE } from './generic-form';
export { GenericCreate } from './generic-create';
export { GenericEdit } from './generic-edit';
export { registerViewOverride, getViewOverride, clearViewOverrides } from './overrides';
export type { ViewProps, ViewKind, ViewOverride, ViewComponent } from './overrides';
export { exportXlsx } from './export-xlsx';
