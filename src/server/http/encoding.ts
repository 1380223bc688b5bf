/**
 * Content coding negotiation (RFC 9110 §12.5.3): the best of the codings we can send for an
 * `Accept-Encoding` header. Brotli first, then gzip, when the client weighs them equally.
 */
export type Coding = 'br' | 'gzip';

const PREFERENCE: readonly Coding[] = ['br', 'gzip'];

/** Parses `Accept-Encoding` into coding → q (lower-case names; a missing q is 1). */
function parse(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    out.set(name.trim().toLowerCase(), Number.isFinite(q) ? q : 0);
  }
  return out;
}

/** The coding to use among `available` (in our order of preference), or undefined for identity. */
export function chooseCoding(header: string | undefined, available: readonly Coding[] = PREFERENCE): Coding | undefined {
  if (!header) return undefined;
  const accepts = parse(header);
  const wildcard = accepts.get('*');
  let best: { coding: Coding; q: number } | undefined;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const q = accepts.get(coding) ?? (coding === 'gzip' ? accepts.get('x-gzip') : undefined) ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { coding, q };
  }
  return best?.coding;
}

/** Adds `Accept-Encoding` to a `Vary` header value. */
export function varyOnEncoding(current: string | null): string {
  if (!current) return 'Accept-Encoding';
  if (current.trim() === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}
