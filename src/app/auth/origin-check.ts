/**
 * The corporate sign-in returns only to the addresses registered for the app client
 * (`oauth.redirectSignIn`). Opened by another address (127.0.0.1, a LAN address), the return would
 * fail later with a vague error: say in Portuguese what is wrong, and which address to use, before
 * leaving for the hosted sign-in.
 */

/** Portuguese explanation when `origin` is not a registered return address, else null. */
export function unregisteredOriginMessage(origin: string, redirectSignIn: readonly string[]): string | null {
  const origins = redirectSignIn
    .map((u) => {
      try {
        return new URL(u).origin;
      } catch {
        return '';
      }
    })
    .filter(Boolean);
  if (!origins.length || origins.includes(origin)) return null;
  return `O endereço usado (${origin}) não está autorizado para o login corporativo. Use ${origins[0]}.`;
}

/** The error login() reports (its message is already Portuguese and is shown as is). */
export class UnregisteredOriginError extends Error {
  override name = 'UnregisteredOriginException';
}
