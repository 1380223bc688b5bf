/**
 * The signatures of a document of record (the daily report, issue 26) as the API answers them:
 * `GET/POST /api/v1/diarios/{id}/assinaturas` and the public `GET /api/v1/verificar/{codigo}`.
 * Shared by the server (src/server/signatures) and the app (src/app/modules/rdo, verificar).
 */

/** Who signs: the site manager of the report, then the client's representative of the site. */
export type SignerRole = 'responsavel' | 'cliente';
/**
 * The one pt-BR name of each signer role, wherever a person reads it: the report's page, its PDF,
 * the e-mails and the public verification (issue 36 found three names for the same signer).
 */
export const SIGNER_LABEL: Record<SignerRole, string> = { responsavel: 'Responsável da obra', cliente: 'Representante do cliente' };

/** A drawn signature, or a confirmation with the person's own sign-in. */
export type SignMethod = 'desenho' | 'login';

export interface SignatureView {
  id: number;
  papel: SignerRole;
  nome: string;
  /** '' for an external reader, but their own (docs/access.md decision 29); likewise `ip` and `userAgent`. */
  email: string;
  metodo: SignMethod;
  /** ISO timestamp. */
  em: string;
  ip: string;
  userAgent: string;
  /** SHA-256 (hex) of the document's content when it was signed. */
  hash: string;
  /** Not voided, and the content is still the one signed. */
  valida: boolean;
  anuladaEm: string | null;
  anuladaMotivo: string | null;
  /** PNG data URL of a drawn signature. */
  imagem: string | null;
}

export interface SignaturesView {
  codigo: string | null;
  hashAtual: string;
  assinaturas: SignatureView[];
  proxima: SignerRole | null;
  podeAssinar: boolean;
  /** Why the caller cannot sign now (pt-BR). */
  motivo: string | null;
  /** The pt-BR name of each role in this document (the RIT's 'responsavel' is its "Inspetor"). */
  papeis: Record<SignerRole, string>;
}

/**
 * What the verification found, in one word: valid; voided by an administrator; its signatures voided
 * (reopened for correction); its content changed after signing; reopened and not signed since; never
 * signed.
 */
export type VerificationStatus = 'valido' | 'anulado' | 'assinaturas-anuladas' | 'conteudo-alterado' | 'em-correcao' | 'nao-assinado';

/** The public verification: whether the content matches what was signed, and by whom (nothing else). */
export interface Verification {
  valido: boolean;
  situacao: VerificationStatus;
  documento: string;
  assinaturas: { papel: SignerRole; nome: string; em: string; valida: boolean }[];
  mensagem: string;
  /** The pt-BR name of each role in this document (the RIT's 'responsavel' is its "Inspetor"). */
  papeis: Record<SignerRole, string>;
}
