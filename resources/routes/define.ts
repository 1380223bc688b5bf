/**
 * Helpers to write the route table tersely. Defaults:
 * - `breadcrumb` = title; `manutencao` false; `spec` true;
 * - `obraObrigatoria` = the path has an `:obra` param (set it explicitly for `?obra=` routes);
 * - `menu` = true unless the path has a param other than `:obra`, the route is public,
 *   redirects, or is `notBuilt`;
 * - an entity route on a site (`:obra` or `obraObrigatoria`) filters lists and prefills
 *   creates with the site, through the schema's `obraField`.
 */
import type { Action, Subject } from '../../src/access/subjects';
import { schemaByName } from '../../schemas';
import type { AccessCheck, AppRoute, LayoutKind, RouteAccess, RouteEntity } from './types';

/** Decision 24: a rule naming only a subject is checked with `read`. */
export function can(subject: Subject, action: Action = 'read', ...or: AccessCheck[]): RouteAccess {
  return or.length ? { subject, action, or } : { subject, action };
}

export function check(subject: Subject, action: Action = 'read'): AccessCheck {
  return { subject, action };
}

/**
 * Staff only: every staff member reads the business calendar and no external user does
 * (docs/access.md decision 3, src/access/rules/everyone.ts), so this check keeps a route to staff.
 */
export const STAFF_ONLY: AccessCheck = { subject: 'Calendario', action: 'read' };

/** `access` and, in addition, every one of `checks`. */
export function alsoCan(access: RouteAccess, ...checks: AccessCheck[]): RouteAccess {
  return { ...access, also: [...(access.also ?? []), ...checks] };
}

export type RouteInput = Partial<Omit<AppRoute, 'path' | 'title' | 'layout' | 'id'>> & { id?: string };

function paramsOf(path: string): string[] {
  return [...path.matchAll(/:(\w+)\??/g)].map((m) => m[1]);
}

export function routeId(layout: LayoutKind, path: string): string {
  return `${layout}:${path || '/'}`;
}

function withSite(entity: RouteEntity | undefined, obraRef: string): RouteEntity | undefined {
  if (!entity) return entity;
  const schema = schemaByName(entity.name);
  const field = schema?.obraField;
  if (!field) return entity;
  if (entity.view === 'list' && !entity.filters?.[field]) {
    return { ...entity, filters: { [field]: obraRef, ...entity.filters } };
  }
  if (entity.view === 'create' && !entity.prefill?.[field]) {
    return { ...entity, prefill: { [field]: obraRef, ...entity.prefill } };
  }
  return entity;
}

export function defineRoutes(layout: LayoutKind, group: string, icon: string) {
  return (path: string, title: string, input: RouteInput = {}): AppRoute => {
    const params = paramsOf(path);
    const hasObraParam = params.includes('obra');
    const obraObrigatoria = input.obraObrigatoria ?? hasObraParam;
    const defaultMenu = layout !== 'public' && !input.redirect && !input.notBuilt && params.every((p) => p === 'obra');
    const entity = obraObrigatoria ? withSite(input.entity, hasObraParam ? ':obra' : '?obra') : input.entity;
    const route: AppRoute = {
      id: input.id ?? routeId(layout, path),
      path,
      title,
      icon: input.icon ?? icon,
      breadcrumb: input.breadcrumb ?? title,
      group: input.group ?? group,
      menu: input.menu ?? defaultMenu,
      obraObrigatoria,
      manutencao: input.manutencao ?? false,
      layout,
      spec: input.spec ?? true,
    };
    if (input.access) route.access = input.access;
    if (entity) route.entity = entity;
    if (input.screen) route.screen = input.screen;
    if (input.dashboard) route.dashboard = input.dashboard;
    if (input.query) route.query = input.query;
    if (input.redirect !== undefined) route.redirect = input.redirect;
    if (input.notBuilt) {
      route.notBuilt = true;
      route.menu = false;
    }
    return route;
  };
}

export const list = (name: string, extra: Partial<RouteEntity> = {}): RouteEntity => ({ name, view: 'list', ...extra });
export const show = (name: string, param: string, field?: string): RouteEntity => ({
  name,
  view: 'show',
  record: field ? { param, field } : { param },
});
export const edit = (name: string, param: string, field?: string): RouteEntity => ({
  name,
  view: 'edit',
  record: field ? { param, field } : { param },
});
export const create = (name: string, prefill?: Record<string, string>): RouteEntity => (prefill ? { name, view: 'create', prefill } : { name, view: 'create' });
