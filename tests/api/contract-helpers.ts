/**
 * What the contract tests (contract.test.ts, contract-params.test.ts) share: the OpenAPI document
 * the API serves, the first record of each list for `{id}`, and the check of an answer against the
 * document — the status is one the operation declares, a JSON body validates (ajv, JSON Schema
 * 2020-12) against the schema declared for that status, and a GET's 200 list carries `x-total-count`
 * (issue 36).
 */
import { beforeAll } from 'vitest';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { useApi } from './backends';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any>;
export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Values for the path parameters: real ones where a real record answers, plain junk elsewhere. */
export function pathFor(template: string, ids: Map<string, string>, values: Record<string, string> = {}): string {
  const base = '/' + template.split('/')[1];
  return template
    .replace(/\{([^}]+)\}/g, (whole, name: string) => (name in values ? values[name] : whole))
    .replace('{obra}', '101')
    .replace('{resource}', 'diarios')
    .replace('{name}', 'ocorrencias')
    .replace('{email}', 'sm%40portal.local')
    .replace('{token}', 'token-que-nao-existe')
    .replace('{codigo}', 'ABCDEFGHJK')
    .replace('{arquivo}', 'token-que-nao-existe.ics')
    .replace('{id}', ids.get(base) ?? '1')
    .replace(/\{[^}]+\}/g, 'x')
    .replace(/\*$/, 'arquivo-que-nao-existe.png');
}

/** The address of a path: under its own `servers` entry when it has one (`/metrics`), else the API's `/api/v1`. */
export function urlFor(doc: Doc, path: string, concrete: string): string {
  const server = (doc.paths?.[path]?.servers?.[0]?.url as string | undefined) ?? '/api/v1';
  return `${server.replace(/\/$/, '')}${concrete}`;
}

/** The user an operation is called as: the administrator, or nobody for a public one. */
export const callerOf = (op: Doc, as = 'admin@portal.local') => (op.security?.length === 0 ? null : as);

/** A seeded API, its OpenAPI document and the document's check of an answer, for a describe block. */
export function useContract(backend: 'pglite' | 'postgres') {
  const t = useApi(backend);
  const validators = new Map<string, ValidateFunction>();
  const ids = new Map<string, string>();
  const ctx = { t, ids, doc: {} as Doc, check };
  let ajv: Ajv2020;

  beforeAll(async () => {
    const doc = (await (await t.api.request('/api/v1/openapi.json')).json()) as Doc;
    ctx.doc = doc;
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
    const resolved = response.$ref ? ctx.doc.components.responses[response.$ref.split('/').pop()] : response;
    const schema = resolved?.content?.['application/json']?.schema;
    if (!schema) return null; // declared, without a JSON body
    const key = `${method} ${path} ${status}`;
    if (!validators.has(key)) {
      const rebased = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/'));
      validators.set(key, ajv.compile(rebased));
    }
    return validators.get(key)!;
  }

  /** Adds to `problems` what in the answer the document does not declare, and a GET's list without its total. */
  async function check(problems: string[], label: string, path: string, method: string, op: Doc, res: Response) {
    const v = validatorFor(path, method, op, res.status);
    if (v === undefined) {
      problems.push(`${label}: ${res.status} não declarado (${Object.keys(op.responses ?? {}).join(', ')})`);
      return;
    }
    const type = res.headers.get('content-type') ?? '';
    if (v === null || !type.includes('application/json')) return;
    const body = await res.json().catch(() => undefined);
    // Issue 36: every list answers with its total, at least the items it carries.
    if (method === 'get' && res.status === 200 && Array.isArray(body)) {
      const total = res.headers.get('x-total-count');
      if (total === null) problems.push(`${label}: lista sem x-total-count`);
      else if (!/^\d+$/.test(total) || Number(total) < body.length) problems.push(`${label}: x-total-count ${total} para ${body.length} itens`);
    }
    if (!v(body)) problems.push(`${label}: ${res.status} fora do esquema: ${ajv.errorsText(v.errors, { separator: '; ' }).slice(0, 300)}`);
  }

  return ctx;
}
