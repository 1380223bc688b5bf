/** The signed-in user's identity as the app shows it, read from the ID token's claims. */
import { providerName } from './auth-config';
import { ownLoginTipo } from '../../access/user';

export interface AuthIdentity {
  id: string;
  name: string;
  email: string;
  tipo: string;
  roles: string[];
  obra: string[];
  empresa: string[];
  avatar?: string;
  /** From `/api/v1/me` when available. */
  user?: unknown;
}

export function decodePayload(token: string): Record<string, unknown> {
  try {
    const b64 = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(b64))
        .map((c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0'))
        .join(''),
    );
    return JSON.parse(json);
  } catch {
    return {};
  }
}

function list(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v !== 'string' || !v.trim()) return [];
  try {
    const parsed = JSON.parse(v);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
}

function isFederated(claims: Record<string, unknown>): boolean {
  if (claims.identities) return true;
  const groups = claims['cognito:groups'];
  return Array.isArray(groups) && groups.some((g) => String(g).endsWith(`_${providerName()}`));
}

/** Identity from ID-token claims (same rules as the API's verifier, for display). */
export function identityFromClaims(claims: Record<string, unknown>): AuthIdentity {
  const email = String(claims.email ?? claims['cognito:username'] ?? '').toLowerCase();
  const federated = isFederated(claims);
  return {
    id: String(claims.sub ?? ''),
    name: typeof claims.name === 'string' && claims.name ? claims.name : email,
    email,
    tipo: federated ? 'PE' : ownLoginTipo(list(claims['custom:roles'])),
    roles: list(claims['custom:roles']),
    obra: list(claims['custom:obra']),
    empresa: federated ? ['Portal Engenharia'] : list(claims['custom:empresa']),
  };
}
