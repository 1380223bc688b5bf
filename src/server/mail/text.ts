/** Small text helpers for what the server writes to people (e-mails, notices, records opened from another). */

/** `s` cut to at most `max` characters, ending with "…" when it was longer. */
export const clip = (s: string, max: number): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
