/**
 * Contract tests with invalid parameters (issue 28): every operation of the OpenAPI document that
 * takes path or query parameters is called, as the administrator (nobody for a public one), with one
 * parameter at a time outside its declared schema — a number that is not a number or is out of
 * range, an impossible date, a value outside the options, a text too long or off its pattern, an
 * unknown `_sort` field, junk in a path — and the rest valid. The answer must refuse (4xx) with a
 * status the operation declares, the documented error shape (`Erro`: message and statusCode of the
 * answer), and, on a 400 for a query parameter, the messages per parameter in `errors`.
 */
import { describe, expect, it } from 'vitest';
import { SWEEP_BACKENDS } from './backends';
import { METHODS, callerOf, pathFor, urlFor, useContract, type Doc } from './contract-helpers';

type Param = { name: string; in: string; required?: boolean; schema: Doc };
type Bad = { param: Param; value: string; why: string };

const JUNK_PATH = 'nao-existe-7f3a';

/** Values outside `param`'s schema, each with what is wrong with it (kept short: it names the case in a failure). */
function invalidValues(param: Param): Bad[] {
  const s: Doc = param.schema.type === 'array' ? param.schema.items : param.schema;
  const out: Bad[] = [];
  const add = (value: string, why: string) => out.push({ param, value, why });
  if (param.name === '_sort') add('campo_que_nao_existe', 'campo desconhecido');
  if (s.type === 'integer' || s.type === 'number') {
    add('abc', 'não numérico');
    if (s.type === 'integer') add('1.5', 'não inteiro');
    if (typeof s.maximum === 'number') add(String(s.maximum + 1), 'acima do máximo');
    if (typeof s.minimum === 'number' && s.minimum >= 0) add(String(s.minimum - 1), 'abaixo do mínimo');
  } else if (s.type === 'boolean') add('talvez', 'não é true/false');
  else if (s.enum) add('valor-fora-das-opcoes', 'fora das opções');
  else if (s.format === 'date') add('2024-02-30', 'data impossível');
  else if (s.format === 'date-time') add('ontem-de-tarde', 'data e hora inválida');
  else if (s.format === 'email') add('nao-e-email', 'e-mail inválido');
  else if (s.pattern && !new RegExp(s.pattern, 'u').test('!')) add('!', 'fora do padrão');
  if (s.type === 'string' && typeof s.maxLength === 'number') add('x'.repeat(s.maxLength + 1), 'longo demais');
  // A free path text: junk names nothing (a resource, a field, a link).
  if (param.in === 'path' && s.type === 'string' && !out.length) add(JUNK_PATH, 'inexistente');
  return out;
}

/** A value the parameter takes, for the required query parameters of a case about another one. */
function validValue(param: Param): string {
  const s: Doc = param.schema.type === 'array' ? param.schema.items : param.schema;
  if (s.enum) return String(s.enum[0]);
  if (s.format === 'date') return '2024-01-15';
  if (s.type === 'integer' || s.type === 'number') return String(s.minimum ?? 1);
  return param.name === 'obra' ? '101' : 'x';
}

/** The invalid cases of an operation: each parameter's, but of a resource's many list filters only one per kind of mistake. */
function casesOf(params: { param: Param; filter: boolean }[]): Bad[] {
  const cases: Bad[] = [];
  const filterKinds = new Set<string>();
  for (const { param, filter } of params) {
    for (const bad of invalidValues(param)) {
      const kind = `${param.name.match(/_(gte|lte|ne|like)$/)?.[1] ?? 'eq'} ${bad.why}`;
      if (filter && filterKinds.has(kind)) continue;
      filterKinds.add(kind);
      cases.push(bad);
    }
  }
  return cases;
}

describe.each(SWEEP_BACKENDS)('API contract, invalid parameters (%s)', { timeout: 600_000 }, (backend) => {
  const c = useContract(backend);

  it('every operation refuses each invalid path or query parameter with a declared status and the error shape', async () => {
    const resolve = (p: Doc) => (p.$ref ? c.doc.components.parameters[p.$ref.split('/').pop()] : p) as Param;
    const problems: string[] = [];
    const operations = new Set<string>();
    let checked = 0;
    for (const [path, item] of Object.entries(c.doc.paths as Record<string, Doc>)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const params = [...(item.parameters ?? []), ...(op.parameters ?? [])]
          .map((p: Doc) => ({ param: resolve(p), filter: /\./.test(p.$ref ?? '') }))
          .filter(({ param }) => param.in === 'path' || param.in === 'query');
        const required = params.map((p) => p.param).filter((p) => p.in === 'query' && p.required);
        for (const bad of casesOf(params)) {
          const query = new URLSearchParams(required.filter((p) => p !== bad.param).map((p) => [p.name, validValue(p)]));
          if (bad.param.in === 'query') query.append(bad.param.name, bad.value);
          const url = pathFor(path, c.ids, bad.param.in === 'path' ? { [bad.param.name]: encodeURIComponent(bad.value) } : {});
          const json = op.requestBody?.content?.['application/json'];
          const res = await c.t.api.request(`${urlFor(c.doc, path, url)}${query.size ? `?${query}` : ''}`, {
            method: method.toUpperCase(),
            ...(json ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
            as: callerOf(op),
          });
          const label = `${method.toUpperCase()} ${path} com ${bad.param.name}=${bad.value.slice(0, 30)} (${bad.why})`;
          if (res.status < 400 || res.status >= 500) problems.push(`${label}: respondeu ${res.status}`);
          await c.check(problems, label, path, method, op, res.clone());
          const body = (await res.json().catch(() => null)) as Doc | null;
          if (body?.statusCode !== res.status) problems.push(`${label}: statusCode ${body?.statusCode} no corpo de um ${res.status}`);
          else if (res.status === 400 && bad.param.in === 'query' && !Object.keys(body.errors ?? {}).length)
            problems.push(`${label}: 400 sem as mensagens por parâmetro (${body.message})`);
          operations.add(`${method} ${path}`);
          checked++;
        }
      }
    }
    expect(operations.size).toBeGreaterThan(300);
    expect(checked).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  });
});
