/**
 * A route's permanent list filters (its `entity.filters`: the site of a site route, an SGI area…)
 * as Refine filters, values taken from the route params and the query string. Used by the entity
 * page's list and by the menu's saved views, whose counts must narrow the list alike.
 */
import type { CrudFilter } from '@refinedev/core';
import { resolveValue } from '../../../resources/routes';

export type RouteParams = Record<string, string | undefined>;

/** Route `filters` as Refine filters; a filter without a value is dropped. */
export function permanentFilters(filters: Record<string, string> | undefined, params: RouteParams, search: string): CrudFilter[] {
  return Object.entries(filters ?? {}).flatMap(([field, ref]) => {
    const value = resolveValue(ref, params, search);
    return value === undefined ? [] : [{ field, operator: 'eq' as const, value }];
  });
}
