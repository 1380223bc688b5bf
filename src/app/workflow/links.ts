/** Where a record of a resource opens: the generic show route of the route table. */
import { ROUTED, entityPaths, fillPath, patternKey } from '../../../resources/routes';
import { schemaByResource } from '../../../schemas/index';

/**
 * Path of the show page of record `id` of `resource` (e.g. `/contrato/12`, `/diarios/3`), or
 * undefined when the route table routes no show page by id at the entity's show path.
 */
export function showPath(resource: string, id: string | number): string | undefined {
  const schema = schemaByResource(resource);
  if (!schema) return undefined;
  const pattern = patternKey(entityPaths(schema).show);
  const route = ROUTED.find(
    (r) => patternKey(r.path) === pattern && r.entity?.name === schema.name && r.entity.view === 'show' && (r.entity.record?.field ?? 'id') === 'id',
  );
  const param = route?.entity?.record?.param;
  return route && param ? fillPath(route.path, { [param]: String(id) }) : undefined;
}
