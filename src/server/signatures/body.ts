/** The body of `POST /{diarios,rits}/{id}/assinaturas`: a drawn signature or a confirmation with the signed-in account. */
import { ApiError } from '../http/errors';
import type { SignMethod } from './store';

/** At most this many bytes of PNG for a drawn signature. */
export const MAX_SIGNATURE_BYTES = 150 * 1024;
const PNG_PREFIX = 'data:image/png;base64,';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface SignInput {
  metodo: SignMethod;
  /** The drawn signature as a PNG data URL (method 'desenho'). */
  imagem: string | null;
}

/** The signature's input, or 400 with pt-BR messages per key (`thisDocument`: "este diário", "este relatório"). */
export function parseSignBody(body: unknown, thisDocument = 'este diário'): SignInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'O corpo da requisição deve ser um objeto JSON.');
  const b = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const metodo = b.metodo;
  if (metodo !== 'desenho' && metodo !== 'login') {
    errors.metodo = ['Escolha como assinar: "desenho" (assinatura desenhada) ou "login" (confirmação com o seu acesso).'];
  } else if (metodo === 'desenho') {
    const img = b.imagem;
    if (typeof img !== 'string' || !img) errors.imagem = ['Desenhe a assinatura.'];
    else if (!img.startsWith(PNG_PREFIX)) errors.imagem = ['A assinatura deve ser uma imagem PNG (data:image/png;base64,…).'];
    else {
      const data = img.slice(PNG_PREFIX.length);
      const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(data) ? Buffer.from(data, 'base64') : undefined;
      if (!bytes || !bytes.subarray(0, 8).equals(PNG_MAGIC)) errors.imagem = ['A imagem da assinatura não é um PNG válido.'];
      else if (bytes.length > MAX_SIGNATURE_BYTES)
        errors.imagem = [`A imagem da assinatura passa de ${MAX_SIGNATURE_BYTES / 1024} KB: limpe e desenhe de novo.`];
    }
  } else if (b.confirmo !== true) {
    errors.confirmo = [`Confirme que assina ${thisDocument} com o seu acesso ao portal.`];
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'Não foi possível registrar a assinatura: verifique os campos.', errors);
  return { metodo: metodo as SignMethod, imagem: metodo === 'desenho' ? (b.imagem as string) : null };
}
