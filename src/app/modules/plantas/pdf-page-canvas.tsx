/**
 * One page of a sheet's PDF drawn on a canvas with pdf.js (pdf-document.ts opens the file). Kept alone
 * in this file so component tests, where pdf.js cannot draw (jsdom has no canvas), mock just this
 * module. `onDrawn` tells the viewer the page is on the canvas (its low-resolution first pass goes).
 */
import React, { memo, useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { Loading } from '../../views/loading';
import { openPdf } from './pdf-document';

export interface PdfPageCanvasProps {
  /** The PDF's address (`GET /api/v1/arquivos/{key}`). */
  url: string;
  /** 1-based page of the PDF that is the sheet. */
  pagina: number;
  /** CSS size the page is drawn at (the viewer's zoom 1). */
  width: number;
  height: number;
  /** Extra resolution, so zooming in stays sharp (capped by the canvas size limit). */
  detail?: number;
  /** Called once the page is drawn on the canvas. */
  onDrawn?: () => void;
}

/** Canvas pixels never above ~16 megapixels (phones refuse bigger canvases). */
const MAX_PIXELS = 16_000_000;

/** Memoised: the viewer renders again when its pins, its mode or the selected pin change, with the same props. */
export const PdfPageCanvas = memo(function PdfPageCanvas({ url, pagina, width, height, detail = 2, onDrawn }: PdfPageCanvasProps): React.ReactElement {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let cancelled = false;
    let cleanup: (() => void) | undefined;
    setState('loading');
    (async () => {
      const doc = await openPdf(url);
      if (cancelled) return;
      const page = await doc.getPage(Math.min(Math.max(1, pagina), doc.numPages));
      if (cancelled || !canvas.current) return;
      const base = page.getViewport({ scale: 1 });
      const fit = width / base.width;
      let ratio = (window.devicePixelRatio || 1) * detail;
      const pixels = base.width * fit * ratio * base.height * fit * ratio;
      if (pixels > MAX_PIXELS) ratio *= Math.sqrt(MAX_PIXELS / pixels);
      const viewport = page.getViewport({ scale: fit * ratio });
      const el = canvas.current;
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      const render = page.render({ canvas: el, viewport });
      cleanup = () => render.cancel();
      await render.promise;
      if (cancelled) return;
      setState('ready');
      onDrawn?.();
    })().catch(() => {
      if (!cancelled) setState('error');
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [url, pagina, width, detail, onDrawn]);

  return (
    <>
      <canvas ref={canvas} aria-hidden style={{ width, height, display: 'block', background: '#fff' }} />
      {state === 'loading' ? <Loading style={{ position: 'absolute', top: 16, left: 16 }} label="Carregando a planta" /> : null}
      {state === 'error' ? (
        <Alert style={{ position: 'absolute', top: 16, left: 16, right: 16 }} type="error" showIcon message="Não foi possível abrir o PDF desta folha." />
      ) : null}
    </>
  );
});
