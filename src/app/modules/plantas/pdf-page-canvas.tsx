/**
 * One page of a sheet's PDF drawn on a canvas with pdf.js (`pdfjs-dist`), loaded only when a sheet is
 * opened (dynamic import; the worker is a separate file Vite serves, `?url`). Kept alone in this file
 * so component tests, where pdf.js cannot draw (jsdom has no canvas), mock just this module.
 */
import React, { memo, useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { authHeaders } from '../../providers/data-provider';
import { Loading } from '../../views/loading';

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
}

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js and its worker, imported once. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/** The PDF, read whole in one GET (no ranges): the service worker keeps it for use without a connection. */
async function fetchPdf(url: string): Promise<Uint8Array> {
  const res = await fetch(url, { headers: await authHeaders(), credentials: 'same-origin' });
  if (!res.ok) throw new Error(`PDF: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * The last PDF opened stays open: the sheets of a set are pages of one file, so moving between them
 * reads and parses it once (`npm run bench:plantas`: 28.5 MB per sheet change before). The file and
 * pdf.js are fetched side by side; opening another PDF closes the one kept.
 */
let kept: { url: string; doc: Promise<PdfDocument> } | undefined;

function openPdf(url: string): Promise<PdfDocument> {
  if (kept?.url === url) return kept.doc;
  const previous = kept;
  const doc = Promise.all([loadPdfJs(), fetchPdf(url)]).then(([lib, data]) => lib.getDocument({ data }).promise);
  kept = { url, doc };
  doc.catch(() => {
    if (kept?.doc === doc) kept = undefined;
  });
  previous?.doc.then((d) => d.destroy()).catch(() => undefined);
  return doc;
}

/** Canvas pixels never above ~16 megapixels (phones refuse bigger canvases). */
const MAX_PIXELS = 16_000_000;

/** Memoised: the viewer renders on every frame of a pan or zoom, with the same props. */
export const PdfPageCanvas = memo(function PdfPageCanvas({ url, pagina, width, height, detail = 2 }: PdfPageCanvasProps): React.ReactElement {
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
      if (!cancelled) setState('ready');
    })().catch(() => {
      if (!cancelled) setState('error');
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [url, pagina, width, detail]);

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
