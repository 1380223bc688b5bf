/**
 * HTTP of a document of record's signatures: GET/POST /api/v1/{diarios|rits}/{id}/assinaturas
 * (signed-in, through the data provider's base URL and bearer token).
 */
import { authHeaders, getApiUrl } from '../../providers/data-provider';
import type { SignaturesView, SignatureView } from '../../../../schemas/signature-types';
import { RDO_SIGNED, type SignedDocumentUi } from './signed-document';

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

async function call(doc: SignedDocumentUi, id: string | number, body?: SignBody): Promise<SignaturesInfo> {
  let res: Response;
  try {
    res = await fetch(`${getApiUrl()}/${doc.resource}/${encodeURIComponent(String(id))}/assinaturas`, {
      method: body ? 'POST' : 'GET',
      headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}), ...(await authHeaders()) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new SignatureError('Não foi possível falar com o servidor. Verifique a conexão e tente de novo.', 0);
  }
  const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!res.ok) {
    const fallback = (doc.fallback as Record<number, string>)[res.status] ?? 'Não foi possível concluir a assinatura.';
    const message = typeof json?.message === 'string' && json.message ? json.message : fallback;
    throw new SignatureError(message, res.status, (json?.errors as Record<string, string[]> | undefined) ?? {});
  }
  return json as unknown as SignaturesInfo;
}

export const fetchSignatures = (id: string | number, doc: SignedDocumentUi = RDO_SIGNED) => call(doc, id);

export const signDocument = (id: string | number, body: SignBody, doc: SignedDocumentUi = RDO_SIGNED) => call(doc, id, body);
