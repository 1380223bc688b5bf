/**
 * The menu of a layout (docs/specification.md §2): its routes flagged for the menu that the current ability
 * allows, grouped by group title (in table order), with no empty group. Routes that need a
 * site get the current site in their link; routes with an `:obra` param need one.
 */
import { ROUTED, fillPath } from '../../../resources/routes';
import type { AppRoute, LayoutKind } from '../../../resources/routes/types';
import type { AppAbility } from '../../access/ability';
import { routeAllowed } from '../guard/guard-rules';
import { schemaByName } from '../../../schemas';

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

/** Field names a rule's conditions look at (first path segment, operators skipped). */
function conditionFields(conditions: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(conditions)) conditions.forEach((c) => conditionFields(c, out));
  else if (conditions && typeof conditions === 'object') {
    for (const [k, v] of Object.entries(conditions)) {
      if (k.startsWith('$')) conditionFields(v, out);
      else out.add(k.split('.')[0]);
    }
  }
  return out;
}

/**
 * Whether a rule could allow some record of the route's entity: a conditional rule that names
 * fields the entity does not have (an SGI author's "own records" rule on the supplier portal,
 * which shares the subject) matches none, so it does not bring the route into the menu.
 */
function entityReachable(ability: AppAbility, route: AppRoute): boolean {
  const entity = route.entity ? schemaByName(route.entity.name) : undefined;
  // With accessVia, the rules are checked on the parent record (a document's folder).
  const via = entity?.accessVia ? entity.fields.find((f) => f.name === entity.accessVia)?.ref : undefined;
  const schema = via ? schemaByName(via) : entity;
  if (!schema || !route.access) return true;
  const names = new Set(schema.fields.map((f) => f.name));
  const checks = [{ subject: route.access.subject, action: route.access.action }, ...(route.access.or ?? [])];
  return checks.some((c) =>
    ability
      .rulesFor(c.action as never, c.subject as never)
      .some((r) => !r.inverted && (!r.conditions || [...conditionFields(r.conditions)].every((f) => names.has(f)))),
  );
}

/**
 * Whether the user can choose a site for a site-required route: someone who reads no site at all
 * (a supplier, a partner law firm) would only meet an empty site chooser, so those routes stay out.
 */
export function canChooseSite(ability: AppAbility): boolean {
  try {
    return ability.can('read', 'Obra');
  } catch {
    return false;
  }
}

export function buildMenu(layout: LayoutKind, ability: AppAbility, obra?: string, routes: readonly AppRoute[] = ROUTED): MenuGroup[] {
  const groups = new Map<string, MenuEntry[]>();
  const sites = canChooseSite(ability);
  for (const route of routes) {
    if (route.layout !== layout || !route.menu || route.notBuilt) continue;
    if (route.obraObrigatoria && !sites) continue;
    if (!routeAllowed(ability, route.access) || !entityReachable(ability, route)) continue;
    const to = routeLink(route, obra);
    if (!to) continue;
    const items = groups.get(route.group) ?? [];
    items.push({ key: route.id, label: route.title, icon: route.icon, to, route });
    groups.set(route.group, items);
  }
  return [...groups.entries()].filter(([, items]) => items.length > 0).map(([title, items]) => ({ title, items }));
}

/**
 * The layouts whose routes make up a layout's menu. The open layout (home, "Minhas pendências", an
 * e-mail button's page) and the general layout are one portal to the person: both show the same
 * menu, the open entries first and then every module, so the menu does not shrink to "Geral" on the
 * home page. Site and factory layouts keep their own (their entries are about the chosen site).
 */
export const MENU_LAYOUTS: Record<Exclude<LayoutKind, 'public'>, readonly LayoutKind[]> = {
  open: ['open', 'general'],
  general: ['open', 'general'],
  site: ['site'],
  factory: ['factory'],
};

/** The menu a page of the layout shows: `buildMenu` over `MENU_LAYOUTS`, groups of one title merged. */
export function layoutMenu(layout: Exclude<LayoutKind, 'public'>, ability: AppAbility, obra?: string, routes: readonly AppRoute[] = ROUTED): MenuGroup[] {
  const groups = new Map<string, MenuEntry[]>();
  for (const part of MENU_LAYOUTS[layout]) {
    for (const g of buildMenu(part, ability, obra, routes)) groups.set(g.title, [...(groups.get(g.title) ?? []), ...g.items]);
  }
  return [...groups.entries()].map(([title, items]) => ({ title, items }));
}

/** Flat list of what a menu offers (tests, home cards). */
export function menuPaths(groups: MenuGroup[]): string[] {
  return groups.flatMap((g) => g.items.map((i) => i.to));
}
