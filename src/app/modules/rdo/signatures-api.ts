/**
 * HTTP of a document of record's signatures: GET/POST /api/v1/{diarios|rits}/{id}/assinaturas
 * (signed-in, through the data provider's base URL and bearer token).
 */
import { apiCall } from '../../providers/api-client';
import type { SignaturesView, SignatureView } from '../../../../schemas/signature-types';
import { RDO_SIGNED, type SignedDocumentUi } from './signed-document';

export type { SignerRole, SignMethod } from '../../../../schemas/signature-types';
/** One signature as the API answers it. */
export type Signature = SignatureView;
/** The signatures of a report, who signs next and whether the caller may. */
export type SignaturesInfo = SignaturesView;

export type SignBody = { metodo: 'desenho'; imagem: string } | { metodo: 'login'; confirmo: true };

const call = (doc: SignedDocumentUi, id: string | number, body?: SignBody) =>
  apiCall<SignaturesInfo>(`/${doc.resource}/${encodeURIComponent(String(id))}/assinaturas`, {
    method: body ? 'POST' : 'GET',
    body,
    fallback: (status) => (doc.fallback as Record<number, string>)[status] ?? 'Não foi possível concluir a assinatura.',
  });

export const fetchSignatures = (id: string | number, doc: SignedDocumentUi = RDO_SIGNED) => call(doc, id);

export const signDocument = (id: string | number, body: SignBody, doc: SignedDocumentUi = RDO_SIGNED) => call(doc, id, body);
