/**
 * Sign-in throttling of the local identity stack (the user pool's own login and the corporate
 * sign-in form): after `maxPerAccount` failed attempts on one account, or `maxPerAddress` from one
 * network address, within `windowMs` of the first of them, further attempts are refused until that
 * window ends. A successful sign-in clears the account's failures.
 *
 * Counted by rate-limiter-flexible in the portal's store (src/server/http/rate-limit-store.ts: the
 * database, or Redis with `REDIS_URL`), so the counters hold across processes and restarts; while
 * the store fails, in this process's memory. Without a store (tests, a stack started alone), in
 * memory. (Real Cognito throttles on its own.)
 *
 * Every failure, with its reason, also goes to `onFailure` (the audit trail, issue 35:
 * src/server/audit/sign-in-failures.ts): the ones counted (`fail`), the attempts refused while
 * throttled, and the refusals that are not counted (`refused`: a disabled account).
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SignInFailure } from '../../../resources/audit';
import { createLimiter, type RateLimitStore } from '../http/rate-limit-store';

export interface ThrottleOptions {
  windowMs?: number;
  maxPerAccount?: number;
  maxPerAddress?: number;
  /** Where the failures are counted (default: this process's memory). */
  store?: RateLimitStore;
  /** Names the counters in the store (default 'entrada': sign-ins; the ethics channel's follow-up has its own). */
  keyPrefix?: string;
  /** Told of every failed attempt and its reason (must not throw). */
  onFailure?: (failure: { account: string; address: string; reason: SignInFailure }) => void;
}

export interface SignInThrottle {
  /** Milliseconds until the account / address may try again, or 0 when it may now. */
  retryAfter(account: string, address: string): Promise<number>;
  /** A failed attempt (wrong password, unknown account); the reason defaults to "e-mail ou senha incorretos". */
  fail(account: string, address: string, reason?: SignInFailure): Promise<void>;
  /** An attempt refused without counting it (a disabled account): only reported. */
  refused(account: string, address: string, reason: SignInFailure): void;
  /** A successful sign-in: the account's failures are forgotten. */
  succeed(account: string): Promise<void>;
}

export const THROTTLE_DEFAULTS = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20 } as const;

/** The pt-BR refusal: "Muitas tentativas. Tente novamente em N minutos." */
export function throttleMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/** Keys fit the store's column (255) whatever an attacker types as the account. */
const accountKey = (a: string) => a.trim().toLowerCase().slice(0, 200);
const addressKey = (a: string) => a.slice(0, 100);

export function createSignInThrottle(opts: ThrottleOptions = {}): SignInThrottle {
  const durationSec = Math.max(1, Math.round((opts.windowMs ?? THROTTLE_DEFAULTS.windowMs) / 1000));
  const maxAccount = opts.maxPerAccount ?? THROTTLE_DEFAULTS.maxPerAccount;
  const maxAddress = opts.maxPerAddress ?? THROTTLE_DEFAULTS.maxPerAddress;
  const store = opts.store ?? { kind: 'memory' };
  const prefix = opts.keyPrefix ?? 'entrada';
  const report = (account: string, address: string, reason: SignInFailure) => {
    try {
      opts.onFailure?.({ account: account.trim().toLowerCase().slice(0, 200), address, reason });
    } catch {
      // the audit trail never stops a sign-in
    }
  };
  // One counter for the accounts, one for the addresses (created once, on first use).
  let limiters: Promise<[RateLimiterAbstract, RateLimiterAbstract]> | undefined;
  const ready = () =>
    (limiters ??= Promise.all([
      createLimiter(store, { keyPrefix: `${prefix}-conta`, points: maxAccount, durationSec }),
      createLimiter(store, { keyPrefix: `${prefix}-endereco`, points: maxAddress, durationSec }),
    ]));
  const wait = async (limiter: RateLimiterAbstract, key: string, max: number): Promise<number> => {
    const res = await limiter.get(key);
    return res && res.consumedPoints >= max && res.msBeforeNext > 0 ? res.msBeforeNext : 0;
  };

  return {
    async retryAfter(account, address) {
      const [byAccount, byAddress] = await ready();
      const [a, b] = await Promise.all([
        account ? wait(byAccount, accountKey(account), maxAccount) : 0,
        address ? wait(byAddress, addressKey(address), maxAddress) : 0,
      ]);
      const ms = Math.max(a, b);
      if (ms) report(account, address, 'bloqueado');
      return ms;
    },
    async fail(account, address, reason = 'credenciais') {
      report(account, address, reason);
      const [byAccount, byAddress] = await ready();
      await Promise.all([account ? byAccount.penalty(accountKey(account)) : null, address ? byAddress.penalty(addressKey(address)) : null]);
    },
    refused(account, address, reason) {
      report(account, address, reason);
    },
    async succeed(account) {
      if (!account) return;
      const [byAccount] = await ready();
      await byAccount.delete(accountKey(account));
    },
  };
}
