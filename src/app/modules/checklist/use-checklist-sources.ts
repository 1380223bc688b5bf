/** The work orders of the site and the active checklist templates valid for it, for the checklist fill page. */
import { useMemo } from 'react';
import { useList } from '@refinedev/core';
import { templatesQuery, workOrdersQuery } from './checklist-source-queries';
import type { EntitySchema } from '../../../../schemas/kinds';
import type { Template, WorkOrder } from './checklist-fill-model';

export function useChecklistSources({
  osSchema,
  templateSchema,
  obra,
  osId,
  canFill,
}: {
  osSchema: EntitySchema;
  templateSchema: EntitySchema;
  obra: string;
  osId: number | undefined;
  canFill: boolean;
}) {
  const orders = useList<WorkOrder>({
    ...workOrdersQuery(osSchema, obra),
    errorNotification: false,
    queryOptions: { enabled: canFill },
  });
  const templates = useList<Template>({
    ...templatesQuery(templateSchema),
    errorNotification: false,
    queryOptions: { enabled: canFill },
  });
  const osList = (orders.result?.data ?? []) as WorkOrder[];
  const order = osList.find((o) => o.id === osId);
  // Templates of every site or of this one; those of the work order's type of service first.
  const templateList = useMemo(() => {
    const valid = ((templates.result?.data ?? []) as Template[]).filter((t) => !t.obra || t.obra === obra);
    const fits = (t: Template) => (order?.tipoServico && t.tipoServico === order.tipoServico ? 0 : 1);
    return [...valid].sort((a, b) => fits(a) - fits(b));
  }, [templates.result?.data, obra, order?.tipoServico]);
  return { orders, templates, osList, order, templateList };
}
