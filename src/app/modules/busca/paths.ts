/** Where a search result opens (its entity's show route) and the full results page. */
import { schemaByResource } from '../../../../schemas';
import { entityPaths } from '../../../../resources/routes';

export const SEARCH_PAGE = '/busca';

export function recordPath(recurso: string, id: number): string | undefined {
  const schema = schemaByResource(recurso);
  return schema ? entityPaths(schema).show.replace(':id', String(id)) : undefined;
}

export function searchPagePath(q: string, modulo?: string): string {
  const params = new URLSearchParams({ q });
  if (modulo) params.set('modulo', modulo);
  return `${SEARCH_PAGE}?${params}`;
}
