/**
 * The documents of record the signatures card, the signature dialog and "Baixar PDF" serve (the
 * server's registry is src/server/signatures/documents.ts): the daily report (issue 26) and the
 * technical inspection report (issue 40). Only what the screens say and where the API is differs;
 * the names of the signer roles come from the API (`papeis`).
 */
import type { BaseRecord } from '@refinedev/core';
import { SIGNED_DOCUMENT_ROUTES } from '../../../../resources/signatures';

export interface SignedDocumentUi {
  /** The API resource: `/api/v1/{resource}/{id}/assinaturas` and `/pdf`. */
  resource: string;
  /** The button and the dialog's title: "Assinar diário". */
  signAction: string;
  /** The toast once signed: "Diário assinado." */
  signedToast: string;
  /** "diário": what the dialog says is fingerprinted ("do conteúdo do diário"). */
  noun: string;
  /** The confirmation checkbox of a signature with the login. */
  confirmText: string;
  /** The accessible name of the list of signatures. */
  listLabel: string;
  /** The refusals when the API gives no message. */
  fallback: Record<403 | 404 | 409, string>;
  /** The PDF's file name when the API gives none. */
  pdfName: (record: BaseRecord) => string;
}

export const RDO_SIGNED: SignedDocumentUi = {
  resource: 'diarios',
  signAction: 'Assinar diário',
  signedToast: 'Diário assinado.',
  noun: 'diário',
  confirmText: 'Confirmo que li o diário e concordo com o seu conteúdo',
  listLabel: 'Assinaturas do diário',
  fallback: {
    403: 'Você não tem permissão para assinar este diário.',
    404: 'Diário não encontrado.',
    409: 'O diário mudou enquanto você o via. Recarregamos as assinaturas: confira antes de tentar de novo.',
  },
  pdfName: (record) => `RDO-${String(record.obra)}-${String(record.numero)}.pdf`,
};

export const RIT_SIGNED: SignedDocumentUi = {
  resource: 'rits',
  signAction: 'Assinar RIT',
  signedToast: 'RIT assinado.',
  noun: 'relatório',
  confirmText: 'Confirmo que li o relatório e concordo com o seu conteúdo',
  listLabel: 'Assinaturas do relatório',
  fallback: {
    403: 'Você não tem permissão para assinar este relatório.',
    404: 'Relatório não encontrado.',
    409: 'O relatório mudou enquanto você o via. Recarregamos as assinaturas: confira antes de tentar de novo.',
  },
  pdfName: (record) => `${String(record.numero ?? `RIT-${String(record.id)}`)}.pdf`,
};

/**
 * The document's declared signature routes (resources/signatures.ts: read and sign) and the call's
 * options: the refusals' words when the API gives none.
 */
export function signatureRoutes(doc: SignedDocumentUi) {
  const routes = SIGNED_DOCUMENT_ROUTES[doc.resource];
  if (!routes) throw new Error(`Sem rotas de assinatura para ${doc.resource}.`);
  const fallback = (status: number) => (doc.fallback as Record<number, string>)[status] ?? 'Não foi possível concluir a assinatura.';
  return { ...routes, fallback };
}
