/**
 * The API's rate limit (src/server/http/rate-limit.ts) may answer 429 on every operation counted:
 * all of `/api/v1` but the health checks, which answer before the limit.
 */
import { responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Answered before the limit (and `/metrics` lives outside `/api/v1`). */
const NOT_COUNTED = new Set(['/health', '/health/ready', '/metrics']);

/** Adds `429: TooManyRequests` where the operation does not declare its own (new objects: path items may be shared). */
export function withRateLimitResponses(paths: Record<string, JsonSchema>): void {
  for (const [path, item] of Object.entries(paths)) {
    if (NOT_COUNTED.has(path)) continue;
    const copy: JsonSchema = { ...item };
    for (const method of METHODS) {
      const op = item[method] as JsonSchema | undefined;
      if (!op) continue;
      const responses = (op.responses ?? {}) as Record<string, JsonSchema>;
      copy[method] = { ...op, responses: { ...responses, 429: responses['429'] ?? r('TooManyRequests') } };
    }
    paths[path] = copy;
  }
}
