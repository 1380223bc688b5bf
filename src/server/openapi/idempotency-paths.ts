/** The `Idempotency-Key` header on the document's authenticated writes (src/server/idempotency). */
import { parameterRef as P, responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/** Every authenticated write takes `Idempotency-Key`: the parameter, and its 409 and 422 answers (new objects: path items may be shared). */
export function withIdempotencyKey(paths: Record<string, JsonSchema>): void {
  for (const [path, item] of Object.entries(paths)) {
    let copy: JsonSchema | undefined;
    for (const method of WRITE_METHODS) {
      const op = item[method] as JsonSchema | undefined;
      if (!op || (Array.isArray(op.security) && op.security.length === 0)) continue;
      const responses = (op.responses ?? {}) as Record<string, JsonSchema>;
      copy ??= { ...item };
      copy[method] = {
        ...op,
        parameters: [...((op.parameters as JsonSchema[] | undefined) ?? []), P('Idempotency-Key')],
        responses: { ...responses, 409: responses['409'] ?? r('Conflict'), 422: responses['422'] ?? r('UnprocessableEntity') },
      };
    }
    if (copy) paths[path] = copy;
  }
}
