/**
 * Technical inspection report routes beyond the generic CRUD (issue 40), mounted on /api/v1/rits
 * before it, beside the signature routes (src/server/signatures/routes.ts):
 * - GET /:id/pdf — the report as a PDF document with its signatures and verification code (same
 *   404/403 as reading the record; fields the reader may not read are left out).
 */
import { Hono } from 'hono';
import { schemaByName } from '../../../schemas';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { actorOf } from '../crud/routes';
import { getRecord, selectOne } from '../crud/repository';
import type { FileStorage } from '../storage/storage';
import { pdfSignatureBlock } from '../signatures/pdf-block';
import { renderRitReport, ritFileName } from './signed-document';

export function ritRoutes(db: Db, storage: FileStorage) {
  const schema = schemaByName('rit')!;
  const r = new Hono<AppEnv>();

  r.get('/:id/pdf', async (c) => {
    const report = await getRecord(db, schema, actorOf(c), c.req.param('id'));
    // The signatures are checked against the content as stored (the reader's copy may lack fields).
    const stored = await selectOne(db, schema, Number(report.id));
    const signatures = stored ? await pdfSignatureBlock(db, schema, stored) : undefined;
    const pdf = await renderRitReport(db, storage, report, { signatures });
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${ritFileName(report)}"`,
        'content-length': String(pdf.length),
        'cache-control': 'private, no-store',
      },
    });
  });

  return r;
}
