/**
 * The reads the checklist fill makes for a site — its work orders and the active templates — one
 * declaration for the page and for the device's site data (issue 26), so both ask the same addresses.
 */
import type { GetListParams } from '@refinedev/core';
import type { EntitySchema } from '../../../../schemas/kinds';

export function workOrdersQuery(osSchema: EntitySchema, obra: string): GetListParams {
  return {
    resource: osSchema.resource,
    filters: [{ field: osSchema.obraField ?? 'obra', operator: 'eq', value: obra }],
    sorters: [{ field: 'numero', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 500 },
  };
}

export function templatesQuery(templateSchema: EntitySchema): GetListParams {
  return {
    resource: templateSchema.resource,
    filters: [{ field: 'ativo', operator: 'eq', value: true }],
    sorters: [{ field: 'nome', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 500 },
  };
}

export const checklistSourceQueries = (osSchema: EntitySchema, templateSchema: EntitySchema, obra: string): GetListParams[] => [
  workOrdersQuery(osSchema, obra),
  templatesQuery(templateSchema),
];
