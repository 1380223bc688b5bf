/**
 * The root screen (spec section 2): loading overlay, the routed view, the toast stack and the
 * dismissible help banner; page max height 99.5vh; page scrolling blocked while the sidebar is
 * open or an action runs; Roboto 100–900 loaded lazily after the first paint.
 *
 * It also provides, to everything inside it, the dialogs (`useDialogs`), the action overlay
 * (`useExecutandoAcao`) and the sidebar scroll lock (`ScrollLockContext.setSidebarOpen`).
 */
import { useEffect, type ReactNode } from 'react';
import { FONT_FAMILY, PAGE_MAX_HEIGHT } from './constants';
import { DialogProvider } from './dialogs';
import { afterFirstPaint, loadRobotoFonts } from './fonts';
import { HelpBanner, useHelpUrl } from './help-banner';
import { ActionOverlayProvider, LoadingOverlay, ScrollLockProvider, useScrollLockContext } from './overlays';
import { ToastStack } from './ToastStack';
import { toastStore as defaultToastStore, type ToastStore } from './toast-store';

export interface RootScreenProps {
  /** The routed view. */
  children?: ReactNode;
  /** The loading overlay leaves once this is true and its ~4 s minimum has passed. Default true. */
  ready?: boolean;
  /** Service-desk URL for the help banner; when undefined it is read from /api/v1/config (`helpUrl`). */
  helpUrl?: string | null;
  toastStore?: ToastStore;
  /** Load the Roboto weights after the first paint. Default true. */
  loadFonts?: boolean;
}

export function RootScreen({ children, ready = true, helpUrl, toastStore = defaultToastStore, loadFonts = true }: RootScreenProps) {
  return (
    <ActionOverlayProvider>
      <ScrollLockProvider>
        <DialogProvider>
          <RootFrame ready={ready} helpUrl={helpUrl} toastStore={toastStore} loadFonts={loadFonts}>
            {children}
          </RootFrame>
        </DialogProvider>
      </ScrollLockProvider>
    </ActionOverlayProvider>
  );
}

function RootFrame({ children, ready, helpUrl, toastStore, loadFonts }: Required<Omit<RootScreenProps, 'children' | 'helpUrl'>> & Pick<RootScreenProps, 'children' | 'helpUrl'>) {
  const { locked } = useScrollLockContext();
  const url = useHelpUrl(helpUrl);

  useEffect(() => {
    if (!loadFonts) return;
    return afterFirstPaint(() => {
      void loadRobotoFonts();
    });
  }, [loadFonts]);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: PAGE_MAX_HEIGHT, fontFamily: FONT_FAMILY }}>
      <LoadingOverlay ready={ready} />
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
      <ToastStack store={toastStore} />
      <HelpBanner helpUrl={url} />
    </div>
  );
}

export default RootScreen;
