/**
 * The current user's ability in React: `AbilityContext`, `useAbility()`, `useAbilitySession()`.
 *
 * `AbilitySessionProvider` loads `/api/v1/me` once the user is authenticated and publishes the
 * ability to the context, to `abilityStore` (read by Refine's accessControlProvider) and to
 * `@casl/react`'s own provider (so its `<Can>` works as well).
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AbilityProvider as CaslAbilityProvider } from '@casl/react';
import type { AppAbility } from '../../access/ability';
import type { PortalUser } from '../../access/user';
import { abilityStore as defaultStore, emptyAbility, type AbilityStore } from './ability-store';
import { AbilityLoadError, loadAbility as defaultLoad, type LoadedAbility } from './load-ability';

export type AbilityStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface AbilitySession {
  status: AbilityStatus;
  ability: AppAbility;
  user: PortalUser | null;
  error?: unknown;
  /** The error is a network failure (no answer at all): the rules are unknown, not refused. */
  offline?: boolean;
  reload: () => void;
}

const EMPTY: AbilitySession = { status: 'idle', ability: emptyAbility(), user: null, reload: () => {} };

export const AbilityContext = createContext<AbilitySession>(EMPTY);

export function useAbilitySession(): AbilitySession {
  return useContext(AbilityContext);
}

/** The current ability (allows nothing until it is loaded). */
export function useAbility(): AppAbility {
  return useContext(AbilityContext).ability;
}

/** The signed-in user as a person field value ({ mail, nome }), e.g. for CURRENT_USER defaults. */
export function useCurrentPerson(): { mail: string; nome?: string } | undefined {
  const user = useCurrentUser();
  return user?.email ? { mail: user.email, ...(user.name ? { nome: user.name } : {}) } : undefined;
}

export function useCurrentUser(): PortalUser | null {
  return useContext(AbilityContext).user;
}

interface SessionProviderProps {
  /** Load only when the user is authenticated; when it turns false the ability is emptied. */
  enabled: boolean;
  load?: () => Promise<LoadedAbility>;
  store?: AbilityStore;
  /** Called after every change of ability (App uses it to invalidate Refine's access checks). */
  onChange?: (ability: AppAbility) => void;
  /** The API no longer accepts the session (401: signed out elsewhere, or the access was revoked). */
  onUnauthorized?: () => void;
  children: ReactNode;
}

export function AbilitySessionProvider({ enabled, load = defaultLoad, store = defaultStore, onChange, onUnauthorized, children }: SessionProviderProps) {
  const [state, setState] = useState<Omit<AbilitySession, 'reload'>>({ status: 'idle', ability: store.getAbility(), user: null });
  const [attempt, setAttempt] = useState(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onUnauthorizedRef = useRef(onUnauthorized);
  onUnauthorizedRef.current = onUnauthorized;
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!enabled) {
      store.reset();
      setState({ status: 'idle', ability: store.getAbility(), user: null });
      onChangeRef.current?.(store.getAbility());
      return;
    }
    let cancelled = false;
    setState((s) => ({ ...s, status: 'loading', error: undefined }));
    loadRef.current().then(
      ({ user, ability }) => {
        if (cancelled) return;
        store.set({ ability, user });
        // The signed-in screens (layout, menu, page) mount with this update: an interruptible render,
        // in slices, rather than one long task (issue 36: lists as the administrator).
        startTransition(() => setState({ status: 'ready', ability, user }));
        onChangeRef.current?.(ability);
      },
      (error: unknown) => {
        if (cancelled) return;
        store.reset();
        const offline = error instanceof AbilityLoadError && error.status === undefined;
        setState({ status: 'error', ability: store.getAbility(), user: null, error, offline });
        onChangeRef.current?.(store.getAbility());
        if (error instanceof AbilityLoadError && error.status === 401) onUnauthorizedRef.current?.();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, attempt, store]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const value = useMemo<AbilitySession>(() => ({ ...state, reload }), [state, reload]);
  return (
    <AbilityContext.Provider value={value}>
      <CaslAbilityProvider value={value.ability}>{children}</CaslAbilityProvider>
    </AbilityContext.Provider>
  );
}

/** A fixed ability (tests, storybook-like previews). */
export function StaticAbilityProvider({ ability, user = null, children }: { ability: AppAbility; user?: PortalUser | null; children: ReactNode }) {
  const value = useMemo<AbilitySession>(() => ({ status: 'ready', ability, user, reload: () => {} }), [ability, user]);
  return (
    <AbilityContext.Provider value={value}>
      <CaslAbilityProvider value={ability}>{children}</CaslAbilityProvider>
    </AbilityContext.Provider>
  );
}
