/**
 * The first page a reference picker reads (no search typed), one declaration for the picker
 * (`useSelect`) and for the device's site data (issue 26): the same resource, filters, order and
 * page size give the same address, which the service worker's cache answers offline.
 */
import type { CrudFilter, CrudSort, GetListParams } from '@refinedev/core';
import type { FieldDef } from '../../../../schemas/kinds';
import { refFilterEntries } from '../../../../schemas/ref-filter';
import { refTarget } from '../options';

export const REFERENCE_PAGE_SIZE = 20;

export interface ReferenceOptionsQuery {
  resource: string;
  filters: CrudFilter[];
  sorters: CrudSort[] | undefined;
}

/** The picker's query for `field` (undefined when the target schema is unknown). */
export function referenceOptionsQuery(field: FieldDef): ReferenceOptionsQuery | undefined {
  const target = refTarget(field);
  if (!target) return undefined;
  return {
    resource: target.resource,
    // Only the records the reference accepts (e.g. companies of kind 'Fornecedor'); the API checks it too.
    filters: refFilterEntries(field).map(([f, values]) =>
      values.length === 1 ? { field: f, operator: 'eq' as const, value: values[0] } : { field: f, operator: 'in' as const, value: values },
    ),
    sorters: target.defaultSort ? [target.defaultSort] : undefined,
  };
}

/** The same first page as a data-provider `getList` (what `useSelect` asks before any search). */
export function referenceFirstPage(q: ReferenceOptionsQuery): GetListParams {
  return { resource: q.resource, filters: q.filters, sorters: q.sorters, pagination: { currentPage: 1, pageSize: REFERENCE_PAGE_SIZE, mode: 'server' } };
}
