/** The user pool's password policy (docs/specification.md §5): 8+, lowercase, uppercase, digit and symbol. */
export const PASSWORD_MIN_LENGTH = 8;
// Cognito's accepted symbol set.
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** Cognito-style complaint for the first rule the password breaks, or null when it conforms. */
export function passwordPolicyViolation(password: string): string | null {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) return 'Password not long enough';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (!SYMBOLS.test(password)) return 'Password must have symbol characters';
  return null;
}
