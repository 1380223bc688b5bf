/**
 * The answer of a small, unpaginated list (issue 36, "every list answers with its total header"):
 * the rows as JSON with `x-total-count` set to how many there are, like the paged lists that set it
 * to the total of every page. Set by the route, not by a middleware reading the body back, which
 * would take every answer off Node's fast path (see compress.ts).
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function listJson(c: Context, rows: readonly unknown[], status: ContentfulStatusCode = 200) {
  c.header('x-total-count', String(rows.length));
  return c.json(rows, status);
}
