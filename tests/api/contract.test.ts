/**
 * Contract tests (issue 28): for every path and method of the OpenAPI document, real requests as
 * several kinds of user, each answer checked against the document — the status is one it declares and
 * a JSON body validates (ajv, JSON Schema 2020-12) against the schema declared for that status, error
 * bodies included. Reads go as an administrator, a site manager (staff with conditions), a client and
 * a supplier; every write gets an invalid body as the administrator and must answer a declared error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { BACKENDS, useApi } from './backends';

type Doc = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const READERS = ['admin@portal.local', 'sm@portal.local', 'cliente@portal.local', 'fornecedor@portal.local'];

/** Values for the path parameters: real ones where a real record answers, plain junk elsewhere. */
function pathFor(template: string, ids: Map<string, string>): string {
  const base = '/' + template.split('/')[1];
  return template
    .replace('{obra}', '101')
    .replace('{resource}', 'diarios')
    .replace('{name}', 'ocorrencias')
    .replace('{email}', 'sm%40portal.local')
    .replace('{token}', 'token-que-nao-existe')
    .replace('{codigo}', 'ABCDEFGHJK')
    .replace('{id}', ids.get(base) ?? '1')
    .replace(/\{[^}]+\}/g, 'x')
    .replace(/\*$/, 'arquivo-que-nao-existe.png');
}

describe.each(BACKENDS)('API contract (%s)', { timeout: 600_000 }, (backend) => {
  const t = useApi(backend);
  let doc: Doc;
  let ajv: Ajv2020;
  const validators = new Map<string, ValidateFunction>();
  const ids = new Map<string, string>();

  beforeAll(async () => {
    doc = (await (await t.api.request('/api/v1/openapi.json')).json()) as Doc;
    ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);
    for (const f of ['binary', 'cnpj', 'cpf', 'cep', 'telefone', 'int64', 'int32', 'double', 'float', 'password']) ajv.addFormat(f, true);
    ajv.addSchema({ $id: 'openapi.json', components: doc.components });
    // The first record of each list, for `{id}` in that resource's paths.
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>)) {
      if (!item.get || /\{/.test(path) || path.split('/').length !== 2) continue;
      const r = await t.api.request(`/api/v1${path}?_start=0&_end=1`);
      const rows = r.status === 200 ? await r.json().catch(() => null) : null;
      if (Array.isArray(rows) && rows[0]?.id !== undefined) ids.set(path, String(rows[0].id));
    }
  });

  /** The declared schema of `status` for the operation (JSON), or undefined when the body is not JSON. */
  function validatorFor(path: string, method: string, op: Doc, status: number): ValidateFunction | null | undefined {
    const response = op.responses?.[String(status)] ?? op.responses?.default;
    if (!response) return undefined; // an undeclared status
    const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').pop()] : response;
    const schema = resolved?.content?.['application/json']?.schema;
    if (!schema) return null; // declared, without a JSON body
    const key = `${method} ${path} ${status}`;
    if (!validators.has(key)) {
      const rebased = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/'));
      validators.set(key, ajv.compile(rebased));
    }
    return validators.get(key)!;
  }

  async function check(problems: string[], label: string, path: string, method: string, op: Doc, res: Response) {
    const v = validatorFor(path, method, op, res.status);
    if (v === undefined) {
      problems.push(`${label}: ${res.status} não declarado (${Object.keys(op.responses ?? {}).join(', ')})`);
      return;
    }
    const type = res.headers.get('content-type') ?? '';
    if (v === null || !type.includes('application/json')) return;
    const body = await res.json().catch(() => undefined);
    if (!v(body)) problems.push(`${label}: ${res.status} fora do esquema: ${ajv.errorsText(v.errors, { separator: '; ' }).slice(0, 300)}`);
  }

  it('every read answers, for each kind of user, a declared status with a body of its declared schema', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>)) {
      const op = item.get;
      if (!op || path === '/eventos') continue; // the live-events stream never ends
      for (const as of READERS) {
        const res = await t.api.request(`/api/v1${pathFor(path, ids)}`, { as: op.security?.length === 0 ? null : as });
        await check(problems, `GET ${path} como ${as}`, path, 'get', op, res);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(problems).toEqual([]);
  });

  it('every write refuses an invalid body with a declared error status and the error shape', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op || method === 'get' || !op.requestBody?.content?.['application/json']) continue;
        const res = await t.api.request(`/api/v1${pathFor(path, ids)}`, {
          method: method.toUpperCase(),
          headers: { 'content-type': 'application/json' },
          body: '["não é um objeto"]',
          as: op.security?.length === 0 ? null : 'admin@portal.local',
        });
        if (res.status < 400) problems.push(`${method.toUpperCase()} ${path}: aceitou um corpo inválido (${res.status})`);
        await check(problems, `${method.toUpperCase()} ${path}`, path, method, op, res);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});
