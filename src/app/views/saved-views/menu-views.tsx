/**
 * Saved views in the menu (issue 39): under a list's entry, each view the person sees of that list
 * (theirs, then the shared ones; the default starred), with its count, linking to the list with
 * `?visao=<id>` (the list applies that view once when it opens). One request for every list's
 * views (`GET /visoes/menu`); each count is the list's own request with the entry's permanent
 * filters and the view's, shared with the bar above the list (the same query key).
 */
import { useContext, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { Typography } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { useApiUrl, useDataProvider, type CrudFilter } from '@refinedev/core';
import { QueryClientContext, useQuery } from '@tanstack/react-query';
import { resolveEntity } from '../../../../resources/routes';
import type { AppRoute } from '../../../../resources/routes/types';
import { INBOX_LIST, menuDeVisoes, type SavedView } from '../../../../resources/saved-views';
import { callRoute } from '../../providers/api-client';
import { PENDENCIAS_RESOURCE } from '../../providers/pendencias-resource';
import { totalKindOf } from '../list-total';
import { permanentFilters } from '../route-filters';
import { countTexts } from './saved-views-bar';
import { MENU_VIEWS_KEY, savedViewsKey, type ViewCount } from './use-saved-views';

/** The list a menu entry opens, as the views and their counts need it. */
export interface MenuViewTarget {
  lista: string;
  resource: string;
  /** The entry's permanent filters (its site…): every count narrows alike. */
  permanent: CrudFilter[];
  /** The count's cache scope, as the bar above that list names it. */
  scope: string;
}

/** The list behind a menu entry (its link filled for the site), or undefined for other screens. */
export function menuViewTarget(route: AppRoute, to: string, obra?: string): MenuViewTarget | undefined {
  if (route.screen === 'pendencias') return { lista: INBOX_LIST, resource: PENDENCIAS_RESOURCE, permanent: [], scope: '' };
  if (route.screen || !route.entity) return undefined;
  const params = { obra };
  const resolved = resolveEntity(route.entity, params);
  if (!resolved || resolved.view !== 'list') return undefined;
  const search = to.includes('?') ? to.slice(to.indexOf('?')) : '';
  const permanent = permanentFilters(resolved.filters, params, search);
  return { lista: resolved.schema.resource, resource: resolved.schema.resource, permanent, scope: JSON.stringify(permanent) };
}

export type MenuViews = Map<string, { padrao: number | null; visoes: SavedView[] }>;

/** Every list's views the person sees (none while loading or when refused). */
function useMenuViews(enabled: boolean): MenuViews | undefined {
  const apiUrl = useApiUrl();
  const { data } = useQuery({
    queryKey: MENU_VIEWS_KEY,
    queryFn: ({ signal }) => callRoute(menuDeVisoes, { apiUrl, signal }),
    staleTime: 60_000,
    retry: false,
    enabled,
  });
  return useMemo(() => (data ? new Map(data.listas.map((l) => [l.lista, { padrao: l.padrao, visoes: l.visoes }])) : undefined), [data]);
}

/**
 * Loads the views for the menu and hands them up; renders nothing. A component of its own so that
 * the layout draws without Refine's data context (light layout tests, as the pending-items bell).
 */
export function MenuViewsSource({ enabled, onViews }: { enabled: boolean; onViews: (views: MenuViews | undefined) => void }) {
  const views = useMenuViews(enabled);
  useEffect(() => onViews(views), [views, onViews]);
  return null;
}

/** Whether the layout runs inside the app's data layer (React Query's client is there). */
export const useHasDataLayer = () => useContext(QueryClientContext) !== undefined;

/** The list's address opening one view. */
export const viewLink = (to: string, id: number) => `${to}${to.includes('?') ? '&' : '?'}visao=${id}`;

function useViewCount(target: MenuViewTarget, view: SavedView): ViewCount | null | undefined {
  const getDataProvider = useDataProvider();
  const q = useQuery({
    queryKey: [...savedViewsKey(target.lista), 'contagem', target.scope, view.id, view.version],
    queryFn: async () => {
      const r = await getDataProvider().getList({
        resource: target.resource,
        filters: [...target.permanent, ...(view.estado.filtros as CrudFilter[])],
        pagination: { currentPage: 1, pageSize: 0, mode: 'server' },
      });
      return { total: r.total, kind: totalKindOf(r) };
    },
    staleTime: 30_000,
    retry: false,
  });
  return q.data ?? (q.isError ? null : undefined);
}

/** A view's menu entry: its name (starred when it is the default) and its count. */
export function MenuViewLabel({
  target,
  view,
  to,
  isDefault,
  onNavigate,
}: {
  target: MenuViewTarget;
  view: SavedView;
  to: string;
  isDefault: boolean;
  onNavigate: () => void;
}) {
  const texts = countTexts(useViewCount(target, view));
  return (
    <Link to={viewLink(to, view.id)} onClick={onNavigate} data-visao={view.id}>
      {isDefault ? <StarFilled aria-label="padrão" style={{ color: '#faad14', marginInlineEnd: 4 }} /> : null}
      <span>{view.nome}</span>
      <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }} aria-label={texts.spoken}>
        {texts.shown}
      </Typography.Text>
    </Link>
  );
}
