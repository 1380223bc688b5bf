/**
 * Loads the current user and their rules from `GET /api/v1/me` (the same rules the API
 * enforces, packed with `packRules`) and builds the app's ability from them.
 */
import { abilityFromPacked, type AppAbility } from '../../access/ability';
import { normalizeUser, type PortalUser } from '../../access/user';
import { getIdToken } from '../auth/auth-provider';
import { rememberRevocation } from '../auth/revoked-notice';

export interface LoadAbilityOptions {
  apiUrl?: string;
  getToken?: () => Promise<string | undefined | null> | string | undefined | null;
  fetchImpl?: typeof fetch;
}

export interface LoadedAbility {
  user: PortalUser;
  ability: AppAbility;
}

export class AbilityLoadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AbilityLoadError';
  }
}

/** Headers with the bearer token, when there is one. */
export async function bearerHeaders(getToken: LoadAbilityOptions['getToken'] = getIdToken): Promise<Record<string, string>> {
  const token = await getToken?.();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function loadAbility(options: LoadAbilityOptions = {}): Promise<LoadedAbility> {
  const { apiUrl = '/api/v1', getToken = getIdToken, fetchImpl = fetch } = options;
  let response: Response;
  try {
    response = await fetchImpl(`${apiUrl}/me`, {
      headers: { Accept: 'application/json', ...(await bearerHeaders(getToken)) },
    });
  } catch (err) {
    throw new AbilityLoadError(err instanceof Error ? err.message : 'Network Error');
  }
  if (!response.ok) {
    // A revoked access (issue 35) is told on the sign-in page the session then goes to.
    if (response.status === 401) rememberRevocation(await response.json().catch(() => null));
    throw new AbilityLoadError(`GET /me: ${response.status}`, response.status);
  }
  const body = (await response.json()) as { user?: unknown; rules?: unknown };
  return { user: normalizeUser(body.user), ability: abilityFromPacked(body.rules) };
}
