/**
 * Every route of the API, not only the schema CRUD that bad-input.test.ts generates from the
 * schemas: transitions, history, aggregates, site people, schedule, schema configuration, files,
 * survey links... Each is called with junk path parameters, query strings and bodies (fast-check),
 * as an administrator, a client and a staff member without roles. Whatever the answer, it is never
 * a 5xx, and every refusal is JSON with a Portuguese message. Routes come from the running app, so
 * a new route is covered without a new test.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SCHEMAS } from '../../schemas';
import { SWEEP_BACKENDS, useApi } from './backends';
import { ownObject, PROTO_KEYS, refusalProblem } from './bad-input-cases';

const SCALE = Number(process.env.BAD_INPUT_SCALE) || 1;
const RUNS = 12 * SCALE;
const SEED = Number(process.env.BAD_INPUT_SEED) || 20261125;
const NUL = '%00';

/** Routes bad-input.test.ts already covers from the schemas (list, create, read, update, delete). */
const CRUD = new Set(
  SCHEMAS.flatMap((s) => [
    `GET /api/v1/${s.resource}`,
    `POST /api/v1/${s.resource}`,
    `GET /api/v1/${s.resource}/:id`,
    `PATCH /api/v1/${s.resource}/:id`,
    `DELETE /api/v1/${s.resource}/:id`,
  ]),
);

/** Junk (already encoded) for each kind of path parameter, with a few real values among it. */
const PARAMS: Record<string, string[]> = {
  id: ['1', '2', 'abc', '0', '-1', '1.5', '99999999999999999999', '%E0%A4%A', '__proto__', NUL],
  obra: ['101', '102', 'x', NUL, '%27', '__proto__', 'toString', 'á'.repeat(300)],
  email: ['sm%40portal.local', 'cliente%40portal.local', 'x', NUL, '__proto__'],
  resource: ['obras', 'diarios', '__proto__', 'constructor', 'x', NUL],
  name: ['aprovar', 'enviar', 'nome', 'cxCampo', '__proto__', 'toString', NUL, 'x'.repeat(300)],
  token: ['abc', NUL, 'x'.repeat(500), '__proto__'],
  codigo: ['ABCDEFGHJK', 'abc', '0', NUL, 'x'.repeat(300), '__proto__', '%27'],
  '*': ['a', 'a/b', '..', '%2e%2e/x', NUL, '%E0%A4%A', 'x/thumb'],
  entrada: ['1', 'abc', '0', '-1', '99999999999999999999', NUL, '__proto__'],
  chave: ['1', 'abc', '0', '-1', '99999999999999999999', NUL, '__proto__'],
  entrega: ['1', 'abc', '0', '-1', '99999999999999999999', NUL, '__proto__'], // a webhook's delivery (issue 41)
  arquivo: ['abc.ics', '.ics', 'x'.repeat(43) + '.ics', NUL + '.ics', '__proto__', 'endereco', '%2e%2e.ics'],
  escopo: ['portal', 'obras', 'diarios', 'x', NUL, '__proto__', 'constructor', 'x'.repeat(300)],
};

const junkString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('\u0000', 'a\u0000b', '%', "'; drop table obra; --", '2026-02-31', '1e400', 'á'.repeat(400)),
);
const junkValue = fc.oneof(
  junkString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(2 ** 63, -1, 0, 1e300),
  fc.array(junkString, { maxLength: 3 }),
);
const junkObject = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          ...PROTO_KEYS,
          'version',
          'comment',
          'email',
          'roles',
          'obra',
          'name',
          'kind',
          'label',
          'options',
          'nota',
          'data',
          'dataInicio',
          'dataFim',
        ),
        fc.string({ maxLength: 8 }),
      ),
      fc.oneof(junkValue, fc.object({ maxDepth: 1 })),
    ),
    { maxLength: 5 },
  )
  .map((entries) => ownObject(entries));
const junkBody = fc.oneof({ arbitrary: junkObject, weight: 6 }, { arbitrary: fc.oneof(junkValue, fc.anything({ maxDepth: 2 })), weight: 1 });
const QUERY_KEYS = [
  '_start',
  '_end',
  '_sort',
  '_order',
  'q',
  'obra',
  'de',
  'ate',
  'groupBy',
  'measure',
  'fn',
  'perfil',
  'id',
  'purge',
  'status',
  ...PROTO_KEYS,
];
const junkQuery = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.oneof(junkString, fc.constantFrom('101', 'true', '2026-01-01', '-5', '99999999999999999999'))), {
    maxLength: 4,
  })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));

function pathArb(pattern: string): fc.Arbitrary<string> {
  const parts = pattern.split('/').map((seg) => {
    const key = seg === '*' ? '*' : seg.startsWith(':') ? seg.slice(1) : undefined;
    if (!key) return fc.constant(seg);
    const pool = PARAMS[key];
    if (!pool) throw new Error(`route-fuzz: no junk for the parameter ":${key}" of ${pattern}; add it to PARAMS`);
    return fc.constantFrom(...pool);
  });
  return fc.tuple(...parts).map((segs) => segs.join('/'));
}

const USERS = ['admin@portal.local', 'cliente@portal.local', 'leitura@portal.local'];
/** Routes that end the caller's sessions (issue 35): fuzzed as people of their own, so the others stay signed in. */
const SESSION_ENDING = new Set(['POST /api/v1/sessoes/sair-de-todos', 'DELETE /api/v1/sessoes/:id']);
const ENDING_USERS = ['posvendas@portal.local', 'fornecedor@portal.local', 'planejamento@portal.local'];
const usersOf = (route: string) => (SESSION_ENDING.has(route) ? ENDING_USERS : USERS);

describe.each(SWEEP_BACKENDS)('every API route refuses junk with a 4xx in Portuguese, never a 5xx (%s)', { timeout: 300_000 }, (backend) => {
  const t = useApi(backend);

  it('routes beyond the schema CRUD', async () => {
    const routes = [
      ...new Set(
        (t.api.app.routes as { method: string; path: string }[])
          .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/'))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ].filter((r) => !CRUD.has(r));
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const route of routes) {
      const [method, pattern] = route.split(' ');
      const hasBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
      await fc.assert(
        fc.asyncProperty(pathArb(pattern), junkQuery, junkBody, fc.constantFrom(...usersOf(route)), async (path, query, body, as) => {
          const url = query ? `${path}?${query}` : path;
          const res = await t.api.request(url, { method, as, ...(hasBody ? { json: body } : {}) });
          const p = await refusalProblem(res, { body: false, allowOk: true });
          if (p) problems.push(`${method} ${url.slice(0, 200)} como ${as}${hasBody ? ` ${JSON.stringify(body)?.slice(0, 200)}` : ''} → ${p}`);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
    expect(problems.slice(0, 12)).toEqual([]);
  });
});
