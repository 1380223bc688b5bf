/** Password policy of the user pool (docs/specification.md §5), for live checks on every new-password form. */

export interface PasswordRuleState {
  key: 'length' | 'lower' | 'upper' | 'number' | 'symbol';
  label: string;
  ok: boolean;
}

export const PASSWORD_MIN_LENGTH = 8;
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

export function passwordRules(password: string): PasswordRuleState[] {
  const p = password ?? '';
  return [
    { key: 'length', label: `Pelo menos ${PASSWORD_MIN_LENGTH} caracteres`, ok: p.length >= PASSWORD_MIN_LENGTH },
    { key: 'lower', label: 'Uma letra minúscula', ok: /[a-z]/.test(p) },
    { key: 'upper', label: 'Uma letra maiúscula', ok: /[A-Z]/.test(p) },
    { key: 'number', label: 'Um número', ok: /[0-9]/.test(p) },
    { key: 'symbol', label: 'Um símbolo (por exemplo ! @ # $ %)', ok: SYMBOL.test(p) },
  ];
}

export function isPasswordValid(password: string): boolean {
  return passwordRules(password).every((r) => r.ok);
}

/** First unmet rule as a sentence, or null. */
export function passwordProblem(password: string): string | null {
  const bad = passwordRules(password).find((r) => !r.ok);
  return bad ? `A senha precisa de: ${bad.label.toLowerCase()}.` : null;
}
