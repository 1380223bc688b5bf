/**
 * One sign-in is one session across the tokens' renewals (issue 35), as on Cognito: the ID and
 * access tokens carry `origin_jti` (the sign-in's id) and `auth_time` (its moment), and a renewal
 * (`REFRESH_TOKEN_AUTH`) keeps both. cognito-local 5.3 writes no `origin_jti` and gives every token
 * a new `auth_time`, so the API (`sessionKeyOf`, src/server/audit/access-tracking.ts) took each
 * renewal for a new sign-in: a new row in the active sessions, and "sair deste" undone by the next
 * renewal.
 *
 * Here the emulator's token generator is wrapped (emulator.ts): the sign-in's id is the `jti` of
 * the refresh token issued with it (one per sign-in, kept by the emulator with the user) and its
 * moment that token's `iat`; the ID and access tokens are signed again with both, with the
 * emulator's own key. A renewal runs knowing the refresh token it presents (`renewingWith`), so
 * its tokens get the same two claims.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { decodeJwt } from 'jose';

/** The tokens the emulator's generator returns. */
interface Tokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
}

/** Signs a payload as the emulator does (RS256, its key id). */
export type SignToken = (payload: Record<string, unknown>) => string;

interface Origin {
  origin_jti: string;
  auth_time: number;
}

const presented = new AsyncLocalStorage<string>();

const REFRESH_FLOWS = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);

/** The sign-in a refresh token belongs to, or undefined when it is not one of ours. */
export function originOf(refreshToken: string | undefined): Origin | undefined {
  if (!refreshToken) return undefined;
  try {
    const { jti, iat } = decodeJwt(refreshToken);
    return typeof jti === 'string' && jti && typeof iat === 'number' ? { origin_jti: jti, auth_time: iat } : undefined;
  } catch {
    return undefined;
  }
}

/** Runs the emulator's answer to an operation; a renewal's knows the refresh token it presents. */
export function renewingWith<T>(body: Record<string, unknown>, run: () => T): T {
  const params = body.AuthParameters as Record<string, unknown> | undefined;
  const token = params?.REFRESH_TOKEN;
  return REFRESH_FLOWS.has(String(body.AuthFlow)) && typeof token === 'string' ? presented.run(token, run) : run();
}

function withOrigin(token: string, origin: Origin, sign: SignToken): string {
  return sign({ ...decodeJwt(token), ...origin });
}

type Generate = (...args: unknown[]) => Promise<Tokens>;

/**
 * Makes the generator's tokens carry their sign-in (`origin_jti`, `auth_time`): at a sign-in, the
 * refresh token it issues; at a renewal (source `RefreshTokens`), the one presented. A renewal
 * outside `renewingWith` keeps the emulator's tokens as they are.
 */
export function keepSessionAcrossRenewals(generator: { generate: Generate }, sign: SignToken): void {
  const generate: Generate = generator.generate.bind(generator);
  generator.generate = async (...args: unknown[]) => {
    const tokens = await generate(...args);
    const source = args[5];
    const origin = originOf(source === 'RefreshTokens' ? presented.getStore() : tokens.RefreshToken);
    if (!origin) return tokens;
    return { ...tokens, IdToken: withOrigin(tokens.IdToken, origin, sign), AccessToken: withOrigin(tokens.AccessToken, origin, sign) };
  };
}
