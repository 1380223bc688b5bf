/**
 * The navigation guard of docs/specification.md §2, as pure functions (the React wrapper is `navigation-guard.tsx`).
 *
 * Rules, in order:
 * 1. a route flagged as in maintenance → /manutencao; so is a route of a module (or the whole portal)
 *    administrators put in maintenance (issue 40, resources/maintenance.ts) → /manutencao?escopo=…,
 *    except for administrators, who keep access to fix things (public routes never close);
 * 2. an unauthenticated user → /login?redirect=<intended destination>;
 * 3. a user who lacks the ability → /403; an error while checking access → /403;
 * 4. a route with an {obra} → the site must exist and be readable, else /ObraInacessivel;
 * 5. the last visited route is remembered (never /404, /403, /acessoFederado, /login) and
 *    is where the user returns after login;
 * 6. an unknown path → /404.
 */
import { matchRoutes } from 'react-router';
import type { AppAbility } from '../../access/ability';
import type { AccessCheck, AppRoute, RouteAccess } from '../../../resources/routes/types';
import { bypassesMaintenance, maintenancePath, routeMaintenance, type ActiveMaintenance } from '../../../resources/maintenance';

export const PATHS = {
  login: '/login',
  forbidden: '/403',
  notFound: '/404',
  obraInacessivel: '/ObraInacessivel',
  manutencao: '/manutencao',
  home: '/obras',
} as const;

/** localStorage key of the last visited route (rule 5). */
export const LAST_ROUTE_KEY = 'ultimaRota';
/** Routes never stored as the last route (rule 5). */
export const NOT_REMEMBERED = ['/404', '/403', '/acessoFederado', '/login'] as const;

export type RouteParams = Record<string, string | undefined>;

export interface RouteMatch {
  route: AppRoute;
  params: RouteParams;
}

/**
 * The route of the table that react-router would pick for `pathname` (same ranking:
 * static segments beat params). Routes flagged `notBuilt` are not part of the router.
 */
export function matchAppRoute(pathname: string, routes: readonly AppRoute[]): RouteMatch | null {
  const objects = routes.filter((r) => !r.notBuilt).map((r) => ({ path: r.path === '' ? '/' : r.path, id: r.id }));
  const matches = matchRoutes(objects, pathname);
  if (!matches || matches.length === 0) return null;
  const last = matches[matches.length - 1];
  const route = routes.find((r) => r.id === (last.route as { id: string }).id);
  return route ? { route, params: { ...last.params } } : null;
}

/** Rule 3 for one route: every check may throw; a throw means "no". */
export function routeAllowed(ability: AppAbility, access: RouteAccess | undefined): boolean {
  if (!access) return true;
  try {
    const checks = [{ subject: access.subject, action: access.action, every: access.every }, ...(access.or ?? [])];
    const passes = (c: AccessCheck) =>
      ability.can(c.action, c.subject) && (!c.every || ability.rulesFor(c.action, c.subject).some((r) => !r.inverted && !r.conditions));
    return checks.some(passes) && (access.also ?? []).every(passes);
  } catch {
    return false;
  }
}

/** The site a route works on: its `:obra` param, or `?obra=` for site-required routes without the param. */
export function obraOf(match: RouteMatch, search: string): string | undefined {
  const fromParam = match.params.obra;
  if (fromParam) return fromParam;
  if (match.route.obraObrigatoria) {
    const q = new URLSearchParams(search).get('obra');
    if (q) return q;
  }
  return undefined;
}

export type AuthState = 'checking' | 'authenticated' | 'anonymous';
/** 'offline': the rules could not be read because the network is unreachable (not a refusal). */
export type AbilityState = { status: 'loading' } | { status: 'error' } | { status: 'offline' } | { status: 'ready'; ability: AppAbility };
/** Result of the site check for the site the target route names (rule 4); 'unreachable': no network. */
export type ObraCheckState = 'checking' | 'ok' | 'inaccessible' | 'error' | 'unreachable';

export interface GuardInput {
  pathname: string;
  search: string;
  match: RouteMatch | null;
  auth: AuthState;
  ability: AbilityState;
  /** Only read when the route names a site. */
  obraCheck?: ObraCheckState;
  /** What administrators put in maintenance (GET /api/v1/manutencao); none when absent. */
  maintenance?: readonly ActiveMaintenance[];
}

export type GuardRule = 'maintenance' | 'auth' | 'ability' | 'obra' | 'unknown';

/** 'offline': access could not be checked without network; the page says so and tries again (never /403). */
export type GuardDecision = { type: 'allow' } | { type: 'wait' } | { type: 'offline' } | { type: 'redirect'; to: string; rule: GuardRule };

/** The guard's decision for a navigation. Public routes skip rules 2–4. */
export function decide(input: GuardInput): GuardDecision {
  const { match } = input;
  // 6. Unknown path (and a declared route whose screen does not exist yet).
  if (!match || match.route.notBuilt) return { type: 'redirect', to: PATHS.notFound, rule: 'unknown' };
  const { route } = match;
  // 1. Maintenance: the route's flag, then the switch of its module or of the whole portal.
  if (route.manutencao) return { type: 'redirect', to: PATHS.manutencao, rule: 'maintenance' };
  const closed = routeMaintenance(route, input.maintenance ?? []);
  if (closed) {
    const away = { type: 'redirect', to: maintenancePath(closed.escopo), rule: 'maintenance' } as const;
    if (input.auth === 'anonymous') return away;
    if (input.auth === 'checking' || input.ability.status === 'loading') return { type: 'wait' };
    if (input.ability.status !== 'ready' || !bypassesMaintenance(input.ability.ability)) return away;
  }
  if (route.layout === 'public') return { type: 'allow' };
  // 2. Authentication.
  if (input.auth === 'checking') return { type: 'wait' };
  if (input.auth === 'anonymous') {
    return { type: 'redirect', to: loginUrl(input.pathname + input.search), rule: 'auth' };
  }
  // 3. Ability (an error while checking also goes to /403).
  if (input.ability.status === 'loading') return { type: 'wait' };
  if (input.ability.status === 'offline') return { type: 'offline' };
  if (input.ability.status === 'error') return { type: 'redirect', to: PATHS.forbidden, rule: 'ability' };
  if (!routeAllowed(input.ability.ability, route.access)) {
    return { type: 'redirect', to: PATHS.forbidden, rule: 'ability' };
  }
  // 4. The site of the route.
  if (obraOf(match, input.search) !== undefined) {
    switch (input.obraCheck ?? 'checking') {
      case 'checking':
        return { type: 'wait' };
      case 'inaccessible':
        return { type: 'redirect', to: PATHS.obraInacessivel, rule: 'obra' };
      case 'error':
        return { type: 'redirect', to: PATHS.forbidden, rule: 'obra' };
      case 'unreachable':
        return { type: 'offline' };
      case 'ok':
        break;
    }
  }
  return { type: 'allow' };
}

/** /login with the intended destination in `redirect` (rule 2). */
export function loginUrl(intended: string): string {
  if (!intended || intended === '/' || isNotRemembered(intended)) return PATHS.login;
  return `${PATHS.login}?redirect=${encodeURIComponent(intended)}`;
}

function pathPart(fullPath: string): string {
  const end = fullPath.search(/[?#]/);
  return end === -1 ? fullPath : fullPath.slice(0, end);
}

function isNotRemembered(fullPath: string): boolean {
  const p = pathPart(fullPath).replace(/\/+$/, '') || '/';
  return (NOT_REMEMBERED as readonly string[]).some((x) => x.toLowerCase() === p.toLowerCase());
}

/** Rule 5: whether a visited path may be stored as the last route. */
export function shouldRemember(fullPath: string): boolean {
  return fullPath.startsWith('/') && !isNotRemembered(fullPath);
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** Rule 5: stores the visited path unless it is one of the never-stored routes. */
export function rememberRoute(fullPath: string, store: KeyValueStore = localStorage): void {
  if (!shouldRemember(fullPath)) return;
  try {
    store.setItem(LAST_ROUTE_KEY, fullPath);
  } catch {
    // storage full or blocked: nothing to remember
  }
}

export function lastRoute(store: Pick<Storage, 'getItem'> = localStorage): string | undefined {
  try {
    const value = store.getItem(LAST_ROUTE_KEY);
    return value && isSafeInternalPath(value) && shouldRemember(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Only same-origin absolute paths are followed (no `//host`, no scheme). */
export function isSafeInternalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * Rule 5: where to go after login: the `redirect` query when present and safe, else the
 * last visited route, else the home.
 */
export function postLoginTarget(search: string, store: Pick<Storage, 'getItem'> = localStorage): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (redirect && isSafeInternalPath(redirect) && shouldRemember(redirect)) return redirect;
  return lastRoute(store) ?? PATHS.home;
}
