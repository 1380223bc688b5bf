/**
 * A person made inactive is out at once (issue 35). The API already refuses their next request (the
 * directory's `ativo`, src/server/site-users/directory.ts); this also closes the door at the identity
 * provider: the account is disabled and every refresh token revoked (a global sign-out), so no device
 * gets a new token; made active again, the account is enabled (they sign in anew).
 *
 * The provider is the one the API was created with (`createApp`'s `identityAdmin`); without one (a
 * deployment whose pool the portal does not administer) only the API's refusal applies. A failure
 * of the provider is logged and does not undo the change: the API's refusal holds on its own.
 */
import type { IdentityAdmin } from './identity-admin';

let provider: IdentityAdmin | undefined;

/** The identity provider that revocations go to (set by createApp). */
export function usePoolRevocation(admin: IdentityAdmin | undefined): void {
  provider = admin;
}

/** Disables (and signs out everywhere) or enables the person's account at the identity provider; whether it was done. */
export async function setPoolAccess(email: string, enabled: boolean): Promise<boolean> {
  if (!provider || !email) return false;
  try {
    const user = await provider.findUserByEmail(email);
    if (!user) return false;
    await provider.setEnabled(user.username, enabled);
    return true;
  } catch (e) {
    console.error(`[acesso] não foi possível ${enabled ? 'reativar' : 'desativar'} ${email} no provedor de identidade:`, (e as Error).message);
    return false;
  }
}
