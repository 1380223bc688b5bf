/**
 * The documents of record the signature engine signs (issue 26: the daily report; issue 40: the
 * technical inspection report). Each entity that is one registers, once, what is its own: in which
 * states it is signed, who signs it in which role, its title, PDF and file name, the pt-BR names of
 * its signers and the sentences people read about it. Everything else (the hash, the code, the
 * order, voiding, the distribution, the public verification) is the engine's, the same for all.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import type { PortalUser } from '../../access/user';
import type { Db } from '../db/connect';
import type { FileStorage } from '../storage/storage';
import type { PdfSignatures } from '../rdo/pdf';
import type { SignerRole } from './store';

type Row = Record<string, unknown>;

/** What a signature changed, told to the document's own rules (in the signature's transaction). */
export interface SignedEvent {
  trx: Db;
  schema: EntitySchema;
  /** The record as stored when it was signed. */
  row: Row;
  papel: SignerRole;
  /** Every role now has a signature in force of the current content. */
  complete: boolean;
  user: PortalUser;
}

/** The sentences of one kind of document, in pt-BR. */
export interface SignedDocumentTexts {
  /** "Assinar diário": the signer's action in "Minhas pendências" and the e-mail's button (pending.ts). */
  signAction: string;
  /** "Abra o diário": the e-mail asking the client's representative to sign, before ", confira o conteúdo e assine". */
  openToSign: string;
  /** 403: the caller signs none of this document's roles. */
  notASigner: string;
  /** 409: the document was voided. */
  voided: string;
  /** 409: not in a state in which it is signed. */
  notConcluded: string;
  alreadySigned: string;
  /** 409: the first signer has not signed yet. */
  order: string;
  /** The reason of a signature voided because an administrator changed the content behind it. */
  contentChanged: string;
  /** Why a step out of the signed states voids the signatures ("Diário reaberto"), and the void step's. */
  reopened: string;
  voidedByStep: string;
  /** The public verification's sentences. */
  verifyVoidedSignatures: string;
  verifyInCorrection: string;
  verifyContentChanged: string;
  /** The e-mails: the document as the object of a sentence ("o diário de obra"), its number's label. */
  documentNoun: string;
  numberLabel: string;
  concludedSubject: string;
  noPdf: string;
  photosLeftOut: string;
  distributionFooter: (obra: string) => string;
  reopenedSubject: string;
  reopenedIntro: (by: string) => string;
  voidedSubject: string;
  voidedIntro: (by: string) => string;
  voidNoticeFooter: string;
}

export interface SignedDocument {
  /** The entity's schema name. */
  entity: string;
  /** The states in which the document is signed (locked for everyone). */
  signedIn: readonly string[];
  /** The state of a voided document, when the entity has one. */
  voidedState?: string;
  /** The roles, in signing order, and their pt-BR names. */
  order: readonly SignerRole[];
  labels: Record<SignerRole, string>;
  /** The person field naming the first signer ('responsavel'): whose "Minhas pendências" lists the document (pending.ts). */
  signerField: string;
  /** The role in which the user signs this record, or null. */
  signerRoleOf(user: PortalUser, row: Row): SignerRole | null;
  /** Whose own workflow message already tells of a reopening (not sent the void notice): an e-mail or ''. */
  ownerMail(row: Row): string;
  /** "Diário de obra nº 12 — Galpão Cajamar — 05/11/2026". */
  title(row: Row, site: Row | undefined): string;
  fileName(row: Row): string;
  /** The document as PDF; without `storage` it leaves the photos out. */
  render(db: Db, storage: FileStorage | undefined, row: Row, opts: { signatures?: PdfSignatures; site?: Row }): Promise<Buffer>;
  /** Whether this signature sends the signed PDF to the site's distribution list. */
  distributesSignature(papel: SignerRole, complete: boolean): boolean;
  /** What the signature changes beyond itself, in its transaction; returns the record as it then is (or undefined: unchanged). */
  afterSign?(event: SignedEvent): Promise<Row | undefined>;
  texts: SignedDocumentTexts;
}

const DOCUMENTS = new Map<string, SignedDocument>();

export function registerSignedDocument(doc: SignedDocument): void {
  const known = DOCUMENTS.get(doc.entity);
  if (known && known !== doc) throw new Error(`Signed document "${doc.entity}" is registered twice.`);
  DOCUMENTS.set(doc.entity, doc);
}

/** The document an entity is, or undefined. */
export const signedDocumentOf = (schema: Pick<EntitySchema, 'name'>): SignedDocument | undefined => DOCUMENTS.get(schema.name);

/** The document an entity is; throws when it is none (a route mounted for an entity that did not register). */
export function signedDocument(schema: Pick<EntitySchema, 'name'>): SignedDocument {
  const doc = DOCUMENTS.get(schema.name);
  if (!doc) throw new Error(`${schema.name} is not a signed document (src/server/signatures/documents.ts).`);
  return doc;
}
