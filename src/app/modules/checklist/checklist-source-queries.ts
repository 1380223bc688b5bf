/**
 * The reads the checklist fill makes for a site — its open work orders and the active templates —
 * one declaration for the page and for the device's site data (issue 26), so both ask the same
 * addresses (and the device keeps no concluded or cancelled order).
 */
import type { CrudFilter, GetListParams } from '@refinedev/core';
import type { EntitySchema } from '../../../../schemas/kinds';

/** Only the orders still open: the states of the schema's workflow that are not final. */
export function openWorkOrdersFilter(osSchema: EntitySchema): CrudFilter[] {
  const wf = osSchema.workflow;
  if (!wf) return [];
  const open = wf.states.filter((s) => !s.final).map((s) => s.value);
  return [{ field: wf.field, operator: 'in', value: open }];
}

export function workOrdersQuery(osSchema: EntitySchema, obra: string): GetListParams {
  return {
    resource: osSchema.resource,
    filters: [{ field: osSchema.obraField ?? 'obra', operator: 'eq', value: obra }, ...openWorkOrdersFilter(osSchema)],
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
