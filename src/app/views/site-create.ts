/**
 * "Novo" on a site's list (`/obras/101/itens-verificacao`, `/101/diarios`…): the create form opens
 * with that site (`<create path>?obra=101`, read by the generated create route's `?obra` prefill,
 * resources/routes.ts) instead of an empty site field.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { CrudFilter } from '@refinedev/core';
import type { EntitySchema } from '../../../schemas/kinds';
import { entityPaths } from '../../../resources/routes';

/** The site a list is fixed to by its route, if any. */
export function siteOfList(schema: EntitySchema, permanent: readonly CrudFilter[] | undefined): string | undefined {
  const f = permanent?.find((x) => 'field' in x && x.field === schema.obraField && x.operator === 'eq');
  return f && f.value !== undefined && f.value !== null && f.value !== '' ? String(f.value) : undefined;
}

/** The create button's click on a site's list; undefined elsewhere (Refine's own link then). */
export function useSiteCreateClick(schema: EntitySchema, permanent: readonly CrudFilter[] | undefined): (() => void) | undefined {
  const navigate = useNavigate();
  const site = siteOfList(schema, permanent);
  const onClick = useCallback(() => {
    if (site) navigate(`${entityPaths(schema).create}?obra=${encodeURIComponent(site)}`);
  }, [navigate, schema, site]);
  return site ? onClick : undefined;
}
