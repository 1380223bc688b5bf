/**
 * The pending sign-in challenge of the current page (new password, MFA / TOTP code), kept in
 * memory. Its own module so the public pages read it without loading Amplify.
 */
export interface PendingChallenge {
  step: string;
  username: string;
  detail?: unknown;
}

let pending: PendingChallenge | null = null;

export function pendingChallenge(): PendingChallenge | null {
  return pending;
}

export function setPendingChallenge(value: PendingChallenge | null): void {
  pending = value;
}
