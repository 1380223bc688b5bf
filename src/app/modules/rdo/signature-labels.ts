/** pt-BR words of the signatures, shared by the report's card and the public verification page. */
import { SIGNER_LABEL, type SignerRole, type SignMethod } from '../../../../schemas/signature-types';

export const ROLE_LABELS: Record<SignerRole, string> = SIGNER_LABEL;

export const METHOD_LABELS: Record<SignMethod, string> = {
  desenho: 'Assinatura desenhada',
  login: 'Confirmada com o login',
};

export const roleLabel = (papel: string): string => ROLE_LABELS[papel as SignerRole] ?? papel;
