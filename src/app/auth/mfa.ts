/**
 * The second factor (TOTP, issue 35) of own-login accounts, over Amplify: enrolment of an
 * authenticator app (Cognito's AssociateSoftwareToken → VerifySoftwareToken → SetUserMFAPreference)
 * and the portal's side (`/api/v1/mfa`: the record the policy reads, the recovery codes).
 * Errors are thrown as PortugueseAuthError (original logged).
 */
import { setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { ensureAmplify } from './amplify';
import { PortugueseAuthError } from './messages';

/** The name the authenticator app shows for the account. */
export const TOTP_ISSUER = 'Portal';

/** The state `GET /api/v1/mfa` answers. */
export interface MfaState {
  disponivel: boolean;
  ativo: boolean;
  registrado?: boolean;
  obrigatorio: boolean;
  codigosRestantes: number;
  ativadoEm: string | null;
}

export { MFA_REASON, MFA_REQUIRED_CODE, mfaProfileRoute } from './mfa-routes';

async function run<T>(context: string, fn: () => Promise<T>): Promise<T> {
  try {
    await ensureAmplify();
    return await fn();
  } catch (e) {
    throw PortugueseAuthError.from(e, context);
  }
}

/** A new secret for the authenticator app, and its `otpauth://` address (the QR code). */
export function startTotpSetup(email: string): Promise<{ secret: string; uri: string }> {
  return run('setUpTOTP', async () => {
    const out = await setUpTOTP();
    return { secret: out.sharedSecret, uri: out.getSetupUri(TOTP_ISSUER, email).toString() };
  });
}

/** The app's 6-digit code confirms the enrolment; TOTP becomes the preferred (and only) second factor. */
export function confirmTotpSetup(code: string): Promise<void> {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return Promise.reject(new PortugueseAuthError('Informe os 6 dígitos do aplicativo autenticador.', code, 'InvalidCode'));
  return run('verifyTOTPSetup', async () => {
    await verifyTOTPSetup({ code: digits });
    await updateMFAPreference({ totp: 'PREFERRED' });
  });
}

/** The secret in groups of four, easier to type into an app. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The recovery codes as a text file's content. */
export function recoveryCodesText(email: string, codes: string[]): string {
  return [
    `Códigos de recuperação do Portal — ${email}`,
    'Cada código vale uma vez. Use um deles para entrar se perder o aplicativo autenticador.',
    '',
    ...codes,
    '',
  ].join('\n');
}
