/**
 * Fields and forms of the role journeys, through the API: the people directory behind person
 * pickers, RDO numbers assigned per site without gaps, a contract item's total.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';

type Row = Record<string, unknown>;

describe.each(BACKENDS)('fields and forms (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);

  it('staff search the portal people by name or e-mail, limited to the roles a field asks for', async () => {
    const byName = await c.get('/api/v1/pessoas?q=gust', 'sm@portal.local');
    expect(byName.status).toBe(200);
    expect(byName.body).toContainEqual({ mail: 'gustavo.alves@portal.local', nome: 'Gustavo Alves' });
    const upper = await c.get('/api/v1/pessoas?q=ALVES%40PORTAL', 'sm@portal.local');
    expect(upper.body.map((p: Row) => p.mail)).toEqual(['gustavo.alves@portal.local']);
    const managers = await c.get('/api/v1/pessoas?perfil=site_manager', 'sm@portal.local');
    const mails = managers.body.map((p: Row) => p.mail);
    expect(mails).toEqual(expect.arrayContaining(['sm@portal.local']));
    expect(mails).not.toContain('gustavo.alves@portal.local');
    expect(mails).not.toContain('cliente@portal.local');
    expect((await c.get('/api/v1/pessoas?q=%25', 'sm@portal.local')).body).toEqual([]); // % is text, not a wildcard
  });

  it("a site's people: only those whose directory row names the site; an unknown site is 404", async () => {
    const site101 = await c.get('/api/v1/pessoas?perfil=site_manager&perfil=site_manager_substituto&obra=101', 'sm@portal.local');
    expect(site101.status).toBe(200);
    const mails = site101.body.map((p: Row) => p.mail);
    expect(mails).toEqual(expect.arrayContaining(['sm@portal.local']));
    const site103 = await c.get('/api/v1/pessoas?perfil=site_manager&obra=103', 'admin@portal.local');
    expect(site103.body.map((p: Row) => p.mail)).not.toContain('sm@portal.local');
    expect((await c.get('/api/v1/pessoas?obra=999999', 'admin@portal.local')).status).toBe(404);
  });

  it('external users do not get the staff directory', async () => {
    const r = await c.get('/api/v1/pessoas?q=a', 'cliente@portal.local');
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/colaboradores/);
  });

  it('numbers the RDOs of a site consecutively, whatever the body says, also when created at once', async () => {
    const before = await c.get('/api/v1/diarios?obra=105&_sort=numero&_order=desc&_end=1');
    const last = Number(before.body[0]?.numero ?? 0);
    const created = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => c.post('/api/v1/diarios', { obra: '105', data: `2026-09-0${i}`, numero: 999, siteManager: person('admin@portal.local') })),
    );
    for (const r of created) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(created.map((r) => r.body.numero).sort((a, b) => a - b)).toEqual([last + 1, last + 2, last + 3, last + 4, last + 5]);
    // Another site keeps its own count.
    const other = await c.post('/api/v1/diarios', { obra: '104', data: '2026-09-01', siteManager: person('admin@portal.local') });
    const prev104 = await c.get('/api/v1/diarios?obra=104&_sort=numero&_order=desc&_end=2');
    expect(other.body.numero).toBe(Number(prev104.body[1]?.numero ?? 0) + 1);
  });

  it("computes a contract item's total on create and update", async () => {
    const [ct] = (await c.get('/api/v1/contratos?numero=CT-2025-007')).body;
    const [prod] = (await c.get('/api/v1/produtos?_end=1')).body;
    const item = await c.post('/api/v1/produtos-contrato', {
      contrato: ct.id,
      produto: prod.id,
      descricao: 'Cabos',
      quantidade: 3.5,
      valorUnitario: 1000.1,
      valorTotal: 1,
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    expect(Number(item.body.valorTotal)).toBe(3500.35);
    const upd = await c.patch(`/api/v1/produtos-contrato/${item.body.id}`, { version: item.body.version, quantidade: 2 });
    expect(Number(upd.body.valorTotal)).toBe(2000.2);
  });

  it("fills a new record's people from the site's responsibility matrix, by discipline", async () => {
    const [site] = (await c.get('/api/v1/obras?Id_Lista=106')).body;
    const set = await c.patch(`/api/v1/obras/${site.id}`, {
      version: site.version,
      matrizResponsabilidade: [
        { disciplina: 'Geral', siteManager: person('sm@portal.local', 'Site Manager'), quantificador: person('quantificador@portal.local', 'Quantificador') },
        { disciplina: 'Elétrica', quantificador: person('gustavo.alves@portal.local', 'Gustavo Alves'), verificador: person('verificador@portal.local') },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const eletrica = await c.post('/api/v1/materiais', { titulo: 'Cabos do galpão', obra: '106', disciplina: 'Elétrica' });
    expect(eletrica.status, JSON.stringify(eletrica.body)).toBe(201);
    expect(eletrica.body.Quantificou).toEqual({ mail: 'gustavo.alves@portal.local', nome: 'Gustavo Alves' });
    expect(eletrica.body.Verificador).toEqual({ mail: 'verificador@portal.local' });
    const civil = await c.post('/api/v1/materiais', { titulo: 'Formas', obra: '106', disciplina: 'Civil', Verificador: person('admin@portal.local') });
    expect(civil.body.Quantificou.mail).toBe('quantificador@portal.local'); // no Civil row: "Geral"
    expect(civil.body.Verificador.mail).toBe('admin@portal.local'); // what the body says wins
    expect(civil.body.Site_manager.mail).toBe('sm@portal.local');
    const rdo = await c.post('/api/v1/diarios', { obra: '106', data: '2026-09-10' });
    expect(rdo.body.siteManager.mail).toBe('sm@portal.local');
  });

  it('post-sales records the costs of a ticket it works, and reads their total', async () => {
    const [ticket] = (await c.get('/api/v1/posvendas?_end=1')).body;
    const before = await c.get(`/api/v1/custos-posvenda/aggregate?measure=sum:valor&ticket=${ticket.id}`, 'posvendas@portal.local');
    expect(before.status).toBe(200);
    const cost = await c.post(
      '/api/v1/custos-posvenda',
      { ticket: ticket.id, descricao: 'Deslocamento do técnico', categoria: 'Deslocamento', valor: 350.5 },
      'posvendas@portal.local',
    );
    expect(cost.status, JSON.stringify(cost.body)).toBe(201);
    expect(cost.body.data).toMatch(/^\d{4}-\d{2}-\d{2}$/); // today, by default
    const after = await c.get(`/api/v1/custos-posvenda/aggregate?measure=sum:valor&ticket=${ticket.id}`, 'posvendas@portal.local');
    expect(after.body.total).toBeCloseTo(before.body.total + 350.5, 2);
    expect((await c.del(`/api/v1/custos-posvenda/${cost.body.id}`, 'posvendas@portal.local')).status).toBe(403);
    expect((await c.post('/api/v1/custos-posvenda', { ticket: ticket.id, descricao: 'X', valor: 1 }, 'leitura@portal.local')).status).toBe(403);
  });

  it("a new materials list takes its template's items and discipline, never over what was sent", async () => {
    const [tpl] = (await c.get('/api/v1/templates-materiais?_end=1&_sort=nome&_order=asc')).body;
    expect(tpl.itens.length).toBeGreaterThan(0);
    const copied = await c.post('/api/v1/materiais', { titulo: 'Lista a partir do modelo', obra: '101', template: tpl.id });
    expect(copied.status, JSON.stringify(copied.body)).toBe(201);
    expect(copied.body.itens.map((i: Row) => i.descricao)).toEqual(tpl.itens.map((i: Row) => i.descricao));
    expect(copied.body.disciplina).toBe(tpl.disciplina);
    const own = await c.post('/api/v1/materiais', {
      titulo: 'Lista própria',
      obra: '101',
      template: tpl.id,
      itens: [{ descricao: 'Areia média', unidade: 'm³', quantidade: 12 }],
    });
    expect(own.body.itens).toEqual([{ descricao: 'Areia média', unidade: 'm³', quantidade: 12 }]);
    const bad = await c.post('/api/v1/materiais', { titulo: 'Modelo inexistente', obra: '101', template: 999999 });
    expect(bad.status).toBe(400);
  });
});
