/**
 * pdf.js (`pdfjs-dist`, a dynamic import: only loaded when a sheet is opened; its worker is a separate
 * file Vite serves, `?url`) and the sheet's PDF document, kept open between sheets. Apart from the
 * canvas (pdf-page-canvas.tsx) so the viewer can start them before the canvas mounts.
 */
import { authHeaders } from '../../providers/data-provider';
import { keptResponse } from './sheet-cache';
import { takeEarlyPdf } from './early-sheet';

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js and its worker, imported once. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

export type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/**
 * The PDF, read whole: from the device when the service worker already keeps it (on a cold start on
 * the sheet's address, already read while the app loaded: early-sheet.ts), otherwise in one GET (no
 * ranges) that the worker keeps for use without a connection.
 */
async function fetchPdf(url: string): Promise<Uint8Array> {
  const early = await takeEarlyPdf(url);
  if (early) return new Uint8Array(early);
  const res = (await keptResponse(url)) ?? (await fetch(url, { headers: await authHeaders(), credentials: 'same-origin' }));
  if (!res.ok) throw new Error(`PDF: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * The last PDF opened stays open: the sheets of a set are pages of one file, so moving between them
 * reads and parses it once (`npm run bench:plantas`: 28.5 MB per sheet change before). The file and
 * pdf.js are fetched side by side; opening another PDF closes the one kept.
 */
let kept: { url: string; doc: Promise<PdfDocument> } | undefined;

export function openPdf(url: string): Promise<PdfDocument> {
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
