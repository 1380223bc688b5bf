/**
 * Who signs a daily report, in which order, and why the caller may not sign now (issue 26,
 * docs/access.md decisions 5, 28, 31 and 32). First the report's site manager ('responsavel': the
 * person the report names, the site's substitute site manager, or whoever stands in for the site
 * manager during an absence — the people the rules let write the report); then the client's
 * representative of the site ('cliente': a client user with `representante_cliente` and the
 * report's site). Only a concluded report is signed, each role once per content.
 */
import { RDO_CONCLUDED, RDO_VOIDED } from '../../../schemas/diario';
import { externalKindOf, type PortalUser } from '../../access/user';
import type { SignerRole, StoredSignature } from './store';

export const SIGNER_ORDER: readonly SignerRole[] = ['responsavel', 'cliente'];

export { SIGNER_LABEL } from '../../../schemas/signature-types';

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** The role in which the user signs this report, or null when they sign none. */
export function signerRoleOf(user: PortalUser, row: Record<string, unknown>): SignerRole | null {
  const obra = String(row.obra ?? '');
  const kind = externalKindOf(user);
  if (kind === 'cliente') return user.roles.includes('representante_cliente') && user.obra.includes(obra) ? 'cliente' : null;
  if (kind) return null;
  const manager = lower((row.siteManager as { mail?: unknown } | null)?.mail);
  const me = lower(user.email);
  if (me && manager && (me === manager || (user.emNomeDe ?? []).includes(manager))) return 'responsavel';
  if (user.roles.includes('site_manager_substituto') && (user.obrasSubstituto ?? []).includes(obra)) return 'responsavel';
  return null;
}

export const isConcluded = (row: Record<string, unknown>) => RDO_CONCLUDED.includes(String(row.status));

/** A signature in force whose content is the current one. */
export const isValid = (s: StoredSignature, hash: string) => !s.anuladaEm && s.hash === hash;

/** The role that signs next (null when the report is not concluded or is fully signed). */
export function nextSigner(row: Record<string, unknown>, signatures: StoredSignature[], hash: string): SignerRole | null {
  if (!isConcluded(row)) return null;
  return SIGNER_ORDER.find((papel) => !signatures.some((s) => s.papel === papel && isValid(s, hash))) ?? null;
}

export const NOT_A_SIGNER = 'Só o site manager do diário e o representante do cliente da obra assinam este diário.';

/** Why the caller cannot sign now: the status the API answers and the pt-BR sentence; null when they can. */
export function refusal(
  row: Record<string, unknown>,
  papel: SignerRole | null,
  signatures: StoredSignature[],
  hash: string,
): { status: 403 | 409; message: string } | null {
  if (row.status === RDO_VOIDED) return { status: 409, message: 'Este diário foi anulado e não recebe mais assinaturas.' };
  if (!papel) return { status: 403, message: NOT_A_SIGNER };
  if (!isConcluded(row)) return { status: 409, message: 'Só um diário concluído pode ser assinado: conclua o diário antes de assinar.' };
  if (signatures.some((s) => s.papel === papel && isValid(s, hash))) return { status: 409, message: 'Você já assinou este diário.' };
  const next = nextSigner(row, signatures, hash);
  if (next !== papel) return { status: 409, message: 'O site manager assina primeiro; depois, o representante do cliente.' };
  return null;
}
