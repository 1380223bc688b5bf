/**
 * GET /api/v1/openapi.json: the API description, for staff only (every staff user reads
 * `Permissao`, docs/access.md decision 3; clients and suppliers do not): the document lists every
 * resource and field of the portal, which is more than an external user needs to know.
 */
import type { Context } from 'hono';
import type { EntitySchema } from '../../../schemas/kinds';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { openApiDocument } from './document';

/** `schemas` may be a getter (the effective schemas, src/server/schema-config): the document is rebuilt when it returns another array. */
export function openApiHandler(schemas: EntitySchema[] | (() => EntitySchema[]), version: string) {
  let cached: string | undefined;
  let cachedFor: EntitySchema[] | undefined;
  return (c: Context<AppEnv>) => {
    if (!c.get('ability').can('read', 'Permissao')) throw new ApiError(403, 'A descrição da API é só para colaboradores.');
    const now = typeof schemas === 'function' ? schemas() : schemas;
    if (now !== cachedFor) cached = undefined;
    cachedFor = now;
    cached ??= JSON.stringify(openApiDocument(now, version));
    return c.body(cached, 200, { 'content-type': 'application/json; charset=utf-8' });
  };
}
