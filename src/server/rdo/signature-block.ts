/**
 * The signature block of a signed record's PDF (its signatures, verification code and address),
 * which the RDO's PDF route prints. The signatures feature sits above the RDO (its documents of
 * record use the RDO's PDF), so it gives the block from `src/server/signatures/register.ts`
 * (`pdfSignatureBlock` of `src/server/signatures/pdf-block.ts`) instead of the RDO importing it.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { PdfSignatures } from './pdf';

export type SignatureBlockOf = (db: Db, schema: EntitySchema, row: Record<string, unknown>) => Promise<PdfSignatures>;

let blockOf: SignatureBlockOf | undefined;

export function registerSignatureBlock(fn: SignatureBlockOf): void {
  blockOf = fn;
}

/** The record's signatures as its document shows them, checked against `row` (the record as stored). */
export function signatureBlockOf(db: Db, schema: EntitySchema, row: Record<string, unknown>): Promise<PdfSignatures> {
  if (!blockOf) throw new Error('Signature block not registered: import src/server/modules/register.ts (src/server/signatures/register.ts).');
  return blockOf(db, schema, row);
}
