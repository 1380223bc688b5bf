/**
 * The drawn signature of `POST /{diarios,rits}/{id}/assinaturas` (its body is declared in
 * resources/signatures.ts): the PNG's own bytes, which only the server reads.
 */
import { ApiError } from '../http/errors';
import { MAX_SIGNATURE_BYTES, PNG_DATA_URL_PREFIX } from '../../../resources/signatures';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const SIGNATURE_REFUSED = 'Não foi possível registrar a assinatura: verifique os campos.';

/** A PNG data URL of at most MAX_SIGNATURE_BYTES (400 with the message of `imagem` otherwise). */
export function assertPngBytes(dataUrl: string): void {
  const data = dataUrl.slice(PNG_DATA_URL_PREFIX.length);
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(data) ? Buffer.from(data, 'base64') : undefined;
  if (!bytes || !bytes.subarray(0, 8).equals(PNG_MAGIC))
    throw new ApiError(400, SIGNATURE_REFUSED, { imagem: ['A imagem da assinatura não é um PNG válido.'] });
  if (bytes.length > MAX_SIGNATURE_BYTES)
    throw new ApiError(400, SIGNATURE_REFUSED, { imagem: [`A imagem da assinatura passa de ${MAX_SIGNATURE_BYTES / 1024} KB: limpe e desenhe de novo.`] });
}
