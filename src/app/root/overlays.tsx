/**
 * Overlays and scroll lock (spec sections 2, 4 and 9).
 *
 * - `LoadingOverlay`: on the first load of a session (the tab's, or the current sign-in's:
 *   loading-seen.ts), visible for at least ~4 s (and until `ready`), then fades out over 500 ms and
 *   unmounts; on later loads of the same session (reload, back from the sign-in page, a new tab or an
 *   e-mail link while signed in) only until `ready`, without minimum or fade.
 * - `ActionOverlayProvider` + `useExecutandoAcao()`: `run(fn)` sets `executandoAcao` while
 *   `fn` runs; the action overlay shows for at least 1000 ms, then fades out over 500 ms.
 * - `useScrollLock(active)`: body overflow hidden while active (reference-counted).
 *   `ScrollLockProvider` locks while the sidebar is open (`setSidebarOpen`) or an action runs.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { ACTION_OVERLAY, LOADING_OVERLAY, OVERLAY_Z_INDEX, PRIMARY_COLOR, PRODUCT_NAME } from './constants';
import { loadingSeen, markLoadingSeen } from './loading-seen';

export type OverlayPhase = 'visible' | 'fading' | 'hidden';

// ---------------------------------------------------------------------------------------
// Loading overlay

export interface LoadingOverlayProps {
  /** The app is ready (e.g. session checked); the overlay leaves once this and the minimum hold. Default true. */
  ready?: boolean;
  /** Default 4000 ms. */
  minDuration?: number;
  /** Default 500 ms. */
  fadeDuration?: number;
  /** Called once the overlay is gone. */
  onHidden?: () => void;
  /** Keep the minimum only for the first load of the session (default true). */
  oncePerSession?: boolean;
}

export function LoadingOverlay({
  ready = true,
  minDuration: firstMinDuration = LOADING_OVERLAY.minDuration,
  fadeDuration: firstFadeDuration = LOADING_OVERLAY.fadeDuration,
  onHidden,
  oncePerSession = true,
}: LoadingOverlayProps) {
  const [repeat] = useState(() => oncePerSession && loadingSeen());
  const minDuration = repeat ? 0 : firstMinDuration;
  const fadeDuration = repeat ? 0 : firstFadeDuration;
  const [minElapsed, setMinElapsed] = useState(repeat);
  const [phase, setPhase] = useState<OverlayPhase>(repeat && ready ? 'hidden' : 'visible');
  const onHiddenRef = useRef(onHidden);
  onHiddenRef.current = onHidden;

  useEffect(() => {
    const t = setTimeout(() => setMinElapsed(true), minDuration);
    return () => clearTimeout(t);
  }, [minDuration]); // counts from mount (minDuration is not expected to change)

  useEffect(() => {
    if (phase === 'visible' && minElapsed && ready) setPhase('fading');
  }, [phase, minElapsed, ready]);

  useEffect(() => {
    if (phase !== 'fading') return;
    const t = setTimeout(() => {
      setPhase('hidden');
      markLoadingSeen();
      onHiddenRef.current?.();
    }, fadeDuration);
    return () => clearTimeout(t);
  }, [phase, fadeDuration]);

  if (phase === 'hidden') return null;
  return (
    <div
      data-testid="loading-overlay"
      data-phase={phase}
      role="status"
      aria-live="polite"
      aria-busy={phase === 'visible'}
      aria-label={`Carregando o ${PRODUCT_NAME}`}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: OVERLAY_Z_INDEX,
        background: '#fff',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 24,
        opacity: phase === 'visible' ? 1 : 0,
        transition: `opacity ${fadeDuration}ms ease`,
        pointerEvents: phase === 'visible' ? 'auto' : 'none',
      }}
    >
      <div style={{ color: PRIMARY_COLOR, fontSize: 40, fontWeight: 700, letterSpacing: 1 }}>{PRODUCT_NAME}</div>
      <Spin indicator={<LoadingOutlined spin style={{ fontSize: 48, color: PRIMARY_COLOR }} />} />
      <span style={{ color: 'rgba(0,0,0,0.55)' }}>Carregando…</span>
    </div>
  );
}

// ---------------------------------------------------------------------------------------
// Action overlay (executandoAcao)

export interface ExecutandoAcaoApi {
  /** True while at least one action runs. */
  executandoAcao: boolean;
  /** Phase of the action overlay (it outlives `executandoAcao` by its minimum and fade). */
  overlayPhase: OverlayPhase;
  /** Runs `fn` under the action overlay; resolves/rejects as `fn` does. */
  run<T>(fn: () => Promise<T> | T): Promise<T>;
}

const ActionOverlayContext = createContext<ExecutandoAcaoApi | null>(null);

const fallbackApi: ExecutandoAcaoApi = {
  executandoAcao: false,
  overlayPhase: 'hidden',
  run: async (fn) => fn(),
};

/** Outside `ActionOverlayProvider` the actions still run, without overlay. */
export function useExecutandoAcao(): ExecutandoAcaoApi {
  return useContext(ActionOverlayContext) ?? fallbackApi;
}

export interface ActionOverlayProviderProps {
  children?: ReactNode;
  /** Default 1000 ms. */
  minDuration?: number;
  /** Default 500 ms. */
  fadeDuration?: number;
}

export function ActionOverlayProvider({
  children,
  minDuration = ACTION_OVERLAY.minDuration,
  fadeDuration = ACTION_OVERLAY.fadeDuration,
}: ActionOverlayProviderProps) {
  const [executandoAcao, setExecutandoAcao] = useState(false);
  const [overlayPhase, setOverlayPhase] = useState<OverlayPhase>('hidden');
  const running = useRef(0);
  const shownAt = useRef(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clearTimers = () => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  };
  useEffect(() => clearTimers, []);

  const begin = useCallback(() => {
    running.current += 1;
    if (running.current !== 1) return;
    clearTimers();
    shownAt.current = Date.now();
    setExecutandoAcao(true);
    setOverlayPhase('visible');
  }, []);

  const end = useCallback(() => {
    running.current = Math.max(0, running.current - 1);
    if (running.current !== 0) return;
    setExecutandoAcao(false);
    const remaining = Math.max(0, minDuration - (Date.now() - shownAt.current));
    timers.current.push(
      setTimeout(() => {
        setOverlayPhase('fading');
        timers.current.push(setTimeout(() => setOverlayPhase('hidden'), fadeDuration));
      }, remaining),
    );
  }, [minDuration, fadeDuration]);

  const run = useCallback(
    async <T,>(fn: () => Promise<T> | T): Promise<T> => {
      begin();
      try {
        return await fn();
      } finally {
        end();
      }
    },
    [begin, end],
  );

  const api = useMemo<ExecutandoAcaoApi>(() => ({ executandoAcao, overlayPhase, run }), [executandoAcao, overlayPhase, run]);

  return (
    <ActionOverlayContext.Provider value={api}>
      {children}
      {overlayPhase !== 'hidden' ? (
        <div
          data-testid="action-overlay"
          data-phase={overlayPhase}
          role="status"
          aria-live="polite"
          aria-busy={overlayPhase === 'visible'}
          aria-label="Executando ação"
          style={{
            position: 'fixed',
            inset: 0,
            zIndex: OVERLAY_Z_INDEX,
            background: 'rgba(255,255,255,0.6)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            opacity: overlayPhase === 'visible' ? 1 : 0,
            transition: `opacity ${fadeDuration}ms ease`,
            pointerEvents: overlayPhase === 'visible' ? 'auto' : 'none',
          }}
        >
          <Spin indicator={<LoadingOutlined spin style={{ fontSize: 40, color: PRIMARY_COLOR }} />} />
        </div>
      ) : null}
    </ActionOverlayContext.Provider>
  );
}

// ---------------------------------------------------------------------------------------
// Scroll lock

let lockCount = 0;
let savedOverflow: string | null = null;

function acquireScrollLock() {
  if (typeof document === 'undefined') return;
  if (lockCount === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  lockCount += 1;
}

function releaseScrollLock() {
  if (typeof document === 'undefined' || lockCount === 0) return;
  lockCount -= 1;
  if (lockCount === 0) {
    document.body.style.overflow = savedOverflow ?? '';
    savedOverflow = null;
  }
}

/** True while any `useScrollLock(true)` is mounted. */
export function isScrollLocked(): boolean {
  return lockCount > 0;
}

/** Blocks page scrolling (body overflow hidden) while `active`. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    acquireScrollLock();
    return releaseScrollLock;
  }, [active]);
}

export interface ScrollLockContextValue {
  sidebarOpen: boolean;
  setSidebarOpen: (open: boolean) => void;
  /** Page scrolling is blocked (sidebar open or an action running). */
  locked: boolean;
}

export const ScrollLockContext = createContext<ScrollLockContextValue>({
  sidebarOpen: false,
  setSidebarOpen: () => {},
  locked: false,
});

export function useScrollLockContext(): ScrollLockContextValue {
  return useContext(ScrollLockContext);
}

/** Locks page scrolling while the sidebar is open or an action runs. Place inside ActionOverlayProvider. */
export function ScrollLockProvider({ children }: { children?: ReactNode }) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const { executandoAcao } = useExecutandoAcao();
  const locked = sidebarOpen || executandoAcao;
  useScrollLock(locked);
  const value = useMemo(() => ({ sidebarOpen, setSidebarOpen, locked }), [sidebarOpen, locked]);
  return <ScrollLockContext.Provider value={value}>{children}</ScrollLockContext.Provider>;
}
