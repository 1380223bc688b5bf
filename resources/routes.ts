/**
 * The route table of docs/specification.md §2, as data: every route with its title, icon, breadcrumb, menu
 * group and flag, access rule (docs/access.md decision 24), site flag, maintenance flag, layout
 * and what it opens (a generated entity view or a named screen).
 *
 * `SPEC_ROUTES` are the routes of the specification. `ENTITY_ROUTES` add the CRUD routes an
 * entity needs and the spec does not name (show / edit / create pages reached from a list,
 * and lists of entities the spec names without a route); `APP_ROUTES` is both.
 */
import { SCHEMAS, schemaByName } from '../schemas';
import type { EntitySchema } from '../schemas/kinds';
import { toCaslAction } from '../src/access/refine-actions';
import type { Action } from '../src/access/subjects';
import { defineRoutes, routeId } from './routes/define';
import { PUBLIC_ROUTES } from './routes/public';
import { OPEN_ROUTES } from './routes/open';
import { SITE_ROUTES } from './routes/site';
import { DEVICE_ROUTES, GENERAL_ROUTES } from './routes/general';
import { FIELD_ROUTES } from './routes/field';
import { RDO_ROUTES } from './routes/rdo';
import { POSVENDA_ROUTES } from './routes/posvenda';
import { FACTORY_ROUTES } from './routes/factory';
import { CONTRACT_ROUTES } from './routes/contracts';
import { CRE_ROUTES } from './routes/cre';
import { SGI_ROUTES } from './routes/sgi';
import { LEGAL_ROUTES, PRODUCT_ROUTES } from './routes/products';
import type { AppRoute, LayoutKind, RouteEntity, ViewKind } from './routes/types';

export type * from './routes/types';

export const SPEC_ROUTES: AppRoute[] = [
  ...PUBLIC_ROUTES,
  ...OPEN_ROUTES,
  ...SITE_ROUTES,
  ...GENERAL_ROUTES,
  ...FIELD_ROUTES,
  ...RDO_ROUTES,
  ...POSVENDA_ROUTES,
  ...FACTORY_ROUTES,
  ...CONTRACT_ROUTES,
  ...CRE_ROUTES,
  ...SGI_ROUTES,
  ...PRODUCT_ROUTES,
  ...LEGAL_ROUTES,
  ...DEVICE_ROUTES,
];

/** Canonical paths of an entity's four views (Refine resource paths use `:id`). */
export interface EntityPaths {
  list: string;
  show: string;
  create: string;
  edit: string;
}

/**
 * Paths whose base differs from `/<resource>` because a spec route already is the view, or
 * because `/<resource>/:id` would collide with a spec route (`/obras/:obra`, `/usuarios/:user?`).
 */
const PATH_OVERRIDES: Record<string, Partial<EntityPaths>> = {
  obra: { list: '/todas-obras', show: '/todas-obras/:id', edit: '/todas-obras/:id/editar', create: '/obra' },
  diario: { list: '/diarios', show: '/diarios/:id', edit: '/diarios/:id/editar', create: '/diarios/novo' },
  posvenda: { list: '/posvendas', show: '/posvendas/:id' },
  fabricacao: { list: '/fabricacao', create: '/fabricacao/nova' },
  projetoFabrica: { list: '/projetos-fabrica' },
  projeto: { list: '/cre' },
  // Records under the list the specification names; `/contratos/…` (the resource's spelling) redirects.
  contrato: { list: '/contrato', show: '/contrato/:id', create: '/contrato/novo', edit: '/contrato/:id/editar' },
  materialTemplate: { list: '/materiais/template' },
  ticketSgi: { list: '/sgi' },
  planoAcao: { list: '/sgi/acoes', create: '/sgi/plano-acao' },
  produto: { list: '/produto' },
  taf: { list: '/produto/taf' },
  diretorio: { list: '/biblioteca' },
  usuario: { list: '/admin/usuarios', show: '/admin/usuarios/:id', edit: '/admin/usuarios/:id/editar', create: '/admin/usuarios/novo' },
};

export function entityPaths(schema: EntitySchema): EntityPaths {
  const base = `/${schema.resource}`;
  return {
    list: base,
    show: `${base}/:id`,
    create: `${base}/novo`,
    edit: `${base}/:id/editar`,
    ...PATH_OVERRIDES[schema.name],
  };
}

/** Entities that get no menu entry of their own (shown from their parent record). */
const NO_MENU = new Set(['ticketInteracao']);
/**
 * Entities the spec names only through site routes whose general list still belongs in the menu
 * (legal cases: a partner law firm has no site, its start is the list of its cases, decision 29; punch items:
 * a supplier has no site either, and closes its company's items from that list, decision 38).
 */
const FORCE_MENU = new Set(['usuario', 'processoJuridico', 'itemVerificacao']);

const VIEW_TITLES: Record<ViewKind, (s: EntitySchema) => string> = {
  list: (s) => s.labelPlural,
  show: (s) => s.label,
  create: (s) =>
    `${s.gender === 'f' ? 'Nova' : 'Novo'} ${s.label.charAt(1) === s.label.charAt(1).toUpperCase() ? s.label : s.label.charAt(0).toLowerCase() + s.label.slice(1)}`,
  edit: (s) => `Editar ${s.label.charAt(1) === s.label.charAt(1).toUpperCase() ? s.label : s.label.charAt(0).toLowerCase() + s.label.slice(1)}`,
};

const VIEW_ICONS: Record<ViewKind, string | undefined> = { list: undefined, show: 'EyeOutlined', create: 'PlusOutlined', edit: 'EditOutlined' };

/** Normalised pattern for collision checks (`/a/:x` and `/a/:y` are the same route). */
export function patternKey(path: string): string {
  return (path || '/').replace(/:\w+\??/g, ':');
}

function buildEntityRoutes(spec: AppRoute[]): AppRoute[] {
  // A route with an optional param (`/usuarios/:user?`) also takes the path without it.
  const taken = new Set(spec.flatMap((r) => [patternKey(r.path), patternKey(r.path.replace(/\/:\w+\?/g, ''))]));
  const namedBySpec = new Set(spec.flatMap((r) => (r.entity ? [r.entity.name, ...Object.values(r.entity.byParam?.cases ?? {}).map((c) => c.name ?? '')] : [])));
  const out: AppRoute[] = [];
  for (const schema of SCHEMAS) {
    const paths = entityPaths(schema);
    const group = schema.menu?.group ?? 'Outros';
    const icon = schema.menu?.icon ?? 'FileOutlined';
    const r = defineRoutes('general', group, icon);
    for (const view of ['list', 'show', 'create', 'edit'] as ViewKind[]) {
      const path = paths[view];
      if (taken.has(patternKey(path))) continue;
      taken.add(patternKey(path));
      const entity: RouteEntity =
        view === 'show' || view === 'edit'
          ? { name: schema.name, view, record: { param: 'id' } }
          : view === 'create' && schema.obraField
            ? // "Novo" on a site's list opens the form with its site (src/app/views/site-create.ts).
              { name: schema.name, view, prefill: { [schema.obraField]: '?obra' } }
            : { name: schema.name, view };
      const action = (view === 'list' && schema.menu?.action ? schema.menu.action : toCaslAction(schema.subject, view, schema.actions)) as Action;
      out.push(
        r(path, VIEW_TITLES[view](schema), {
          id: routeId('general', path),
          access: { subject: schema.subject, action },
          entity,
          icon: VIEW_ICONS[view] ?? icon,
          menu: view === 'list' && (FORCE_MENU.has(schema.name) || !namedBySpec.has(schema.name)) && !NO_MENU.has(schema.name),
          spec: false,
        }),
      );
    }
    // The resource's own spelling of a view the specification places elsewhere (`/contratos/1` for
    // `/contrato/1`, `/fabricacoes/1` for the list `/fabricacao`) leads there instead of to a 404.
    const action = (schema.menu?.action ?? toCaslAction(schema.subject, 'list', schema.actions)) as Action;
    for (const [from, to] of defaultSpellings(schema, paths)) {
      if (taken.has(patternKey(from))) continue;
      taken.add(patternKey(from));
      out.push(
        r(from, VIEW_TITLES.list(schema), {
          id: routeId('general', from),
          access: { subject: schema.subject, action },
          redirect: to,
          menu: false,
          spec: false,
        }),
      );
    }
  }
  return out;
}

/** `/contratos` for records at `/contratos/:id`; undefined when the show path is not `<base>/:id`. */
export function recordsBaseOf(paths: Pick<EntityPaths, 'show'>): string | undefined {
  const m = /^(\/[^:]+)\/:id$/.exec(paths.show);
  return m ? m[1] : undefined;
}

/**
 * [path, redirect] for the resource's default spelling of each view that lives elsewhere, and for the
 * records' base without an id (`/fabricacoes` → `/fabricacao`). A redirect keeps the path's params.
 */
export function defaultSpellings(schema: EntitySchema, paths: EntityPaths): [string, string][] {
  const base = `/${schema.resource}`;
  const defaults: EntityPaths = { list: base, show: `${base}/:id`, create: `${base}/novo`, edit: `${base}/:id/editar` };
  const out: [string, string][] = [];
  for (const view of ['edit', 'create', 'show', 'list'] as ViewKind[]) {
    if (defaults[view] !== paths[view]) out.push([defaults[view], paths[view]]);
  }
  const recordsBase = recordsBaseOf(paths);
  if (recordsBase && recordsBase !== paths.list) out.push([recordsBase, paths.list]);
  return out.filter(([from], i) => out.findIndex(([f]) => f === from) === i);
}

export const ENTITY_ROUTES: AppRoute[] = buildEntityRoutes(SPEC_ROUTES);

export const APP_ROUTES: AppRoute[] = [...SPEC_ROUTES, ...ENTITY_ROUTES];

/** Routes whose own screen is not built yet (declared, out of the menu and the router). */
export const NOT_BUILT_ROUTES: AppRoute[] = APP_ROUTES.filter((r) => r.notBuilt);

/** Routes the router renders. */
export const ROUTED: AppRoute[] = APP_ROUTES.filter((r) => !r.notBuilt);

export function routesOfLayout(layout: LayoutKind, routes: readonly AppRoute[] = ROUTED): AppRoute[] {
  return routes.filter((r) => r.layout === layout);
}

export function routeById(id: string): AppRoute | undefined {
  return APP_ROUTES.find((r) => r.id === id);
}

/** The schema an entity route opens for the given params (404 → undefined). */
export function resolveEntity(entity: RouteEntity, params: Record<string, string | undefined>): (RouteEntity & { schema: EntitySchema }) | undefined {
  let resolved: RouteEntity = entity;
  if (entity.byParam) {
    const value = params[entity.byParam.param];
    const match = value === undefined ? undefined : Object.entries(entity.byParam.cases).find(([k]) => k.toLowerCase() === value.toLowerCase());
    if (match) resolved = { ...entity, ...match[1] };
  }
  const schema = resolved.name ? schemaByName(resolved.name) : undefined;
  return schema ? { ...resolved, schema } : undefined;
}

/**
 * The value of a `ValueRef`: `':param'` from the route params, `'?name'` from the query,
 * else the literal.
 */
export function resolveValue(ref: string, params: Record<string, string | undefined>, search = ''): string | undefined {
  if (ref.startsWith(':')) return params[ref.slice(1)];
  if (ref.startsWith('?')) return new URLSearchParams(search).get(ref.slice(1)) ?? undefined;
  return ref;
}

/** Fills `:param` placeholders of a route path (optional params may stay empty). */
export function fillPath(path: string, params: Record<string, string | undefined>): string | undefined {
  let missing = false;
  const filled = path.replace(/\/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
    const v = params[name];
    if (v === undefined || v === '') {
      if (!optional) missing = true;
      return '';
    }
    return `/${encodeURIComponent(v)}`;
  });
  return missing ? undefined : filled || '/';
}
