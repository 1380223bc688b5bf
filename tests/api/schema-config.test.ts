import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { migrate } from '../../src/server/db/migrate';
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../schemas/kinds';
import { buildWorkbook, fetchAllRows } from '../../src/app/views/export-xlsx';
import { SchemaRegistry } from '../../src/server/schema-config/registry';
import { SCHEMAS } from '../../schemas';
import { ENGINE_BACKENDS, useApi } from './backends';
import { CNPJ } from '../../src/server/seed/demo-empresas';

const ADMIN = 'admin@portal.local'; // acesso_total
const FIELD = 'cxContratoManutencao';
const LABEL = 'Contrato de manutenção';

describe.each(ENGINE_BACKENDS)('run-time schema configuration (%s)', (backend) => {
  const t = useApi(backend);
  const call = async (path: string, init: { method?: string; json?: unknown; as?: string; headers?: Record<string, string> } = {}) => {
    const res = await t.api.request(path, { as: init.as ?? ADMIN, method: init.method ?? 'GET', json: init.json, headers: init.headers });
    const text = await res.text();
    return { res, status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const schemas = async (as = ADMIN) =>
    (await call('/api/v1/schemas', { as })).body as { versions: Record<string, number>; configurable: string[]; schemas: EntitySchema[] };
  const obras = async (as = ADMIN) => (await schemas(as)).schemas.find((s) => s.resource === 'obras')!;
  const site = (id: string, extra: Record<string, unknown> = {}) => ({
    Id_Lista: id,
    nome: `Obra ${id}`,
    cliente: CNPJ.clienteDemo,
    status: 'Planejamento',
    ...extra,
  });

  it('starts with the code schemas, version 0, configurable only by administrators', async () => {
    const admin = await schemas();
    expect(admin.versions.obras).toBe(0);
    expect(admin.configurable).toContain('obras');
    expect(admin.schemas.find((s) => s.resource === 'obras')!.fields).toEqual(SCHEMAS.find((s) => s.resource === 'obras')!.fields);
    t.api.addUser({ email: 'obra.staff@portal.local', roles: ['obra'] });
    const staff = await schemas('obra.staff@portal.local');
    expect(staff.schemas.some((s) => s.resource === 'obras')).toBe(true);
    expect(staff.configurable).not.toContain('obras');
  });

  it('refuses schema changes to non-administrators of the module (403) and admits admin_obra', async () => {
    const field = { name: 'cxOutro', kind: 'text', label: 'Outro' };
    const staff = await call('/api/v1/schemas/obras/fields', { as: 'obra.staff@portal.local', method: 'POST', json: field });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toMatch(/administradores de Obras/);
    t.api.addUser({ email: 'admin.contratos@portal.local', roles: ['admin_contratos'] });
    expect((await call('/api/v1/schemas/obras/fields', { as: 'admin.contratos@portal.local', method: 'POST', json: field })).status).toBe(403);
    expect((await call('/api/v1/schemas/obras/history', { as: 'obra.staff@portal.local' })).status).toBe(403);
    expect((await call('/api/v1/schemas/obras/fields/nome', { as: 'cliente@portal.local', method: 'PATCH', json: { label: 'X' } })).status).toBe(403);
    t.api.addUser({ email: 'admin.obra@portal.local', roles: ['admin_obra'] });
    const ok = await call('/api/v1/schemas/obras/fields/cep', { as: 'admin.obra@portal.local', method: 'PATCH', json: { label: 'CEP da obra', version: 0 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.version).toBe(1);
    expect(ok.body.schema.fields.find((f: { name: string }) => f.name === 'cep').label).toBe('CEP da obra');
  });

  it('adds a required custom field: a real column, validated with its label, stored and returned', async () => {
    const stale = await call('/api/v1/schemas/obras/fields', { method: 'POST', json: { name: FIELD, kind: 'text', label: LABEL, version: 0 } });
    expect(stale.status).toBe(409);
    const added = await call('/api/v1/schemas/obras/fields', {
      method: 'POST',
      json: { name: FIELD, kind: 'text', label: LABEL, required: true, maxLength: 30, list: true, filter: true, sort: true, version: 1 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.version).toBe(2);
    expect((await obras()).fields.find((f) => f.name === FIELD)).toMatchObject({ kind: 'text', label: LABEL, required: true, list: true });

    const missing = await call('/api/v1/obras', { method: 'POST', json: site('9001') });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(LABEL);
    expect(missing.body.errors[FIELD]).toEqual(['Campo obrigatório.']);
    const tooLong = await call('/api/v1/obras', { method: 'POST', json: site('9001', { [FIELD]: 'x'.repeat(31) }) });
    expect(tooLong.body.errors[FIELD][0]).toMatch(/Máximo de 30/);

    const created = await call('/api/v1/obras', { method: 'POST', json: site('9001', { [FIELD]: 'CM-B' }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body[FIELD]).toBe('CM-B');
    expect((await call(`/api/v1/obras/${created.body.id}`)).body[FIELD]).toBe('CM-B');
    expect((await call('/api/v1/obras', { method: 'POST', json: site('9002', { [FIELD]: 'CM-A' }) })).status).toBe(201);

    const idx = await t.api.db
      .selectFrom('pg_indexes' as never)
      .select('indexname' as never)
      .where('indexname' as never, '=', `obra_${FIELD}_idx` as never)
      .execute();
    expect(idx).toHaveLength(1);
  });

  it('filters and sorts the list by the custom field, and aggregates by it', async () => {
    const one = await call(`/api/v1/obras?${FIELD}=CM-A`);
    expect(one.body.map((r: { Id_Lista: string }) => r.Id_Lista)).toEqual(['9002']);
    const asc = await call(`/api/v1/obras?Id_Lista=9001&Id_Lista=9002&_sort=${FIELD}&_order=asc`);
    expect(asc.body.map((r: Record<string, string>) => r[FIELD])).toEqual(['CM-A', 'CM-B']);
    const desc = await call(`/api/v1/obras?Id_Lista=9001&Id_Lista=9002&_sort=${FIELD}&_order=desc`);
    expect(desc.body.map((r: Record<string, string>) => r[FIELD])).toEqual(['CM-B', 'CM-A']);
    const agg = await call(`/api/v1/obras/aggregate?groupBy=${FIELD}&${FIELD}_ne=`);
    expect(agg.status, JSON.stringify(agg.body)).toBe(200);
    expect(
      agg.body.rows
        .filter((r: Record<string, unknown>) => r[FIELD])
        .map((r: Record<string, unknown>) => [r[FIELD], r.value])
        .sort(),
    ).toEqual([
      ['CM-A', 1],
      ['CM-B', 1],
    ]);
  });

  it('writes the custom field in the Excel export of the effective schema', async () => {
    const schema = await obras();
    const dataProvider = {
      getList: async ({ pagination }: { pagination?: { currentPage?: number; pageSize?: number } }) => {
        const size = pagination?.pageSize ?? 10;
        const start = ((pagination?.currentPage ?? 1) - 1) * size;
        const r = await call(`/api/v1/obras?Id_Lista=9001&Id_Lista=9002&_sort=${FIELD}&_order=asc&_start=${start}&_end=${start + size}`);
        return { data: r.body, total: Number(r.res.headers.get('x-total-count')) };
      },
    };
    const fields = schema.fields.filter((f) => f.list && !f.hidden);
    const rows = await fetchAllRows({ dataProvider: dataProvider as never, schema });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await buildWorkbook(schema, fields, rows));
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    const col = headers.indexOf(LABEL) + 1;
    expect(col).toBeGreaterThan(0);
    expect([ws.getRow(2).getCell(col).value, ws.getRow(3).getCell(col).value]).toEqual(['CM-A', 'CM-B']);
  });

  it('describes the custom field in the OpenAPI document', async () => {
    const doc = (await call('/api/v1/openapi.json')).body;
    expect(JSON.stringify(doc)).toContain(FIELD);
  });

  it('adds enum options (usable at once) and refuses removing a code option or one in use, with the count', async () => {
    const add = await call('/api/v1/schemas/obras/fields/tipoObra', { method: 'PATCH', json: { addOptions: ['Naval'] } });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect((await obras()).fields.find((f) => f.name === 'tipoObra')!.options).toContain('Naval');
    const naval = await call('/api/v1/obras', { method: 'POST', json: site('9003', { [FIELD]: 'CM-C', tipoObra: 'Naval' }) });
    expect(naval.status, JSON.stringify(naval.body)).toBe(201);

    const code = await call('/api/v1/schemas/obras/fields/tipoObra', { method: 'PATCH', json: { removeOptions: ['Industrial'] } });
    expect(code.status).toBe(400);
    expect(code.body.errors.removeOptions[0]).toMatch(/"Industrial" é do código/);
    const inUse = await call('/api/v1/schemas/obras/fields/tipoObra', { method: 'PATCH', json: { removeOptions: ['Naval'] } });
    expect(inUse.status).toBe(400);
    expect(inUse.body.message).toMatch(/"Naval" \(1 registro\).*ainda em uso/);
    expect((await obras()).fields.find((f) => f.name === 'tipoObra')!.options).toContain('Naval');

    // A workflow state field and a required code field are protected.
    expect((await call('/api/v1/schemas/contratos/fields/status', { method: 'PATCH', json: { addOptions: ['Outro'] } })).status).toBe(400);
    const loosen = await call('/api/v1/schemas/obras/fields/nome', { method: 'PATCH', json: { required: false } });
    expect(loosen.status).toBe(400);
    expect(loosen.body.message).toMatch(/"Nome" é obrigatório no código/);
  });

  it('removes an unused run-time option of a custom enum and refuses a value outside the options', async () => {
    const add = await call('/api/v1/schemas/obras/fields', {
      method: 'POST',
      json: { name: 'cxPorte', kind: 'enum', label: 'Porte', options: ['Pequeno', 'Grande', 'Médio'] },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    const rm = await call('/api/v1/schemas/obras/fields/cxPorte', { method: 'PATCH', json: { removeOptions: ['Médio'] } });
    expect(rm.status, JSON.stringify(rm.body)).toBe(200);
    const bad = await call('/api/v1/obras', { method: 'POST', json: site('9004', { [FIELD]: 'CM-D', cxPorte: 'Médio' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.cxPorte[0]).toMatch(/Opções: Pequeno, Grande/);
  });

  it('answers 400 for invalid or unsafe changes and 404 for unknown resources and fields', async () => {
    const clash = await call('/api/v1/schemas/obras/fields', { method: 'POST', json: { name: 'nome', kind: 'text', label: 'Nome' } });
    expect(clash.status).toBe(400);
    expect(clash.body.errors.name[0]).toMatch(/cx/);
    expect((await call('/api/v1/schemas/obras/fields', { method: 'POST', json: { name: FIELD, kind: 'text', label: 'Dup' } })).body.errors.name[0]).toMatch(
      /Já existe/,
    );
    expect((await call('/api/v1/schemas/obras/fields', { method: 'POST', json: { name: 'cxX', kind: 'rows', label: 'X' } })).status).toBe(400);
    expect((await call('/api/v1/schemas/obras/fields', { method: 'POST', json: ['x'] })).status).toBe(400);
    expect((await call('/api/v1/schemas/obras/fields/nome', { method: 'PATCH', json: { kind: 'integer' } })).status).toBe(400);
    expect((await call('/api/v1/schemas/obras/fields/nome', { method: 'DELETE' })).status).toBe(400);
    expect((await call('/api/v1/schemas/obras/fields/cxNada', { method: 'PATCH', json: { label: 'X' } })).status).toBe(404);
    expect((await call('/api/v1/schemas/naoexiste/fields', { method: 'POST', json: { name: 'cxA', kind: 'text', label: 'A' } })).status).toBe(404);
    expect((await call('/api/v1/schemas/obras/fields/cep', { method: 'PATCH', json: { label: 'X', version: 1 } })).status).toBe(409);
    // Keys named like Object's own properties are unknown properties too (they once answered 500).
    for (const key of ['constructor', 'hasOwnProperty', 'valueOf', '__proto__']) {
      const added = await call('/api/v1/schemas/obras/fields', { method: 'POST', json: JSON.parse(`{"name":"cxA","kind":"text","label":"A","${key}":1}`) });
      expect(added.status, key).toBe(400);
      expect(added.body.errors[key], key).toEqual(['Propriedade desconhecida.']);
      const patched = await call('/api/v1/schemas/obras/fields/nome', { method: 'PATCH', json: JSON.parse(`{"${key}":1}`) });
      expect(patched.status, key).toBe(400);
      expect(patched.body.errors[key], key).toEqual(['Propriedade desconhecida.']);
    }
  });

  it('hides a removed custom field: no longer required nor writable, data kept', async () => {
    const del = await call(`/api/v1/schemas/obras/fields/${FIELD}`, { method: 'DELETE' });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await obras()).fields.find((f) => f.name === FIELD)).toMatchObject({ hidden: true, readOnly: true });
    expect((await call('/api/v1/obras', { method: 'POST', json: site('9005') })).status).toBe(201);
    expect((await call('/api/v1/obras?Id_Lista=9002')).body[0][FIELD]).toBe('CM-A');
  });

  it('lists the history of changes, newest first, with who made them', async () => {
    const h = await call('/api/v1/schemas/obras/history');
    expect(h.status).toBe(200);
    expect(h.body.map((e: { version: number }) => e.version)).toEqual(
      [...h.body.map((e: { version: number }) => e.version)].sort((a: number, b: number) => b - a),
    );
    expect(h.body[0].change).toEqual({ op: 'hideField', name: FIELD });
    const first = h.body[h.body.length - 1];
    expect(first).toMatchObject({
      version: 1,
      changed_by: 'admin.obra@portal.local',
      change: { op: 'patchField', name: 'cep', patch: { label: 'CEP da obra' } },
    });
    expect(h.body.some((e: { change: { op: string; field?: { name: string } } }) => e.change.op === 'addField' && e.change.field?.name === FIELD)).toBe(true);
  });

  it('answers 304 to If-None-Match while nothing changed, and a new ETag after a change', async () => {
    const a = await call('/api/v1/schemas');
    const etag = a.res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const same = await call('/api/v1/schemas', { headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    // Another user with other rights gets another representation, hence another tag.
    expect((await call('/api/v1/schemas', { as: 'obra.staff@portal.local' })).res.headers.get('etag')).not.toBe(etag);
    expect((await call('/api/v1/schemas/obras/fields/cep', { method: 'PATCH', json: { help: 'Só números' } })).status).toBe(200);
    const after = await call('/api/v1/schemas', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.res.headers.get('etag')).not.toBe(etag);
  });

  it('reaches another process through the stored overlays', async () => {
    const other = new SchemaRegistry(t.api.db, SCHEMAS, 0);
    expect(other.get('obras')!.fields.some((f) => f.name === 'cxPorte')).toBe(false);
    await other.fresh();
    expect(other.get('obras')!.fields.find((f) => f.name === 'cxPorte')!.options).toEqual(['Pequeno', 'Grande']);
    expect(other.version('obras')).toBeGreaterThan(5);
  });

  it('keeps run-time columns and options across a restart, also when the code adds an option', async () => {
    expect((await migrate(t.api.db, SCHEMAS)).applied).toBe(0);
    const codeObra = SCHEMAS.find((s) => s.resource === 'obras')!;
    const nextRelease = SCHEMAS.map((s) =>
      s === codeObra ? { ...s, fields: s.fields.map((f) => (f.name === 'tipoObra' ? { ...f, options: [...(f.options ?? []), 'Ferroviária'] } : f)) } : s,
    );
    expect((await migrate(t.api.db, nextRelease)).applied).toBeGreaterThan(0);
    // The administrator's option and the new code option are both accepted; the custom column kept its data.
    for (const [id, tipoObra] of [
      ['9011', 'Naval'],
      ['9012', 'Ferroviária'],
    ] as const) {
      const res = await call('/api/v1/obras', { method: 'POST', json: site(id, { [FIELD]: 'CM-R', tipoObra }) });
      expect(res.status === 201 || (tipoObra === 'Ferroviária' && res.status === 400), JSON.stringify(res.body)).toBe(true);
    }
    const stored = await sql<{ n: string }>`select count(*) as n from obra where ${sql.ref(FIELD)} is not null`.execute(t.api.db);
    expect(Number(stored.rows[0].n)).toBeGreaterThan(0);
    const naval = await sql<{ n: string }>`select count(*) as n from obra where "tipoObra" = 'Naval'`.execute(t.api.db);
    expect(Number(naval.rows[0].n)).toBe(2);
  });

  describe('custom fields kept in the `_extra` JSON column', () => {
    const ids: Record<string, number> = {};
    const list = async (query: string) => {
      const r = await call(`/api/v1/obras?Id_Lista=9101&Id_Lista=9102&Id_Lista=9103&${query}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body as Record<string, unknown>[]).map((x) => x.Id_Lista);
    };
    const extraOf = async (id: number) =>
      (await sql<{ e: Record<string, unknown> }>`select "_extra" as e from obra where id = ${id}`.execute(t.api.db)).rows[0].e;
    const columns = async () =>
      (await sql<{ c: string }>`select column_name as c from information_schema.columns where table_name = 'obra'`.execute(t.api.db)).rows.map((r) => r.c);
    const indexes = async () =>
      (await sql<{ i: string }>`select indexname as i from pg_indexes where tablename = 'obra'`.execute(t.api.db)).rows.map((r) => r.i);

    it('adds filterable JSON fields: one `_extra` column, expression indexes, recorded for the migrations', async () => {
      for (const field of [
        { name: 'cxAditivo', kind: 'money', label: 'Valor do aditivo', storage: 'json', list: true, filter: true, sort: true },
        { name: 'cxVistoria', kind: 'date', label: 'Data da vistoria', storage: 'json', list: true, filter: true, sort: true },
        { name: 'cxApelido', kind: 'text', label: 'Apelido', storage: 'json', list: true, filter: true, search: true },
      ]) {
        const r = await call('/api/v1/schemas/obras/fields', { method: 'POST', json: field });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
      }
      expect((await obras()).fields.find((f) => f.name === 'cxAditivo')).toMatchObject({ kind: 'money', storage: 'json', filter: true });
      const cols = await columns();
      expect(cols).toContain('_extra');
      expect(cols).not.toContain('cxAditivo');
      expect(await indexes()).toEqual(expect.arrayContaining(['obra_cxAditivo_idx', 'obra_cxVistoria_idx', 'obra_cxApelido_idx']));
      const state = (
        await sql<{ estado: { columns: Record<string, unknown>; indexes: Record<string, string> } }>`select estado from _esquema where tabela = 'obra'`.execute(
          t.api.db,
        )
      ).rows[0].estado;
      expect(Object.keys(state.columns)).toContain('_extra');
      expect(state.indexes.obra_cxAditivo_idx).toContain(`(("_extra"->>'cxAditivo')::numeric)`);
      expect((await migrate(t.api.db, SCHEMAS)).applied).toBe(0);
      // The list's expression is the index's: with sequential scans off, the planner takes the index.
      const plan = await t.api.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return (await sql<{ 'QUERY PLAN': string }>`explain select id from obra where (("_extra"->>'cxAditivo')::numeric) >= 300`.execute(trx)).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
      expect(plan).toMatch(/obra_cxAditivo_idx/);
    });

    it('creates, shows and lists the values as ordinary properties', async () => {
      const values: [string, Record<string, unknown>][] = [
        ['9101', { cxAditivo: 1500.5, cxVistoria: '2026-03-10', cxApelido: 'Torre Norte' }],
        ['9102', { cxAditivo: '200', cxVistoria: '2025-12-01', cxApelido: 'Galpão' }],
        ['9103', { cxVistoria: '2026-01-15' }],
      ];
      for (const [id, v] of values) {
        const r = await call('/api/v1/obras', { method: 'POST', json: site(id, v) });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        expect(r.body).not.toHaveProperty('_extra');
        ids[id] = r.body.id;
      }
      const bad = await call('/api/v1/obras', { method: 'POST', json: site('9104', { cxAditivo: 'muito', cxVistoria: '2026-02-31' }) });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['cxAditivo', 'cxVistoria']);
      const show = await call(`/api/v1/obras/${ids['9101']}`);
      expect(show.body).toMatchObject({ cxAditivo: 1500.5, cxVistoria: '2026-03-10', cxApelido: 'Torre Norte' });
      expect(show.body).not.toHaveProperty('_extra');
      expect((await call(`/api/v1/obras/${ids['9102']}`)).body.cxAditivo).toBe(200);
      expect(await extraOf(ids['9103'])).toEqual({ cxVistoria: '2026-01-15' });
      const rows = (await call('/api/v1/obras?Id_Lista=9101')).body;
      expect(rows[0]).toMatchObject({ cxAditivo: 1500.5, cxApelido: 'Torre Norte' });
      expect(rows[0]).not.toHaveProperty('_extra');
    });

    it('filters (eq, ne, in, gte, lte, like), searches and sorts by them', async () => {
      expect(await list('cxAditivo_gte=300')).toEqual(['9101']);
      expect(await list('cxAditivo_lte=300')).toEqual(['9102']);
      expect(await list('cxAditivo=200')).toEqual(['9102']);
      expect((await list('cxAditivo=200&cxAditivo=1500.5')).sort()).toEqual(['9101', '9102']);
      expect((await list('cxAditivo_ne=200')).sort()).toEqual(['9101', '9103']);
      expect((await list('cxVistoria_gte=2026-01-01')).sort()).toEqual(['9101', '9103']);
      expect(await list('cxVistoria_lte=2025-12-31')).toEqual(['9102']);
      expect(await list('cxApelido_like=norte')).toEqual(['9101']);
      expect(await list('q=galpao')).toEqual(['9102']);
      expect(await list('_sort=cxVistoria&_order=asc')).toEqual(['9102', '9103', '9101']);
      expect(await list('_sort=cxAditivo&_order=desc')).toEqual(['9101', '9102', '9103']);
      expect((await call('/api/v1/obras?cxAditivo_gte=muito')).status).toBe(400);
      const agg = await call('/api/v1/obras/aggregate?measure=sum:cxAditivo&Id_Lista=9101&Id_Lista=9102&Id_Lista=9103');
      expect(agg.status, JSON.stringify(agg.body)).toBe(200);
      expect(Number(agg.body.total)).toBe(1700.5);
    });

    it('updates merge into `_extra`: other keys are never clobbered, null removes the key, the history shows it', async () => {
      const id = ids['9101'];
      let cur = (await call(`/api/v1/obras/${id}`)).body;
      const other = await call(`/api/v1/obras/${id}`, { method: 'PATCH', json: { nome: 'Obra renomeada', version: cur.version } });
      expect(other.status, JSON.stringify(other.body)).toBe(200);
      expect(other.body).toMatchObject({ nome: 'Obra renomeada', cxAditivo: 1500.5, cxVistoria: '2026-03-10', cxApelido: 'Torre Norte' });
      cur = other.body;
      const one = await call(`/api/v1/obras/${id}`, { method: 'PATCH', json: { cxApelido: null, cxAditivo: 1600, version: cur.version } });
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(await extraOf(id)).toEqual({ cxAditivo: 1600, cxVistoria: '2026-03-10' });
      expect(one.body).not.toHaveProperty('cxApelido');
      const history = (await call(`/api/v1/obras/${id}/historico`)).body;
      expect(history[0].changes).toEqual({ cxAditivo: { de: 1500.5, para: 1600 }, cxApelido: { de: 'Torre Norte', para: null } });
      expect(history.find((h: { action: string }) => h.action === 'create').changes.cxVistoria).toEqual({ de: null, para: '2026-03-10' });
    });

    it('exports them to Excel and describes them in the OpenAPI document', async () => {
      const schema = await obras();
      const dataProvider = {
        getList: async () => {
          const r = await call('/api/v1/obras?Id_Lista=9101&Id_Lista=9102&Id_Lista=9103&_sort=cxVistoria&_order=asc&_start=0&_end=10');
          return { data: r.body, total: Number(r.res.headers.get('x-total-count')) };
        },
      };
      const fields = schema.fields.filter((f) => ['Id_Lista', 'cxAditivo', 'cxVistoria'].includes(f.name));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await buildWorkbook(schema, fields, await fetchAllRows({ dataProvider: dataProvider as never, schema })));
      const ws = wb.worksheets[0];
      const headers = (ws.getRow(1).values as unknown[]).slice(1);
      const col = headers.indexOf('Valor do aditivo') + 1;
      expect(col).toBeGreaterThan(0);
      expect([2, 3, 4].map((r) => ws.getRow(r).getCell(col).value)).toEqual([200, null, 1600]);
      expect(headers).toContain('Data da vistoria');
      const doc = JSON.stringify((await call('/api/v1/openapi.json')).body);
      expect(doc).toContain('cxAditivo');
      expect(doc).not.toContain('_extra');
    });

    it('refuses changing the storage after creation, and JSON storage for a reference', async () => {
      const patch = await call('/api/v1/schemas/obras/fields/cxAditivo', { method: 'PATCH', json: { storage: 'column' } });
      expect(patch.status).toBe(400);
      expect(patch.body.errors.storage[0]).toMatch(/não pode ser alterado depois de criado/);
      const ref = await call('/api/v1/schemas/obras/fields', {
        method: 'POST',
        json: { name: 'cxContrato', kind: 'reference', ref: 'contrato', label: 'Contrato', storage: 'json' },
      });
      expect(ref.status).toBe(400);
      expect(ref.body.errors.storage[0]).toMatch(/coluna própria/);
    });
  });

  describe('purge of a removed custom field', () => {
    const purge = (name: string, as = ADMIN) => call(`/api/v1/schemas/obras/fields/${name}?purge=true`, { method: 'DELETE', as });
    const columnsOf = async () =>
      (await sql<{ c: string }>`select column_name as c from information_schema.columns where table_name = 'obra'`.execute(t.api.db)).rows.map((r) => r.c);

    it('refuses a visible field, a code field and non-administrators', async () => {
      const visible = await purge('cxAditivo');
      expect(visible.status).toBe(400);
      expect(visible.body.message).toMatch(/Remova o campo "Valor do aditivo" antes de excluir definitivamente/);
      expect((await purge('nome')).status).toBe(400);
      expect((await purge('cxNada')).status).toBe(404);
      expect((await purge(FIELD, 'obra.staff@portal.local')).status).toBe(403);
      expect((await call(`/api/v1/schemas/obras/fields/${FIELD}/usage`, { as: 'obra.staff@portal.local' })).status).toBe(403);
      expect((await call(`/api/v1/schemas/obras/fields/${FIELD}?purge=sim`, { method: 'DELETE' })).status).toBe(400);
    });

    it('drops the column of a hidden field with its data and frees the name', async () => {
      expect((await call(`/api/v1/schemas/obras/fields/${FIELD}/usage`)).body.records).toBeGreaterThan(0);
      const r = await purge(FIELD);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.schema.fields.some((f: { name: string }) => f.name === FIELD)).toBe(false);
      expect(await columnsOf()).not.toContain(FIELD);
      expect((await call('/api/v1/obras?Id_Lista=9002')).body[0]).not.toHaveProperty(FIELD);
      const history = (await call('/api/v1/schemas/obras/history')).body;
      expect(history[0].change).toEqual({ op: 'purgeField', name: FIELD });
      expect((await migrate(t.api.db, SCHEMAS)).applied).toBe(0);
      // The name is free again, now kept in `_extra`, and starts empty.
      const again = await call('/api/v1/schemas/obras/fields', {
        method: 'POST',
        json: { name: FIELD, kind: 'text', label: LABEL, storage: 'json', filter: true },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect((await call(`/api/v1/obras?${FIELD}_like=CM`)).body).toEqual([]);
    });

    it('deletes the `_extra` key of a hidden JSON field and its index, leaving the other keys', async () => {
      expect((await call('/api/v1/schemas/obras/fields/cxAditivo', { method: 'DELETE' })).status).toBe(200);
      expect((await call('/api/v1/schemas/obras/fields/cxAditivo/usage')).body.records).toBe(2);
      const r = await purge('cxAditivo');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const left = await sql<{ n: string }>`select count(*) as n from obra where "_extra" ? 'cxAditivo'`.execute(t.api.db);
      expect(Number(left.rows[0].n)).toBe(0);
      const vistorias = await sql<{ n: string }>`select count(*) as n from obra where "_extra" ? 'cxVistoria'`.execute(t.api.db);
      expect(Number(vistorias.rows[0].n)).toBe(3);
      const idx = await sql<{ i: string }>`select indexname as i from pg_indexes where tablename = 'obra'`.execute(t.api.db);
      expect(idx.rows.map((x) => x.i)).not.toContain('obra_cxAditivo_idx');
      expect((await call('/api/v1/obras?Id_Lista=9101')).body[0]).toMatchObject({ cxVistoria: '2026-03-10' });
      expect((await call('/api/v1/obras?cxAditivo_gte=1')).status).toBe(400);
      expect((await migrate(t.api.db, SCHEMAS)).applied).toBe(0);
    });
  });

  it('keeps an internal custom field from clients: not sent, searched, filtered, in their history nor in their schemas', async () => {
    const CLIENT = 'cliente@portal.local'; // obra 101
    const both = await call('/api/v1/schemas/obras/fields', {
      method: 'POST',
      json: { name: 'cxOutraNota', kind: 'text', label: 'Outra nota', internal: true, required: true },
    });
    expect(both.status).toBe(400);
    expect(both.body.errors.internal[0]).toMatch(/campo interno não pode ser obrigatório/);
    const added = await call('/api/v1/schemas/obras/fields', {
      method: 'POST',
      json: { name: 'cxNotaInterna', kind: 'text', label: 'Nota interna', internal: true, list: true, filter: true, search: true, storage: 'json' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await obras()).fields.find((f) => f.name === 'cxNotaInterna')).toMatchObject({ internal: true });
    const [site101] = (await call('/api/v1/obras?Id_Lista=101')).body;
    const note = 'Cliente atrasa as medições';
    const saved = await call(`/api/v1/obras/${site101.id}`, { method: 'PATCH', json: { cxNotaInterna: note, version: site101.version } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call(`/api/v1/obras/${site101.id}`)).body.cxNotaInterna).toBe(note);
    expect((await call('/api/v1/obras?q=atrasa')).body.map((o: { Id_Lista: string }) => o.Id_Lista)).toEqual(['101']);

    const seen = await call(`/api/v1/obras/${site101.id}`, { as: CLIENT });
    expect(seen.status).toBe(200);
    expect(seen.body.nome).toBeTruthy();
    expect(seen.body).not.toHaveProperty('cxNotaInterna');
    const listed = await call('/api/v1/obras', { as: CLIENT });
    expect(listed.body.map((o: { Id_Lista: string }) => o.Id_Lista)).toContain('101');
    expect(JSON.stringify(listed.body)).not.toContain(note);
    expect((await call('/api/v1/obras?q=atrasa', { as: CLIENT })).body).toEqual([]);
    const filtered = await call('/api/v1/obras?cxNotaInterna_like=atrasa', { as: CLIENT });
    expect(filtered.status).toBe(403);
    expect(filtered.body.errors.cxNotaInterna_like[0]).toMatch(/Nota interna/);
    const history = await call(`/api/v1/obras/${site101.id}/historico`, { as: CLIENT });
    expect(JSON.stringify(history.body)).not.toContain(note);
    expect((await obras(CLIENT)).fields.some((f) => f.name === 'cxNotaInterna')).toBe(false);

    // No longer internal: the client reads it from the next request on.
    const open = await call('/api/v1/schemas/obras/fields/cxNotaInterna', { method: 'PATCH', json: { internal: false } });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect((await call(`/api/v1/obras/${site101.id}`, { as: CLIENT })).body.cxNotaInterna).toBe(note);
    expect((await obras(CLIENT)).fields.some((f) => f.name === 'cxNotaInterna')).toBe(true);
  });
});
