/**
 * The "Código do erro" of the API's error answers (issue 35): the id of the request (`requestId`
 * in the body, `x-request-id` in the headers), kept by the error's message for a short while, so the
 * notification that shows the message (opened by Refine or by a screen, with only the text) shows
 * the code too, and support finds the request's log line.
 */
const KEEP_MS = 30_000;
const MAX = 50;
const byMessage = new Map<string, { id: string; at: number }>();

/** Remembers the request id of an error message. */
export function rememberRequestId(message: string, id: string | undefined, now = Date.now()): void {
  if (!message || !id) return;
  byMessage.delete(message);
  byMessage.set(message, { id, at: now });
  if (byMessage.size > MAX) byMessage.delete(byMessage.keys().next().value as string);
}

/** The request id of the latest error with one of these texts, if recent. */
export function requestIdFor(texts: (string | undefined)[], now = Date.now()): string | undefined {
  for (const t of texts) {
    const hit = t ? byMessage.get(t) : undefined;
    if (hit && now - hit.at < KEEP_MS) return hit.id;
  }
  return undefined;
}

/** The id of an error answer (body first, then the header). */
export function requestIdOf(body: unknown, headers: { get?: (k: string) => unknown } | Record<string, unknown> | undefined): string | undefined {
  const fromBody = body && typeof body === 'object' ? (body as { requestId?: unknown }).requestId : undefined;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  const h = headers as { get?: (k: string) => unknown } & Record<string, unknown>;
  const fromHeader = typeof h?.get === 'function' ? h.get('x-request-id') : h?.['x-request-id'];
  return typeof fromHeader === 'string' && fromHeader ? fromHeader : undefined;
}
