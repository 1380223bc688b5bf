/**
 * The root screen (docs/specification.md §2): loading overlay, the routed view, the toast stack and the
 * dismissible help banner; page max height 99.5vh; page scrolling blocked while the sidebar is
 * open or an action runs; Roboto 100–900 loaded lazily after the first paint.
 *
 * It also provides, to everything inside it, the dialogs (`useDialogs`), the action overlay
 * (`useExecutandoAcao`) and the sidebar scroll lock (`ScrollLockContext.setSidebarOpen`).
 */
import type { ReactNode } from 'react';
import { DialogProvider } from './dialogs';
import { ActionOverlayProvider, ScrollLockProvider } from './overlays';
import { RootFrame } from './root-frame';
import { ToastStack } from './toast-stack';
import { toastStore as defaultToastStore, type ToastStore } from '../providers/toast-store';

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
          <RootFrame ready={ready} helpUrl={helpUrl} toastStore={toastStore} loadFonts={loadFonts} renderToasts={(store) => <ToastStack store={store} />}>
            {children}
          </RootFrame>
        </DialogProvider>
      </ScrollLockProvider>
    </ActionOverlayProvider>
  );
}

export default RootScreen;
