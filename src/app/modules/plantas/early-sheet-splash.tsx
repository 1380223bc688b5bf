/**
 * The sheet's thumbnail over the loading app, when a sheet's address is opened cold and the device
 * keeps the sheet (early-sheet.ts): the drawing, blurred, from the first paint instead of a spinner
 * until the viewer shows it in its place (`releaseEarlySheet`). Rendered by the entry's shell, outside
 * the routes; gone for good once released, once the address is another, or after a while. Decorative
 * (aria-hidden, no pointer events): the viewer underneath is what people and screen readers use.
 */
import React, { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { releaseEarlySheet, splashState, subscribeSplash } from './early-sheet';

/** Above the page and its drawers, below dialogs (DIALOG.overlayZIndex) and the loading overlay. */
const Z_INDEX = 1500;

export function EarlySheetSplash(): React.ReactElement | null {
  const { pathname } = useLocation();
  const s = useSyncExternalStore(subscribeSplash, splashState, splashState);
  const here = s.path === pathname;
  useEffect(() => {
    if (!s.released && !here) releaseEarlySheet();
  }, [s.released, here]);
  if (s.released || !here || !s.src) return null;
  return (
    <div aria-hidden style={{ position: 'fixed', inset: 0, zIndex: Z_INDEX, background: '#fff', padding: 12, pointerEvents: 'none' }}>
      <img
        src={s.src}
        alt=""
        data-testid="planta-previa-inicial"
        decoding="async"
        onError={releaseEarlySheet}
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
      />
    </div>
  );
}
