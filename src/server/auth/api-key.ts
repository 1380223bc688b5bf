/**
 * API keys (issue 41) as text: how one is made, recognised and read from a request. A key is
 * `ptl_<16 hex>_<43 base64url>`: the prefix tells it from an ID token (a JWT has three dot-separated
 * parts and no such prefix), the hex part is its public id (looked up, shown in the lists) and the
 * rest is 256 random bits. Only the SHA-256 of the whole key is stored; a key is compared in constant
 * time. Accepted only as `Authorization: Bearer <key>` or `X-API-Key: <key>`: anywhere else (another
 * scheme, no scheme, the query string) the request is refused with 400 saying where to send it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { API_KEY_PREFIX } from '../../../resources/service-accounts';

const KEY = /^ptl_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
/** A key (its id and the start of its secret) inside a text: a query string. */
const KEY_INSIDE = /ptl_[0-9a-f]{16}_[A-Za-z0-9_-]{10}/i;

export const API_KEY_HEADER = 'x-api-key';

/** Where a key goes, in every refusal of a misplaced one. */
export const API_KEY_WHERE = 'Envie a chave de API no cabeçalho "Authorization: Bearer <chave>" ou "X-API-Key: <chave>".';

/** A new key and what is stored of it. */
export function newApiKey(): { chave: string; prefixo: string; hash: string } {
  const id = randomBytes(8).toString('hex');
  const chave = `${API_KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
  return { chave, prefixo: `${API_KEY_PREFIX}${id}`, hash: apiKeyHash(chave) };
}

export const apiKeyHash = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** Whether the stored hash is the key's (constant time). */
export function apiKeyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(apiKeyHash(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The public id (`ptl_<16 hex>`) of a well-formed key, or undefined. */
export function apiKeyPrefix(key: string): string | undefined {
  const m = KEY.exec(key);
  return m ? `${API_KEY_PREFIX}${m[1]}` : undefined;
}

/** Whether a credential is meant as an API key (its prefix), well formed or not. */
export const isApiKeyText = (text: string | undefined | null): boolean => typeof text === 'string' && text.startsWith(API_KEY_PREFIX);

/** What a request says about an API key. */
export type ApiKeyPresence = { kind: 'none' } | { kind: 'key'; key: string } | { kind: 'misplaced'; message: string };

/**
 * The key of a request: `Authorization: Bearer ptl_…` or `X-API-Key: ptl_…` (both: the same key).
 * A key in another scheme, without a scheme, in the query string or inside `X-API-Key` with a
 * scheme is misplaced.
 */
export function apiKeyOf(c: Context): ApiKeyPresence {
  const auth = (c.req.header('authorization') ?? '').trim();
  const header = c.req.header(API_KEY_HEADER);
  const query = new URL(c.req.url).search;
  if (query && KEY_INSIDE.test(decodeSafe(query)))
    return {
      kind: 'misplaced',
      message: `Chave de API na URL não é aceita: a URL fica gravada em logs e históricos. ${API_KEY_WHERE} Por segurança, revogue esta chave e emita outra.`,
    };
  let fromAuth: string | undefined;
  // A credential of the header (after a scheme, or alone) that starts like a key; an ID token starts with "eyJ".
  if (auth.split(/\s+/).some(isApiKeyText)) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth);
    if (!m || !isApiKeyText(m[1])) {
      const scheme = /^(\S+)\s+\S/.exec(auth)?.[1];
      const said = scheme && !isApiKeyText(scheme) ? `com o esquema "${scheme.slice(0, 20)}"` : 'sem o esquema Bearer';
      return { kind: 'misplaced', message: `Chave de API enviada no cabeçalho Authorization ${said}. ${API_KEY_WHERE}` };
    }
    fromAuth = m[1];
  }
  if (header !== undefined) {
    const value = header.trim();
    if (/\s/.test(value)) return { kind: 'misplaced', message: `O cabeçalho X-API-Key leva só a chave, sem "Bearer" nem outro prefixo. ${API_KEY_WHERE}` };
    if (fromAuth && fromAuth !== value)
      return { kind: 'misplaced', message: `Duas chaves diferentes em Authorization e X-API-Key: envie uma só. ${API_KEY_WHERE}` };
    if (!fromAuth && auth)
      return { kind: 'misplaced', message: `Uma chave em X-API-Key e outra credencial em Authorization: envie só a chave. ${API_KEY_WHERE}` };
    return { kind: 'key', key: value };
  }
  return fromAuth ? { kind: 'key', key: fromAuth } : { kind: 'none' };
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}
