/** The return URL of the corporate sign-in (no Amplify import: the public pages use it). */
export const FEDERATED_PATH = '/acessoFederado';

/**
 * The corporate provider may come back with the result in the hash (`#code=…&state=…`):
 * turn it into a query string before Amplify reads the URL.
 */
export function hashToQuery(loc: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string | null {
  if (!loc.hash || loc.hash.length < 2) return null;
  const fromHash = new URLSearchParams(loc.hash.slice(1));
  if (!fromHash.has('code') && !fromHash.has('error') && !fromHash.has('state')) return null;
  const q = new URLSearchParams(loc.search);
  for (const [k, v] of fromHash) q.set(k, v);
  return `${loc.pathname}?${q.toString()}`;
}
