/**
 * Contract tests (issue 28): for every path and method of the OpenAPI document, real requests as
 * several kinds of user, each answer checked against the document — the status is one it declares and
 * a JSON body validates (ajv, JSON Schema 2020-12) against the schema declared for that status, error
 * bodies included. Reads go as an administrator, a site manager (staff with conditions), a client and
 * a supplier; every write gets an invalid body as the administrator and must answer a declared error.
 * Invalid parameters: contract-params.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { SWEEP_BACKENDS } from './backends';
import { METHODS, callerOf, pathFor, urlFor, useContract, type Doc } from './contract-helpers';

const READERS = ['admin@portal.local', 'sm@portal.local', 'cliente@portal.local', 'fornecedor@portal.local'];

describe.each(SWEEP_BACKENDS)('API contract (%s)', { timeout: 600_000 }, (backend) => {
  const c = useContract(backend);

  it('every read answers, for each kind of user, a declared status with a body of its declared schema', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(c.doc.paths as Record<string, Doc>)) {
      const op = item.get;
      if (!op || path === '/eventos') continue; // the live-events stream never ends
      for (const as of READERS) {
        const res = await c.t.api.request(urlFor(c.doc, path, pathFor(path, c.ids)), { as: callerOf(op, as) });
        await c.check(problems, `GET ${path} como ${as}`, path, 'get', op, res);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(problems).toEqual([]);
  });

  it('every write refuses an invalid body with a declared error status and the error shape', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(c.doc.paths as Record<string, Doc>)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op || method === 'get' || !op.requestBody?.content?.['application/json']) continue;
        const res = await c.t.api.request(urlFor(c.doc, path, pathFor(path, c.ids)), {
          method: method.toUpperCase(),
          headers: { 'content-type': 'application/json' },
          body: '["não é um objeto"]',
          as: callerOf(op),
        });
        if (res.status < 400) problems.push(`${method.toUpperCase()} ${path}: aceitou um corpo inválido (${res.status})`);
        await c.check(problems, `${method.toUpperCase()} ${path}`, path, method, op, res);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});
