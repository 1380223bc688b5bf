/**
 * The OpenAPI document covers every route the server answers (issue 28): the routes come from the
 * running app (Hono's route table), public ones included, so a new route without its description
 * fails here. And the other way for the declared routes (resources/api-routes.ts, issue 37): the
 * server answers each one it declares.
 */
import { describe, expect, it } from 'vitest';
import { DECLARED_ROUTES } from '../../resources/api-routes';
import { useApi } from './backends';

type Doc = { paths: Record<string, Record<string, unknown>> };

/** `/api/v1/obras/:obra/eap-codigos` → `/obras/{obra}/eap-codigos` (Hono's `:name{regex}` too). */
const asDocPath = (path: string) => path.replace(/^\/api\/v1/, '').replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, '{$1}');

describe('OpenAPI route coverage', () => {
  const t = useApi('pglite');

  it('documents every method and path the API answers', async () => {
    const doc = (await (await t.api.request('/api/v1/openapi.json')).json()) as Doc;
    const routes = [
      ...new Set(
        (t.api.app.routes as { method: string; path: string }[])
          .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/'))
          .map((r) => `${r.method.toLowerCase()} ${asDocPath(r.path)}`),
      ),
    ];
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes.filter((r) => {
      const [method, path] = r.split(' ');
      return !doc.paths[path]?.[method];
    });
    expect(missing.sort()).toEqual([]);
  });

  it('serves every declared route', async () => {
    const served = new Set((t.api.app.routes as { method: string; path: string }[]).map((r) => `${r.method.toLowerCase()} ${asDocPath(r.path)}`));
    expect(DECLARED_ROUTES.length).toBeGreaterThan(20);
    expect(DECLARED_ROUTES.map((r) => `${r.method} ${r.path}`).filter((r) => !served.has(r))).toEqual([]);
  });
});
