/**
 * The sheet's low-resolution first pass: while pdf.js reads the PDF and draws the page at full
 * resolution (pdf-page-canvas.tsx; on a phone with the PDF on the device, about a second), the sheet's
 * thumbnail (`GET /api/v1/plantas/{id}/miniatura`, MINIATURA_FOLHA_PX on its longer side, the same
 * image as the sheet list's; the service worker keeps it with the plans) is shown stretched over the
 * sheet's box: the real drawing, blurred, as plan viewers do (once loaded, the cold start's splash,
 * early-sheet-splash.tsx, gives way to it). It goes as soon as the canvas is drawn;
 * without a thumbnail (no file, offline before it was ever seen) the box stays white until then.
 */
import React, { useEffect, useState } from 'react';
import type { FolhaDaObra } from '../../../../resources/plantas';
import { canShowBlobs, loadThumbnail, sheetThumbnailUrl } from './use-sheet-thumbnail';
import { releaseEarlySheet } from './early-sheet';

export interface SheetPreviewProps {
  sheet: Pick<FolhaDaObra, 'id' | 'pagina' | 'arquivo'>;
  /** The full-resolution page is on the canvas: nothing to show any more. */
  drawn: boolean;
}

export function SheetPreview({ sheet, drawn }: SheetPreviewProps): React.ReactElement | null {
  const url = sheet.arquivo ? sheetThumbnailUrl(sheet) : undefined;
  const [src, setSrc] = useState<{ url: string; src: string }>();
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    if (!url || drawn || !canShowBlobs()) return;
    let live = true;
    loadThumbnail(url).then(
      (s) => live && setSrc({ url, src: s }),
      () => undefined, // no first pass: the canvas comes alone
    );
    return () => {
      live = false;
    };
  }, [url, drawn]);
  if (drawn || broken || !src || src.url !== url) return null;
  return (
    <img
      src={src.src}
      alt=""
      aria-hidden
      data-testid="planta-previa"
      decoding="async"
      onLoad={releaseEarlySheet}
      onError={() => setBroken(true)}
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block', background: '#fff' }}
    />
  );
}
