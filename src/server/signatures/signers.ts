/**
 * In which order a document of record is signed and why the caller may not sign now (issue 26,
 * docs/access.md decisions 5, 28, 31 and 32; issue 40 for the RIT). Who signs in which role is the
 * document's own (documents.ts: the daily report's site manager, the RIT's inspector), the second
 * signer of both is the client's representative of the record's site (`isSiteClientRepresentative`).
 * Only a record in one of its document's signed states is signed, each role once per content.
 */
import { externalKindOf, type PortalUser } from '../../access/user';
import type { SignedDocument } from './documents';
import type { SignerRole, StoredSignature } from './store';

export { SIGNER_LABEL } from '../../../schemas/signature-types';

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** A client user with `representante_cliente` on the record's site. */
export function isSiteClientRepresentative(user: PortalUser, row: Record<string, unknown>): boolean {
  return externalKindOf(user) === 'cliente' && user.roles.includes('representante_cliente') && user.obra.includes(String(row.obra ?? ''));
}

/** The staff member a person field names, or whoever stands in for them during an absence (decision 31). */
export function isPersonOrStandIn(user: PortalUser, person: unknown): boolean {
  if (externalKindOf(user)) return false;
  const named = lower((person as { mail?: unknown } | null)?.mail);
  const me = lower(user.email);
  return !!me && !!named && (me === named || (user.emNomeDe ?? []).includes(named));
}

/** The record is in one of the states its document is signed in. */
export const isConcluded = (doc: SignedDocument, row: Record<string, unknown>) => doc.signedIn.includes(String(row.status));

/** A signature in force whose content is the current one. */
export const isValid = (s: StoredSignature, hash: string) => !s.anuladaEm && s.hash === hash;

/** Every role of the document has a signature in force of the current content. */
export const isComplete = (doc: SignedDocument, signatures: StoredSignature[], hash: string) =>
  doc.order.every((papel) => signatures.some((s) => s.papel === papel && isValid(s, hash)));

/** The role that signs next (null when the record is not in a signed state or is fully signed). */
export function nextSigner(doc: SignedDocument, row: Record<string, unknown>, signatures: StoredSignature[], hash: string): SignerRole | null {
  if (!isConcluded(doc, row)) return null;
  return doc.order.find((papel) => !signatures.some((s) => s.papel === papel && isValid(s, hash))) ?? null;
}

/** Why the caller cannot sign now: the status the API answers and the pt-BR sentence; null when they can. */
export function refusal(
  doc: SignedDocument,
  row: Record<string, unknown>,
  papel: SignerRole | null,
  signatures: StoredSignature[],
  hash: string,
): { status: 403 | 409; message: string } | null {
  if (doc.voidedState && row.status === doc.voidedState) return { status: 409, message: doc.texts.voided };
  if (!papel) return { status: 403, message: doc.texts.notASigner };
  if (!isConcluded(doc, row)) return { status: 409, message: doc.texts.notConcluded };
  if (signatures.some((s) => s.papel === papel && isValid(s, hash))) return { status: 409, message: doc.texts.alreadySigned };
  const next = nextSigner(doc, row, signatures, hash);
  if (next !== papel) return { status: 409, message: doc.texts.order };
  return null;
}
