/**
 * Failed sign-ins in the audit trail (issue 35). Two sources, never both for one portal:
 * - the local identity stack counts each failure in its throttle (src/server/identity/throttle.ts),
 *   with the reason it knows; `signInFailureRecorder` writes them (src/server/main.ts);
 * - with a real Cognito the failure happens between the browser and Cognito, which the API never
 *   sees: the app reports it (`POST /api/v1/auditoria/falhas-entrada`, no session, limited per
 *   address) with Cognito's error, recorded as "informado pelo aplicativo". It is the browser's word:
 *   a script can skip it or send false ones (bounded by the limit); Cognito's own log (CloudTrail,
 *   advanced security) stays the authoritative record there. A failure at the corporate provider's
 *   page never reaches the portal.
 */
import type { SignInFailure } from '../../../resources/audit';
import type { Db } from '../db/connect';
import { logger } from '../http/logger';
import { recordAccessEvent } from './access-events';

/** A failure as the identity stack's throttle reports it. */
export interface StackSignInFailure {
  account: string;
  address: string;
  reason: SignInFailure;
}

/** The throttle's `onFailure` that writes the failure in the audit trail (errors only logged). */
export function signInFailureRecorder(db: Db): (f: StackSignInFailure) => void {
  return (f) => {
    if (!f.account) return;
    recordAccessEvent(db, { tipo: 'falha_entrada', usuario: f.account, motivo: f.reason, ip: f.address || null, requestId: null }).catch((err) =>
      logger.warn({ err }, 'auditoria: falha de entrada não registrada'),
    );
  };
}

/** The reason of a Cognito error the app reports (its name and message, as Amplify gives them). */
export function reasonOfCognitoError(code: string, message: string): SignInFailure {
  switch (code) {
    case 'NotAuthorizedException':
      if (/disabled/i.test(message)) return 'conta_inativa';
      if (/attempts exceeded/i.test(message)) return 'bloqueado';
      return 'credenciais';
    case 'UserNotFoundException':
      return 'conta_desconhecida';
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return 'codigo_incorreto';
    case 'PasswordResetRequiredException':
      return 'senha_expirada';
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return 'bloqueado';
    default:
      return 'outro';
  }
}
