/** The signature block of a record's PDF and the public address that verifies its code. */
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { serverConfig } from '../config';
import type { PdfSignatures } from '../rdo/pdf';
import { storedContentHash } from './signed-schema';
import { signedDocument } from './documents';
import { codeOf, signaturesOf } from './store';

/** `${PUBLIC_URL}/verificar/<codigo>`: the public page that checks a printed or mailed document. */
export const verificationUrl = (codigo: string) => `${serverConfig().publicUrl}/verificar/${encodeURIComponent(codigo)}`;

/** The record's signatures as its document shows them, checked against `row` (the record as stored). */
export async function pdfSignatureBlock(db: Db, schema: EntitySchema, row: Record<string, unknown>): Promise<PdfSignatures> {
  const id = Number(row.id);
  const signatures = await signaturesOf(db, schema.resource, id);
  const codigo = await codeOf(db, schema.resource, id);
  const hash = await storedContentHash(db, schema, row);
  const labels = signedDocument(schema).labels;
  return {
    codigo,
    url: codigo ? verificationUrl(codigo) : null,
    items: signatures.map((s) => ({
      papel: labels[s.papel],
      nome: s.nome,
      em: s.em,
      metodo: s.metodo,
      imagem: s.imagem,
      anulada: !!s.anuladaEm,
      anuladaMotivo: s.anuladaMotivo,
      divergente: !s.anuladaEm && s.hash !== hash,
    })),
  };
}
