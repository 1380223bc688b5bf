/**
 * A user's second-factor preference as Cognito changes it (SetUserMFAPreference), used by the
 * emulator's calls and by the enrolment in mfa.ts.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the emulator's user records are untyped JSON */
import { CognitoCallError } from './errors';

type Json = Record<string, any>;

/** As Cognito's GetUser: no `UserMFASettingList` when the user has no factor. */
export const listOrNothing = (list: string[]) => (list.length ? list : undefined);

export const fail = (code: string, message: string): never => {
  throw new CognitoCallError(code, message);
};

/** The user with a new MFA preference (SetUserMFAPreference / AdminSetUserMFAPreference's body), as Cognito checks it. */
export function withMfaPreference(user: any, body: Json): any {
  const sms = body.SMSMfaSettings;
  const software = body.SoftwareTokenMfaSettings;
  if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
    return fail('InvalidParameterException', 'User has not verified software token MFA');
  }
  const methods = new Set<string>(user.UserMFASettingList ?? []);
  const set = (method: string, enabled: boolean) => (enabled ? methods.add(method) : methods.delete(method));
  if (sms) set('SMS_MFA', !!sms.Enabled);
  if (software) set('SOFTWARE_TOKEN_MFA', !!software.Enabled);
  const preferred = sms?.PreferredMfa ? 'SMS_MFA' : software?.PreferredMfa ? 'SOFTWARE_TOKEN_MFA' : undefined;
  if (preferred && !methods.has(preferred)) return fail('InvalidParameterException', `Cannot set ${preferred} as preferred, it is not enabled`);
  const kept = user.PreferredMfaSetting && methods.has(user.PreferredMfaSetting) ? user.PreferredMfaSetting : undefined;
  return { ...user, UserMFASettingList: listOrNothing([...methods]), PreferredMfaSetting: preferred ?? kept };
}
