/**
 * The last line before a 500: errors that can only come from the client's input but slipped past
 * validation. Validation should catch them first (and a warning says when it did not).
 */
import { ApiError } from './errors';

/** URIError (malformed percent-encoding), PostgreSQL data exceptions (22xxx) and size limits (54000) → 400. */
export function lastResortError(err: unknown, where = ''): ApiError | undefined {
  if (err instanceof URIError) {
    return new ApiError(400, 'Endereço inválido: há uma sequência de caracteres (%) malformada.');
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (/^22[0-9A-Z]{3}$/.test(code)) {
    console.warn('[api] valor recusado pelo banco (falta validação?):', where, code, (err as Error).message);
    return new ApiError(400, 'Valor inválido para este campo ou filtro.');
  }
  if (code === '54000') {
    console.warn('[api] valor grande demais para o banco (falta validação?):', where, (err as Error).message);
    return new ApiError(400, 'Valor grande demais para ser gravado ou pesquisado.');
  }
  return undefined;
}
