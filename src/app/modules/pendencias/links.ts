/** Where an inbox action opens: a step's dialog on the record page (`?acao=`), or the record's edit form. */
import { ROUTED, entityPaths, fillPath, patternKey } from '../../../../resources/routes';
import { schemaByResource } from '../../../../schemas/index';
import { showPath } from '../../workflow/links';
import type { Pendencia, PendenciaAction } from '../../workflow/types';

/** Path of the edit form of record `id` of `resource`, or undefined when the route table has none. */
export function editPath(resource: string, id: string | number): string | undefined {
  const schema = schemaByResource(resource);
  if (!schema) return undefined;
  const pattern = patternKey(entityPaths(schema).edit);
  const route = ROUTED.find(
    (r) => patternKey(r.path) === pattern && r.entity?.name === schema.name && r.entity.view === 'edit' && (r.entity.record?.field ?? 'id') === 'id',
  );
  const param = route?.entity?.record?.param;
  return route && param ? fillPath(route.path, { [param]: String(id) }) : undefined;
}

/** The screen that does the action: the step's dialog opened at once on the record page, or the edit form. */
export function actionPath(item: Pick<Pendencia, 'resource' | 'id'>, action: PendenciaAction): string | undefined {
  if (action.kind === 'edit') return editPath(item.resource, item.id) ?? showPath(item.resource, item.id);
  const show = showPath(item.resource, item.id);
  return show ? `${show}?acao=${encodeURIComponent(action.name)}` : undefined;
}
