/**
 * HTTP of the daily report's signatures: GET/POST /api/v1/diarios/{id}/assinaturas (signed-in,
 * through the data provider's base URL and bearer token).
 */
import { authHeaders, getApiUrl } from '../../providers/data-provider';
import type { SignaturesView, SignatureView } from '../../../../schemas/signature-types';

export type { SignerRole, SignMethod } from '../../../../schemas/signature-types';
/** One signature as the API answers it. */
export type Signature = SignatureView;
/** The signatures of a report, who signs next and whether the caller may. */
export type SignaturesInfo = SignaturesView;

export type SignBody = { metodo: 'desenho'; imagem: string } | { metodo: 'login'; confirmo: true };

/** A refusal of the API: its pt-BR message and errors per key. */
export class SignatureError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

const FALLBACK: Record<number, string> = {
  403: 'Você não tem permissão para assinar este diário.',
  404: 'Diário não encontrado.',
  409: 'O diário mudou enquanto você o via. Recarregamos as assinaturas: confira antes de tentar de novo.',
};

async function call(id: string | number, body?: SignBody): Promise<SignaturesInfo> {
  let res: Response;
  try {
    res = await fetch(`${getApiUrl()}/diarios/${encodeURIComponent(String(id))}/assinaturas`, {
      method: body ? 'POST' : 'GET',
      headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}), ...(await authHeaders()) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new SignatureError('Não foi possível falar com o servidor. Verifique a conexão e tente de novo.', 0);
  }
  const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!res.ok) {
    const message = typeof json?.message === 'string' && json.message ? json.message : (FALLBACK[res.status] ?? 'Não foi possível concluir a assinatura.');
    throw new SignatureError(message, res.status, (json?.errors as Record<string, string[]> | undefined) ?? {});
  }
  return json as unknown as SignaturesInfo;
}

export const fetchSignatures = (id: string | number) => call(id);

export const signDiario = (id: string | number, body: SignBody) => call(id, body);
