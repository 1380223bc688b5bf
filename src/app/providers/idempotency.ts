/**
 * `Idempotency-Key` on the app's writes (issue 26): one key per submit. A submit sent again because
 * it got no answer (network cut, server down) keeps its key, so the API answers it once even when
 * the first attempt was saved and only its reply was lost; a submit of other values, or after the
 * server answered, gets a new key. The data provider sends `meta.idempotencyKey` as the header.
 */
import { useMemo } from 'react';
import type { HttpError } from '@refinedev/core';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The request headers a data provider call gets from its `meta` (its own headers plus the key). */
export function headersWithKey(meta: Record<string, unknown> | undefined): Record<string, string> | undefined {
  const own = meta?.headers as Record<string, string> | undefined;
  const key = meta?.idempotencyKey;
  if (typeof key !== 'string' || !key) return own;
  return { ...own, [IDEMPOTENCY_HEADER]: key };
}

/** No answer that settles the submit: the same request may be sent again with the same key. */
export function unanswered(error: Pick<HttpError, 'statusCode' | 'errors'> | undefined): boolean {
  const status = error?.statusCode;
  if (!status) return true;
  // Session to renew, timeout, rate limit, server down: the API kept no answer for the key.
  if (status === 401 || status === 408 || status === 429 || status >= 500) return true;
  // 409 "the first request with this key is still running".
  return !!error?.errors && IDEMPOTENCY_HEADER in error.errors;
}

export interface SubmitKey {
  /** The key of a submit of `request` (what is sent: address and body). */
  next(request: unknown): string;
  /** The key of the last submit, if it has not been settled. */
  current(): string | undefined;
  /** The submit got its answer (`error` undefined: success): the next submit gets a new key, unless it was left unanswered. */
  settle(error?: Pick<HttpError, 'statusCode' | 'errors'>): void;
}

export function createSubmitKey(): SubmitKey {
  let last: { key: string; fingerprint: string } | undefined;
  return {
    next(request) {
      const fingerprint = JSON.stringify(request ?? null);
      if (!last || last.fingerprint !== fingerprint) last = { key: newIdempotencyKey(), fingerprint };
      return last.key;
    },
    current: () => last?.key,
    settle(error) {
      if (!error || !unanswered(error)) last = undefined;
    },
  };
}

/** A `SubmitKey` kept for the life of the component (a form, a record's workflow buttons). */
export function useSubmitKey(): SubmitKey {
  return useMemo(createSubmitKey, []);
}
