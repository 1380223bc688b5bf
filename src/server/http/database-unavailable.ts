/**
 * The database cannot be reached (restarting, failing over, refusing connections, a connection cut
 * in the middle of a query): the request gets 503 with `Retry-After` and a message in Portuguese,
 * never a 500, and the pool reconnects by itself once the database is back.
 */
export const DATABASE_UNAVAILABLE_MESSAGE = 'O banco de dados está indisponível no momento (reiniciando ou sem conexão). Tente novamente em instantes.';

/** Node's socket errors of a connection that cannot be made or was lost. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** `pg`'s own messages for a lost or impossible connection (no code on these errors). */
const PG_CLIENT_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/i;

/**
 * Whether `err` says the database is unreachable: PostgreSQL's connection exceptions (08xxx), an
 * administrator or crash shutdown and "cannot connect now" (57P01–57P03), too many connections
 * (53300), the socket errors and `pg`'s connection messages.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300' || SOCKET_CODES.has(code)) return true;
  return typeof e?.message === 'string' && PG_CLIENT_MESSAGES.test(e.message);
}
