/**
 * GET /api/v1/openapi.json: generated from the schemas, structurally sound (every $ref resolves,
 * every path parameter declared, unique operation ids), one path set per resource, and only for staff.
 */
import { describe, expect, it } from 'vitest';
import { SCHEMAS, schemaByResource } from '../../schemas';
import { BACKENDS, useApi } from './backends';

type Doc = Record<string, any>;

function resolvePointer(doc: Doc, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' && Object.hasOwn(node, key) ? (node as Doc)[key] : undefined), doc);
}

function allRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => allRefs(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else allRefs(v, out);
    }
  }
  return out;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe.each(BACKENDS)('OpenAPI description (%s)', (backend) => {
  const t = useApi(backend);

  it('is for staff: a staff user without roles reads it, a client gets 403, anonymous 401', async () => {
    const staff = await t.api.request('/api/v1/openapi.json', { as: 'leitura@portal.local' });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-type')).toMatch(/application\/json/);
    const client = await t.api.request('/api/v1/openapi.json', { as: 'cliente@portal.local' });
    expect(client.status).toBe(403);
    expect((await client.json()).message).toMatch(/só para colaboradores/);
    expect((await t.api.request('/api/v1/openapi.json', { as: null })).status).toBe(401);
  });

  it('is a structurally valid OpenAPI 3.1 document with every resource', async () => {
    const doc = (await (await t.api.request('/api/v1/openapi.json')).json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    // An ID token, or a service account's API key in either header (issue 41).
    expect(doc.security).toEqual([{ bearerAuth: [] }, { apiKeyBearer: [] }, { apiKeyHeader: [] }]);
    expect(doc.components.securitySchemes.apiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    // Routes beside the schema CRUD are documented too (the company registry's pending values).
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/empresas-pendentes', '/empresas-pendentes/{id}/resolver', '/empresas-pendentes/{id}/descartar']),
    );
    // …and the daily report's EAP picker (code, description, parent; the area is required).
    const picker = doc.paths['/obras/{obra}/eap-codigos']?.get;
    expect(picker?.parameters).toEqual([
      expect.objectContaining({ name: 'area', in: 'query', required: true, schema: { type: 'string', enum: ['FIELD', 'AUTOMACAO'] } }),
    ]);
    expect(Object.keys(picker.responses['200'].content['application/json'].schema.items.properties)).toEqual(['id', 'codigo', 'descricao', 'pai']);

    const refs = allRefs(doc);
    expect(refs.length).toBeGreaterThan(100);
    const broken = [...new Set(refs)].filter((r) => resolvePointer(doc, r) === undefined);
    expect(broken).toEqual([]);

    const operationIds: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>)) {
      const declared = new Set<string>();
      const collect = (params: Doc[] = []) => {
        for (const p of params) {
          const param = (p.$ref ? resolvePointer(doc, p.$ref) : p) as Doc;
          if (param.in === 'path') declared.add(param.name);
        }
      };
      collect(item.parameters);
      for (const m of METHODS) {
        if (!item[m]) continue;
        collect(item[m].parameters);
        operationIds.push(item[m].operationId);
        expect(Object.keys(item[m].responses ?? {}).length, `${m} ${path}`).toBeGreaterThan(0);
        for (const [status, res] of Object.entries(item[m].responses as Record<string, Doc>)) {
          if (Number(status) >= 400) expect(res.$ref ?? res.content?.['application/json']?.schema?.$ref, `${m} ${path} ${status}`).toBeTruthy();
        }
      }
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect([...declared].sort(), path).toEqual([...inPath].sort());
    }
    expect(new Set(operationIds).size).toBe(operationIds.length);

    for (const schema of SCHEMAS) {
      const base = `/${schema.resource}`;
      expect(Object.keys(doc.paths[base] ?? {}), base).toEqual(expect.arrayContaining(['get', 'post']));
      expect(Object.keys(doc.paths[`${base}/{id}`] ?? {}), base).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
      expect(doc.paths[`${base}/aggregate`]?.get, base).toBeTruthy();
      expect(doc.paths[`${base}/{id}/historico`]?.get, base).toBeTruthy();
      if (schema.workflow) expect(doc.paths[`${base}/{id}/transitions/{name}`]?.post, base).toBeTruthy();
    }
  });

  it("describes a resource's fields: create required list, enums, bounds, formats, filters", async () => {
    const doc = (await (await t.api.request('/api/v1/openapi.json')).json()) as Doc;
    const produto = schemaByResource('produtos')!;
    const create = doc.components.schemas.ProdutoNovo;
    // Required, writable, and without a default the server fills in.
    const expected = produto.fields.filter((f) => f.required && !f.readOnly && f.default === undefined).map((f) => f.name);
    expect(expected).toEqual(['codigo', 'nome']);
    expect([...create.required].sort()).toEqual([...expected].sort());
    expect(create.additionalProperties).toBe(false);
    expect(create.properties.codigo).toMatchObject({ type: 'string', maxLength: 30 });
    expect(create.properties.nome).toMatchObject({ type: 'string', maxLength: 150, minLength: 2 });
    const categoria = produto.fields.find((f) => f.name === 'categoria')!;
    // Optional: one of the options, or null (empty).
    expect(create.properties.categoria.enum).toEqual([...categoria.options!, null]);
    expect(create.properties.categoria.default).toBe(categoria.default);
    expect(doc.components.schemas.ProdutoAlteracao.required).toEqual(['version']);

    const rdo = doc.components.schemas.Diario.properties;
    expect(rdo.data).toMatchObject({ format: 'date' });
    expect(rdo.chuvaMm).toMatchObject({ minimum: 0, maximum: 500 });
    expect(rdo.siteManager.anyOf[0].$ref).toBe('#/components/schemas/Pessoa');
    expect(doc.components.schemas.Pessoa.properties.mail.format).toBe('email');
    expect(doc.components.schemas.Diario.properties.created_at.format).toBe('date-time');

    const listParams = (doc.paths['/diarios'].get.parameters as Doc[]).map((p) => (resolvePointer(doc, p.$ref) as Doc).name);
    expect(listParams).toEqual(
      expect.arrayContaining([
        '_start',
        '_end',
        '_sort',
        '_order',
        'q',
        'obra',
        'obra_ne',
        'data_gte',
        'data_lte',
        'siteManager.mail',
        'siteManager.mail_like',
      ]),
    );
    expect(doc.paths['/diarios'].get.responses[200].headers).toHaveProperty('x-list-truncated');
  });

  it('is lint-clean: no server-token defaults, no one-item allOf, every operation described, every JSON answer typed', async () => {
    const doc = (await (await t.api.request('/api/v1/openapi.json')).json()) as Doc;
    const tokenDefaults: string[] = [];
    const singleAllOf: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (!node || typeof node !== 'object') return;
      const o = node as Doc;
      if (typeof o.default === 'string' && o.default.startsWith('$')) tokenDefaults.push(at);
      if (Array.isArray(o.allOf) && o.allOf.length === 1) singleAllOf.push(at);
      for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
    };
    walk(doc, '#');
    expect(tokenDefaults).toEqual([]);
    expect(singleAllOf).toEqual([]);
    // A server-side default is told in words instead.
    expect(doc.components.schemas.DiarioNovo.properties.data['x-default']).toMatch(/hoje/);
    expect(doc.components.schemas.DiarioNovo.properties.siteManager['x-default']).toMatch(/pessoa conectada/);

    const undescribed: string[] = [];
    const untyped: string[] = [];
    const isEmpty = (s: unknown) => !s || (typeof s === 'object' && Object.keys(s).length === 0);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>)) {
      for (const m of METHODS) {
        const op = item[m] as Doc | undefined;
        if (!op) continue;
        if (!op.operationId || !op.tags?.length || !op.summary || !op.description) undescribed.push(`${m} ${path}`);
        for (const [status, res] of Object.entries(op.responses as Record<string, Doc>)) {
          if (!/^2/.test(status) || status === '204' || res.$ref) continue; // 204: no content by definition
          if (!res.content || ('application/json' in res.content && !res.content['application/json'].schema)) untyped.push(`${m} ${path} ${status}`);
        }
        const schema = op.responses?.['200']?.content?.['application/json']?.schema as Doc | undefined;
        if (path.endsWith('/transitions') && isEmpty(schema?.items)) untyped.push(`${m} ${path} items`);
        if (path.endsWith('/aggregate') && isEmpty(schema?.properties?.rows?.items)) untyped.push(`${m} ${path} rows`);
      }
    }
    expect(undescribed).toEqual([]);
    expect(untyped).toEqual([]);
    expect(doc.paths['/health'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty('version');
    expect(doc.paths['/me'].get.responses['200'].content['application/json'].schema.required).toEqual(['user', 'rules']);
  });

  it('documents the calendar, the SLA policies, the e-mail actions, the preferences and the live events, as they answer', async () => {
    const doc = (await (await t.api.request('/api/v1/openapi.json')).json()) as Doc;
    const expected: [string, string[]][] = [
      ['/calendario', ['get', 'put']],
      ['/sla/{resource}', ['get', 'put']],
      ['/acoes-email/{token}', ['get', 'post']],
      ['/preferencias', ['get', 'put']],
      ['/eventos', ['get']],
    ];
    for (const [path, methods] of expected) expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(expect.arrayContaining(methods));
    const declared = (path: string) => doc.paths[path].get.responses['200'].content['application/json'].schema as Doc;
    // Every property declared for the answer is in the real answer, and the answer has nothing undeclared.
    for (const [path, url] of [
      ['/calendario', '/api/v1/calendario'],
      ['/sla/{resource}', '/api/v1/sla/posvendas'],
      ['/preferencias', '/api/v1/preferencias'],
    ]) {
      const res = await t.api.request(url);
      expect(res.status, url).toBe(200);
      const body = (await res.json()) as Doc;
      expect(Object.keys(body).sort(), url).toEqual(Object.keys(declared(path).properties).sort());
    }
    expect(doc.paths['/eventos'].get.responses['200'].content).toHaveProperty('text/event-stream');
    expect(doc.paths['/acoes-email/{token}'].get.responses).toHaveProperty('410');
  });
});
