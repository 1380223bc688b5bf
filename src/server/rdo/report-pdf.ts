/**
 * One daily report as its PDF document, with everything the document shows: the site (its client
 * by the company's name), the report's photos from storage and, when given, the signature block.
 * Used by `GET /diarios/{id}/pdf` (routes.ts) and by the distribution e-mails (src/server/signatures/).
 */
import type { Db } from '../db/connect';
import type { FileStorage } from '../storage/storage';
import { readAll } from '../storage/thumbnails';
import type { PdfSignatures } from './pdf';

type Row = Record<string, unknown>;
const MAX_PHOTOS = 40;

/**
 * The site a report's document shows: the obra's record with its client as the registered
 * company's name (the record holds the company's CNPJ), never the CNPJ digits.
 */
export async function siteForDocument(db: Db, obra: string): Promise<Row | undefined> {
  const found = (await db
    .selectFrom('obra')
    .leftJoin('empresa', 'empresa.cnpj', 'obra.cliente')
    .selectAll('obra')
    .select('empresa.nome as clienteNome')
    .where('obra.Id_Lista', '=', obra)
    .executeTakeFirst()) as Row | undefined;
  if (!found) return undefined;
  const { clienteNome, ...site } = found;
  return { ...site, cliente: clienteNome ?? site.cliente };
}

/** The report's stored photos (at most 40), as bytes. */
export async function reportPhotos(storage: FileStorage, report: Row): Promise<{ name: string; body: Uint8Array }[]> {
  const files = (Array.isArray(report.fotos) ? (report.fotos as { key: string; name: string }[]) : []).slice(0, MAX_PHOTOS);
  const photos: { name: string; body: Uint8Array }[] = [];
  for (const f of files) {
    const obj = f?.key ? await storage.get(f.key) : undefined;
    if (obj) photos.push({ name: String(f.name ?? ''), body: await readAll(obj.body) });
  }
  return photos;
}

/** "RDO-101-12.pdf". */
export function reportFileName(report: Row): string {
  const obra = String(report.obra ?? '').replace(/[^\w.-]/g, '_');
  return `RDO-${obra}-${String(report.numero ?? report.id)}.pdf`;
}

/** The report's PDF; without `storage` (or with `photos: false`) it leaves the photos out. */
export async function renderReportPdf(
  db: Db,
  storage: FileStorage | undefined,
  report: Row,
  opts: { signatures?: PdfSignatures; photos?: boolean; site?: Row } = {},
): Promise<Buffer> {
  const site = opts.site ?? (await siteForDocument(db, String(report.obra ?? '')));
  const photos = storage && opts.photos !== false ? await reportPhotos(storage, report) : [];
  const { renderRdoPdf } = await import('./pdf'); // pdfmake and its fonts load on the first document
  return renderRdoPdf({ report, site, photos, signatures: opts.signatures });
}
