/**
 * Refine's router provider (`@refinedev/react-router`) with a cheaper `parse`.
 *
 * Every Refine hook that needs the current resource (`useResourceParams`, `useGo`, `useGetToPath`,
 * each Show/Edit/Delete button of every list row…) calls `parse`. The stock one matches the path
 * against all resources' routes (40 resources × 4 routes, with regexes) once per hook instance,
 * and hands out a new function on every render (its `params` object is rebuilt each time), so
 * `useParsed` re-runs `qs.parse` of the query string per hook per render. Profiled on a list of 25
 * rows that was ~0.3–0.4 s of main-thread work on a desktop.
 *
 * This `parse` returns the same values, with one route match per (resources, path) for the whole
 * app and a function that only changes when the path, the query string or the route parameters do.
 */
import { useCallback, useContext, useMemo } from 'react';
import { matchPath, useLocation, useParams } from 'react-router';
import { matchResourceFromRoute, QS_PARSE_DEPTH, ResourceContext, type IResourceItem, type RouterProvider } from '@refinedev/core';
import baseRouterProvider from '@refinedev/react-router';
import qs from 'qs';
import { VIEW_PARAM } from '../../../resources/saved-views';

type Match = ReturnType<typeof matchResourceFromRoute>;
const MAX_PATHS = 100;
const matches = new WeakMap<IResourceItem[], Map<string, Match>>();

/** `matchResourceFromRoute`, remembered per resources array and path. */
export function matchResourceCached(pathname: string, resources: IResourceItem[]): Match {
  let byPath = matches.get(resources);
  if (!byPath) matches.set(resources, (byPath = new Map()));
  let m = byPath.get(pathname);
  if (!m) {
    if (byPath.size >= MAX_PATHS) byPath.clear();
    m = matchResourceFromRoute(pathname, resources);
    byPath.set(pathname, m);
  }
  return m;
}

// As in @refinedev/react-router.
function convertToNumberIfPossible(value: unknown) {
  if (typeof value === 'undefined') return value;
  const num = Number(value);
  if (`${num}` === value) return num;
  return value;
}

function useParse() {
  let params: Record<string, string | undefined> = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = matchResourceCached(pathname, resources);
  if (Object.entries(params).length === 0 && matchedRoute) params = matchPath(matchedRoute, pathname)?.params || {};
  // The route parameters by value: React Router and matchPath build a new object per render.
  const paramsKey = JSON.stringify(params);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableParams = useMemo(() => params, [paramsKey]);
  return useCallback(() => {
    const parsedSearch = qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH });
    const combinedParams: Record<string, unknown> = { ...stableParams, ...parsedSearch };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(stableParams?.id && { id: decodeURIComponent(stableParams.id) }),
      pathname,
      params: {
        ...combinedParams,
        currentPage: convertToNumberIfPossible(combinedParams.currentPage),
        pageSize: convertToNumberIfPossible(combinedParams.pageSize),
        to: combinedParams.to ? decodeURIComponent(combinedParams.to as string) : undefined,
      },
    };
  }, [pathname, search, stableParams, resource, action]);
}

/**
 * `go` that drops the list's one-shot `visao` parameter (a saved view's menu entry, applied once by
 * the list when it opens) from every navigation that keeps the query: the list's own URL sync
 * writes the view's filters instead, so a reload keeps what the person sees now.
 */
function useGo(): ReturnType<NonNullable<RouterProvider['go']>> {
  const go = baseRouterProvider.go!();
  return useCallback(
    (config: Parameters<typeof go>[0]) => go(config.options?.keepQuery ? { ...config, query: { ...config.query, [VIEW_PARAM]: undefined } } : config),
    [go],
  );
}

export const routerProvider: RouterProvider = { ...baseRouterProvider, go: useGo, parse: useParse as RouterProvider['parse'] };
