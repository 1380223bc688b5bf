/**
 * Refine's `resources`, derived from the schemas: one per entity, named after
 * `schema.resource`, with the canonical list/show/create/edit paths of the route table
 * (so Refine's buttons navigate to routes that exist) and the metadata the access control
 * provider and the views read. The menu is built from the route table, so every resource
 * is hidden from Refine's own menu (`meta.hide`).
 */
import type { ResourceProps } from '@refinedev/core';
import { SCHEMAS } from '../schemas';
import type { EntitySchema } from '../schemas/kinds';
import { entityPaths } from './routes';

export interface PortalResourceMeta {
  label: string;
  parent?: string;
  /** antd icon name (the app swaps it for the component). */
  icon?: string;
  subject: EntitySchema['subject'];
  /** The Refine delete button is offered (the ability still decides per record). */
  canDelete: boolean;
  hide: boolean;
  schema: string;
}

export type PortalResource = ResourceProps & { name: string; list: string; show: string; create: string; edit: string; meta: PortalResourceMeta };

export function resourceFor(schema: EntitySchema): PortalResource {
  const paths = entityPaths(schema);
  return {
    name: schema.resource,
    list: paths.list,
    show: paths.show,
    create: paths.create,
    edit: paths.edit,
    meta: {
      label: schema.labelPlural,
      parent: schema.menu?.group,
      icon: schema.menu?.icon,
      subject: schema.subject,
      canDelete: true,
      hide: true,
      schema: schema.name,
    },
  };
}

export const REFINE_RESOURCES: PortalResource[] = SCHEMAS.map(resourceFor);
