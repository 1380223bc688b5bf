import { describe, expect, it } from 'vitest';
import { subject } from '@casl/ability';
import { sql } from 'kysely';
import { SCHEMAS, schemaByName } from '../../schemas';
import { abilityFromPacked } from '../../src/access/ability';
import { toCaslAction } from '../../src/access/refine-actions';
import { DEMO_USERS } from '../../mocks/test-app';
import { BACKENDS, useApi } from './backends';
import { CNPJ } from '../../src/server/seed/demo-empresas';

type Row = Record<string, unknown> & { id: number; version: number };

describe.each(BACKENDS)('API access rules (%s)', (backend) => {
  const t = useApi(backend);
  const list = async (resource: string, as: string, query = '_end=1000') => {
    const res = await t.api.request(`/api/v1/${resource}?${query}`, { as });
    return { status: res.status, body: (await res.json()) as Row[] & { message?: string } };
  };

  it('lists, for every entity and demo user, exactly the rows the ability allows (or 403 with no rule)', async () => {
    for (const schema of SCHEMAS) {
      // Every stored row as it is (the API hides some fields even from admins, e.g. who filed an anonymous report).
      const stored = await sql<{ row: Row }>`select to_jsonb(t.*) as row from ${sql.table(schema.name)} t`.execute(t.api.db);
      const all = { body: stored.rows.map((r) => r.row) };
      // With accessVia, a row is readable when its parent is.
      const viaField = schema.fields.find((f) => f.name === schema.accessVia);
      const parent = viaField ? schemaByName(viaField.ref!)! : undefined;
      const parents = parent ? new Map((await list(parent.resource, 'admin@portal.local')).body.map((p) => [p.id, p])) : undefined;
      const target = (r: Row) => (parent ? subject(parent.subject, { ...parents!.get(r[viaField!.name] as number) }) : subject(schema.subject, { ...r }));
      for (const email of Object.keys(DEMO_USERS)) {
        // The ability the API builds for this user (with what it looks up, e.g. a substitute's sites).
        const me = await t.api.request('/api/v1/me', { as: email });
        const ability = abilityFromPacked((await me.json()).rules);
        const mine = await list(schema.resource, email);
        // An entity is read with its list action (action plans: `readAcoes`).
        const read = toCaslAction(schema.subject, 'list', schema.actions);
        if (!ability.rulesFor(read as never, (parent ?? schema).subject as never).some((r) => !r.inverted)) {
          expect(mine.status, `${email} ${schema.resource}`).toBe(403);
          expect(mine.body.message).toMatch(/Você não tem permissão para ver/);
          continue;
        }
        expect(mine.status, `${email} ${schema.resource}`).toBe(200);
        const expected = all.body.filter((r) => ability.can(read as never, target(r) as never)).map((r) => r.id);
        expect(mine.body.map((r) => r.id).sort(), `${email} ${schema.resource}`).toEqual(expected.sort());
      }
    }
  });

  it('lets every staff member list the SGI action plans (readAcoes), not the SGI records of others', async () => {
    const plans = await list('planos-acao', 'leitura@portal.local');
    expect(plans.status).toBe(200);
    expect(plans.body.length).toBeGreaterThan(0);
    const one = await t.api.request(`/api/v1/planos-acao/${plans.body[0].id}`, { as: 'leitura@portal.local' });
    expect(one.status).toBe(200);
    const records = await list('tickets-sgi', 'leitura@portal.local');
    expect(records.body.every((r) => (r.relator as { mail: string } | null)?.mail === 'leitura@portal.local')).toBe(true);
  });

  it('shows a client only the sites of their list', async () => {
    const { body } = await list('obras', 'cliente@portal.local');
    expect(body.map((o) => o.Id_Lista)).toEqual(['101']);
  });

  it('shows the site manager with rdo_by_obra only the RDOs of their sites or their own', async () => {
    const { body } = await list('diarios', 'sm@portal.local');
    expect(body.length).toBeGreaterThan(0);
    for (const r of body) {
      const sm = (r.siteManager as { mail: string } | null)?.mail;
      expect(['101', '102'].includes(r.obra as string) || sm === 'sm@portal.local').toBe(true);
    }
    const admin = await list('diarios', 'admin@portal.local', 'obra=103&_end=1000');
    const foreign = admin.body.find((r) => (r.siteManager as { mail: string }).mail !== 'sm@portal.local');
    if (foreign) {
      const res = await t.api.request(`/api/v1/diarios/${foreign.id}`, { as: 'sm@portal.local' });
      expect(res.status).toBe(403);
    }
  });

  it('refuses writes the ability denies with 403 and a message naming the action', async () => {
    const obra = await t.api.request('/api/v1/obras', {
      as: 'leitura@portal.local',
      method: 'POST',
      json: { Id_Lista: '999', nome: 'Nova obra', cliente: CNPJ.clienteDemo },
    });
    expect(obra.status).toBe(403);
    expect((await obra.json()).message).toBe('Você não tem permissão para criar esta obra.');
    const ticket = (await list('posvendas', 'posvendas@portal.local')).body[0];
    const del = await t.api.request(`/api/v1/posvendas/${ticket.id}`, { as: 'posvendas@portal.local', method: 'DELETE' });
    expect(del.status).toBe(403);
    expect((await del.json()).message).toMatch(/excluir este ticket|excluir est/);
    expect((await t.api.request(`/api/v1/posvendas/${ticket.id}`, { as: 'admin@portal.local' })).status).toBe(200);
  });

  it('checks the record as it would be after a create or update', async () => {
    // The site manager may create RDOs only as their site manager.
    const other = await t.api.request('/api/v1/diarios', {
      as: 'sm@portal.local',
      method: 'POST',
      json: { obra: '101', data: '2026-10-01', siteManager: { mail: 'outro@portal.local' } },
    });
    expect(other.status).toBe(403);
    const own = await t.api.request('/api/v1/diarios', {
      as: 'sm@portal.local',
      method: 'POST',
      json: { obra: '101', data: '2026-10-01', siteManager: { mail: 'sm@portal.local' } },
    });
    expect(own.status).toBe(201);
    const row = await own.json();
    // ... and may not hand it over to somebody else.
    const moved = await t.api.request(`/api/v1/diarios/${row.id}`, {
      as: 'sm@portal.local',
      method: 'PATCH',
      json: { version: row.version, siteManager: { mail: 'outro@portal.local' } },
    });
    expect(moved.status).toBe(403);
    expect((await t.api.request(`/api/v1/diarios/${row.id}`, { as: 'sm@portal.local' })).status).toBe(200);

    // A contract editor in Revisão may not move a contract into a status they cannot edit.
    t.api.addUser({ email: 'editor@portal.local', roles: ['editor_contratos'] });
    const contracts = await list('contratos', 'admin@portal.local', 'status=Revisão');
    const c = contracts.body[0];
    const ok = await t.api.request(`/api/v1/contratos/${c.id}`, {
      as: 'editor@portal.local',
      method: 'PATCH',
      json: { version: c.version, objeto: 'Objeto revisado pelo editor' },
    });
    expect(ok.status).toBe(200);
    const v = (await ok.json()).version;
    // ... nor move it through an edit at all: statuses change only through the workflow's actions.
    const bad = await t.api.request(`/api/v1/contratos/${c.id}`, { as: 'editor@portal.local', method: 'PATCH', json: { version: v, status: 'Aprovado' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/A situação não muda pela edição/);
    // A contracts user the contract does not name may not edit it in Revisão.
    t.api.addUser({ email: 'contratante@portal.local', roles: ['contratos'] });
    const handOver = await t.api.request(`/api/v1/contratos/${c.id}`, {
      as: 'contratante@portal.local',
      method: 'PATCH',
      json: { version: v, objeto: 'x'.repeat(10) },
    });
    expect(handOver.status).toBe(403);
  });

  it('refuses writes to fields the rules do not grant', async () => {
    t.api.addUser({
      email: 'campos@portal.local',
      roles: ['rdo_by_obra'],
      obra: ['101'],
      specific_rules: JSON.stringify([{ action: 'update', subject: 'RDO', fields: ['ocorrencias'] }]),
    });
    const rdo = (await list('diarios', 'campos@portal.local', 'obra=101&_end=1')).body[0];
    const allowed = await t.api.request(`/api/v1/diarios/${rdo.id}`, {
      as: 'campos@portal.local',
      method: 'PATCH',
      json: { version: rdo.version, ocorrencias: 'Só ocorrências' },
    });
    expect(allowed.status).toBe(200);
    const after = await allowed.json();
    const denied = await t.api.request(`/api/v1/diarios/${rdo.id}`, {
      as: 'campos@portal.local',
      method: 'PATCH',
      json: { version: after.version, chuvaMm: 3 },
    });
    expect(denied.status).toBe(403);
    expect((await denied.json()).errors.chuvaMm[0]).toMatch(/não tem permissão para alterar este campo/);
  });
});
