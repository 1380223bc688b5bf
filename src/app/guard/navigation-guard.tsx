/**
 * The navigation guard as a React layout route: decides with `decide()` (guard-rules.ts) and
 * renders the children, a spinner while waiting, or a redirect. It also remembers the last
 * route (rule 5) and publishes the current route, its params and its site to the layouts.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../ui/loading';
import { useIsAuthenticated } from '@refinedev/core';
import type { AppRoute } from '../../../resources/routes/types';
import { APP_ROUTES } from '../../../resources/routes';
import { useAbilitySession } from '../access/ability-context';
import {
  decide,
  matchAppRoute,
  obraOf,
  rememberRoute,
  type AbilityState,
  type AuthState,
  type ObraCheckState,
  type RouteMatch,
  type RouteParams,
} from './guard-rules';
import { createObraCheck, type CheckObra, type ObraCheckResult } from './obra-check';
import type { ActiveMaintenance } from '../../../resources/maintenance';
import { useMaintenance } from './maintenance-state';

export interface CurrentRoute {
  route: AppRoute;
  params: RouteParams;
  /** The site of the route (`:obra` or `?obra=`), and its record once checked. */
  obra?: string;
  obraRecord?: Record<string, unknown>;
}

const CurrentRouteContext = createContext<CurrentRoute | null>(null);

/** The route the guard let through (null outside the guard). */
export function useCurrentRoute(): CurrentRoute | null {
  return useContext(CurrentRouteContext);
}

export function CurrentRouteProvider({ value, children }: { value: CurrentRoute | null; children: ReactNode }) {
  return <CurrentRouteContext.Provider value={value}>{children}</CurrentRouteContext.Provider>;
}

export interface NavigationGuardProps {
  auth: AuthState;
  ability: AbilityState;
  checkObra: CheckObra;
  routes?: readonly AppRoute[];
  /** Where the last route is remembered (localStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Reads the person's rules again (after a network failure). */
  reloadAbility?: () => void;
  /** What administrators put in maintenance (rule 1; issue 40). */
  maintenance?: readonly ActiveMaintenance[];
  children: ReactNode;
}

// antd's Result (with its illustrations) only when the check failed offline, not on every page.
const OfflineCheck = lazy(() => import('./offline-check').then((m) => ({ default: m.OfflineCheck })));

function FullPageSpin() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh' }}>
      <Loading size="large" />
    </div>
  );
}

/** The guard with its inputs given (tests use it directly). */
export function NavigationGuard({ auth, ability, checkObra, routes = APP_ROUTES, storage, reloadAbility, maintenance, children }: NavigationGuardProps) {
  const location = useLocation();
  const match: RouteMatch | null = useMemo(() => matchAppRoute(location.pathname, routes), [location.pathname, routes]);
  const obra = match ? obraOf(match, location.search) : undefined;

  // Rule 4: check the site once per (site, ability) and keep the answer while navigating inside it.
  const [obraResult, setObraResult] = useState<{ obra: string; result: ObraCheckResult } | null>(null);
  const abilityKey = ability.status === 'ready' ? ability.ability : null;
  const checkedFor = useRef<{ obra: string; ability: unknown; attempt: number } | null>(null);
  const abilityReady = ability.status === 'ready' && auth === 'authenticated';
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!obra || !abilityReady) return;
    const c = checkedFor.current;
    if (c && c.obra === obra && c.ability === abilityKey && c.attempt === attempt) return;
    checkedFor.current = { obra, ability: abilityKey, attempt };
    let cancelled = false;
    setObraResult(null);
    checkObra(obra).then(
      (result) => !cancelled && setObraResult({ obra, result }),
      () => !cancelled && setObraResult({ obra, result: { state: 'error' } }),
    );
    return () => {
      cancelled = true;
      checkedFor.current = null;
    };
  }, [obra, abilityReady, abilityKey, checkObra, attempt]);
  const retry = useCallback(() => {
    if (ability.status === 'offline') reloadAbility?.();
    else setAttempt((n) => n + 1);
  }, [ability.status, reloadAbility]);

  const obraCheck: ObraCheckState | undefined = obra === undefined ? undefined : obraResult && obraResult.obra === obra ? obraResult.result.state : 'checking';

  // A maintenance that starts while someone is in a form applies at their next navigation: the form
  // stays (its save is refused with the message), nothing typed is lost. Elsewhere it applies at once.
  const editing = match?.route.entity?.view === 'create' || match?.route.entity?.view === 'edit' || match?.route.screen === 'checklistPreencher';
  const applied = useRef({ path: location.pathname, value: maintenance });
  if (applied.current.path !== location.pathname || !editing) applied.current = { path: location.pathname, value: maintenance };
  const decision = decide({ pathname: location.pathname, search: location.search, match, auth, ability, obraCheck, maintenance: applied.current.value });
  const fullPath = location.pathname + location.search;

  useEffect(() => {
    if (decision.type === 'allow') rememberRoute(fullPath, storage ?? window.localStorage);
  }, [decision.type, fullPath, storage]);

  const current = useMemo<CurrentRoute | null>(
    () =>
      match
        ? { route: match.route, params: match.params, obra, obraRecord: obraResult && obraResult.obra === obra ? obraResult.result.record : undefined }
        : null,
    [match, obra, obraResult],
  );

  if (decision.type === 'wait') return <FullPageSpin />;
  if (decision.type === 'offline')
    return (
      <Suspense fallback={<FullPageSpin />}>
        <OfflineCheck onRetry={retry} />
      </Suspense>
    );
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return <CurrentRouteProvider value={current}>{children}</CurrentRouteProvider>;
}

const defaultCheckObra = createObraCheck();

/** The guard wired to Refine's authProvider and the loaded ability. */
export function RefineNavigationGuard({ children, checkObra = defaultCheckObra }: { children: ReactNode; checkObra?: CheckObra }) {
  const { data, isLoading, isFetching, isError } = useIsAuthenticated();
  const session = useAbilitySession();
  const maintenance = useMaintenance(useLocation().pathname);
  // Right after a sign-in the cached answer is still the signed-out one while it is re-checked:
  // wait for the check instead of sending the user back to /login.
  const stale = isFetching && !data?.authenticated;
  const auth: AuthState = isLoading || stale ? 'checking' : data?.authenticated && !isError ? 'authenticated' : 'anonymous';
  const ability: AbilityState =
    session.status === 'ready'
      ? { status: 'ready', ability: session.ability }
      : session.status === 'error'
        ? { status: session.offline ? 'offline' : 'error' }
        : { status: 'loading' };
  return (
    <NavigationGuard auth={auth} ability={ability} checkObra={checkObra} reloadAbility={session.reload} maintenance={maintenance}>
      {children}
    </NavigationGuard>
  );
}
