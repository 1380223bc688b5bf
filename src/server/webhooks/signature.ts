/**
 * Webhook signatures (issue 41): `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`, one per secret in
 * force (the current one and, during a rotation's grace period, the previous one), comma-separated.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** One `v1=` signature of `body` sent at `timestamp` (unix seconds). */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The `Portal-Webhook-Signature` header: the current secret first, then the previous ones. */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets.map((s) => signPayload(s, timestamp, body)).join(',');
}

/** Whether one of the header's signatures is `body`'s with `secret` (constant-time compare). */
export function verifySignature(secret: string, timestamp: number, body: string, header: string): boolean {
  const expected = Buffer.from(signPayload(secret, timestamp, body));
  return header.split(',').some((part) => {
    const given = Buffer.from(part.trim());
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
