/**
 * The menu of a layout (spec §2): its routes flagged for the menu that the current ability
 * allows, grouped by group title (in table order), with no empty group. Routes that need a
 * site get the current site in their link; routes with an `:obra` param need one.
 */
import { ROUTED, fillPath } from '../../../resources/routes';
import type { AppRoute, LayoutKind } from '../../../resources/routes/types';
import type { AppAbility } from '../../access/ability';
import { routeAllowed } from '../guard/guard-rules';

export interface MenuEntry {
  key: string;
  label: string;
  icon: string;
  to: string;
  route: AppRoute;
}

export interface MenuGroup {
  title: string;
  items: MenuEntry[];
}

/** The link of a route for the given site (undefined when it needs a site and has none). */
export function routeLink(route: AppRoute, obra?: string): string | undefined {
  const path = fillPath(route.path, { obra });
  if (path === undefined) return undefined;
  const query = new URLSearchParams(route.query ?? {});
  // Site-required routes without the param carry the site as `?obra=` (the page asks for one when absent).
  if (route.obraObrigatoria && !route.path.includes(':obra') && obra) query.set('obra', obra);
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

export function buildMenu(layout: LayoutKind, ability: AppAbility, obra?: string, routes: readonly AppRoute[] = ROUTED): MenuGroup[] {
  const groups = new Map<string, MenuEntry[]>();
  for (const route of routes) {
    if (route.layout !== layout || !route.menu || route.notBuilt) continue;
    if (!routeAllowed(ability, route.access)) continue;
    const to = routeLink(route, obra);
    if (!to) continue;
    const items = groups.get(route.group) ?? [];
    items.push({ key: route.id, label: route.title, icon: route.icon, to, route });
    groups.set(route.group, items);
  }
  return [...groups.entries()].filter(([, items]) => items.length > 0).map(([title, items]) => ({ title, items }));
}

/** Flat list of what a menu offers (tests, home cards). */
export function menuPaths(groups: MenuGroup[]): string[] {
  return groups.flatMap((g) => g.items.map((i) => i.to));
}
