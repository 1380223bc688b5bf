/**
 * The frame of the root screen (docs/specification.md §2) without the dialogs: loading overlay, the routed
 * view, the toast stack and the help banner, scroll lock, Roboto after the first paint. The entry
 * renders it once around both the public pages and the (lazy) signed-in app, so the ~4 s loading
 * overlay shows once per page load and the public pages do not load antd's Modal and Popover.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { FONT_FAMILY, PAGE_MAX_HEIGHT } from './constants';
import { afterFirstPaint, loadRobotoFonts } from './fonts';
import { useInRouterContext, useLocation } from 'react-router';
import { HelpBanner, useHelpUrl } from './help-banner';
import { isPublicPath } from '../public-paths';
import { ActionOverlayProvider, LoadingOverlay, ScrollLockProvider, useScrollLockContext } from './overlays';
import { toastStore as defaultToastStore, type ToastStore } from '../providers/toast-store';
import { UpdateSlot } from '../pwa/update-slot';

// antd's Progress (with Tooltip and its positioning engine) is a third of the entry: the stack
// loads after the first paint, or at once when a toast is pushed before that.
const ToastStack = lazy(() => import('./toast-stack').then((m) => ({ default: m.ToastStack })));

function DeferredToastStack({ store }: { store: ToastStore }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  const hasToasts = useSyncExternalStore(
    store.subscribe,
    () => store.getState().visible.length > 0,
    () => false,
  );
  if (!painted && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack store={store} />
    </Suspense>
  );
}

export interface RootFrameProps {
  children?: ReactNode;
  ready: boolean;
  helpUrl?: string | null;
  toastStore: ToastStore;
  loadFonts: boolean;
  /** The toast stack; default: loaded after the first paint (DeferredToastStack). */
  renderToasts?: (store: ToastStore) => ReactNode;
}

export function RootFrame({ children, ready, helpUrl, toastStore, loadFonts, renderToasts }: RootFrameProps) {
  const { locked } = useScrollLockContext();
  const url = useHelpUrl(helpUrl);
  const inRouter = useInRouterContext();

  useEffect(() => {
    if (!loadFonts) return;
    return afterFirstPaint(() => {
      void loadRobotoFonts();
    });
  }, [loadFonts]);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: PAGE_MAX_HEIGHT, fontFamily: FONT_FAMILY }}>
      <LoadingOverlay ready={ready} />
      <UpdateSlot />
      <div
        data-testid="root-screen"
        data-scroll-locked={locked || undefined}
        style={{
          fontFamily: FONT_FAMILY,
          flex: '1 1 auto',
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          maxHeight: PAGE_MAX_HEIGHT,
          overflowY: locked ? 'hidden' : 'auto',
        }}
      >
        {children}
      </div>
      {renderToasts ? renderToasts(toastStore) : <DeferredToastStack store={toastStore} />}
      {inRouter ? <StaffHelpBanner helpUrl={url} /> : <HelpBanner helpUrl={url} />}
    </div>
  );
}

/** The help banner is for the portal's users: a public page (the survey link, sign-in) has none. */
function StaffHelpBanner({ helpUrl }: { helpUrl?: string }) {
  const { pathname } = useLocation();
  return isPublicPath(pathname) ? null : <HelpBanner helpUrl={helpUrl} />;
}

/** The frame with the overlay and scroll-lock providers it needs (no dialogs: the signed-in app adds them). */
export function RootShell({ children }: { children?: ReactNode }) {
  return (
    <ActionOverlayProvider>
      <ScrollLockProvider>
        <RootFrame ready helpUrl={undefined} toastStore={defaultToastStore} loadFonts>
          {children}
        </RootFrame>
      </ScrollLockProvider>
    </ActionOverlayProvider>
  );
}
