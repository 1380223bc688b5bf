/**
 * Who signs a document of record (the daily report, issue 26; the RIT, issue 40) and how. What the
 * API answers about signatures is declared in resources/signatures.ts. Shared by the server
 * (src/server/signatures) and the app (src/app/modules/rdo, verificar).
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
