/**
 * Sign-in throttling of the local identity stack (the user pool's own login and the corporate
 * sign-in form): after `maxPerAccount` failed attempts on one account, or `maxPerAddress` from one
 * network address, within `windowMs`, further attempts are refused until the oldest failure leaves
 * the window. A successful sign-in clears the account's failures.
 *
 * In memory, per process: the local stack is a single process for development and demonstrations;
 * a restart forgets the counters. (Real Cognito throttles on its own.)
 */

export interface ThrottleOptions {
  windowMs?: number;
  maxPerAccount?: number;
  maxPerAddress?: number;
  /** Clock (tests). */
  now?: () => number;
}

export interface SignInThrottle {
  /** Milliseconds until the account / address may try again, or 0 when it may now. */
  retryAfter(account: string, address: string): number;
  /** A failed attempt (wrong password, unknown account). */
  fail(account: string, address: string): void;
  /** A successful sign-in: the account's failures are forgotten. */
  succeed(account: string): void;
}

export const THROTTLE_DEFAULTS = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20 } as const;
/** Keys kept at most (old entries are dropped first), so that a flood cannot grow memory. */
const MAX_KEYS = 50_000;

/** The pt-BR refusal: "Muitas tentativas. Tente novamente em N minutos." */
export function throttleMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

export function createSignInThrottle(opts: ThrottleOptions = {}): SignInThrottle {
  const windowMs = opts.windowMs ?? THROTTLE_DEFAULTS.windowMs;
  const maxAccount = opts.maxPerAccount ?? THROTTLE_DEFAULTS.maxPerAccount;
  const maxAddress = opts.maxPerAddress ?? THROTTLE_DEFAULTS.maxPerAddress;
  const now = opts.now ?? Date.now;
  const failures = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const list = failures.get(key);
    if (!list) return [];
    const from = now() - windowMs;
    const kept = list.filter((t) => t > from);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };
  const wait = (key: string, max: number): number => {
    const list = recent(key);
    if (list.length < max) return 0;
    return Math.max(1, list[list.length - max] + windowMs - now());
  };
  const accountKey = (a: string) => `a:${a.trim().toLowerCase()}`;
  const addressKey = (a: string) => `i:${a}`;

  return {
    retryAfter(account, address) {
      return Math.max(account ? wait(accountKey(account), maxAccount) : 0, address ? wait(addressKey(address), maxAddress) : 0);
    },
    fail(account, address) {
      const t = now();
      for (const key of [account && accountKey(account), address && addressKey(address)]) {
        if (!key) continue;
        const list = recent(key);
        list.push(t);
        failures.delete(key); // re-insert: the map's order is the age of last use
        failures.set(key, list.slice(-Math.max(maxAccount, maxAddress)));
      }
      while (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value!);
    },
    succeed(account) {
      if (account) failures.delete(accountKey(account));
    },
  };
}
