/**
 * GET /api/v1/obras/{obra}/eap-codigos?area= (issue 23): the technicians who write a work order's
 * daily reports pick the codes of their site's EAP of their area (code, description, parent and
 * nothing else), though they do not read the EAP itself (docs/access.md decisions 6 and 7); another
 * area, a site that is not theirs or a person who writes no such report gets 403. The report still
 * refuses a code outside that EAP: 400 on the row, nothing stored.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';

const ADMIN = 'admin@portal.local';
const FIELD = 'field@portal.local'; // role field, sites 101 and 103
const AUTOMACAO = 'automacao@portal.local'; // automacao and automacao_config, sites 101 and 103
const TECH_AUT = 'tecnico.automacao.teste@portal.local'; // automacao only, site 101

interface Codigo {
  id: number;
  codigo: string;
  descricao: string;
  pai: number | null;
}

describe.each(BACKENDS)('EAP codes a daily report may name (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const codes = (obra: string, area: string, as: string) => c.get(`/api/v1/obras/${obra}/eap-codigos?area=${area}`, as);
  /** The EAP as its administrator reads it, for comparison. */
  const eap = async (obra: string, area: string) => {
    const r = await c.get(`/api/v1/eap-os?obra=${obra}&area=${area}&_end=1000`, ADMIN);
    expect(r.status).toBe(200);
    return r.body as (Codigo & Record<string, unknown>)[];
  };
  const sorted = (l: { codigo: string }[]) => l.map((i) => i.codigo).sort();

  it('the field technician gets the FIELD items of their sites, code and description only, and nothing else', async () => {
    const r = await codes('101', 'FIELD', FIELD);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const got = r.body as Codigo[];
    const field101 = await eap('101', 'FIELD');
    expect(field101.length).toBeGreaterThan(5);
    expect(sorted(got)).toEqual(sorted(field101));
    expect(got.find((i) => i.codigo === '2.1')).toEqual({
      id: expect.any(Number),
      codigo: '2.1',
      descricao: 'Instalação de inversores',
      pai: field101.find((i) => i.codigo === '2')!.id,
    });
    for (const item of got) expect(Object.keys(item).sort()).toEqual(['codigo', 'descricao', 'id', 'pai']);
    // Site 101's automation items are another EAP.
    expect(sorted(await eap('101', 'AUTOMACAO'))).toEqual(['5', '5.1', '5.2']);
    expect(got.some((i) => i.codigo.startsWith('5'))).toBe(false);
    // Site 103 is theirs too.
    const r103 = await codes('103', 'FIELD', FIELD);
    expect(r103.status).toBe(200);
    expect(r103.body).toEqual([{ id: expect.any(Number), codigo: '4', descricao: 'Inspeções de campo', pai: null }]);
  });

  it('the field technician gets 403 for the automation EAP, for a site that is not theirs, and still cannot read the EAP records', async () => {
    const otherArea = await codes('101', 'AUTOMACAO', FIELD);
    expect(otherArea.status).toBe(403);
    expect(otherArea.body.message).toMatch(/^Você não tem permissão para ver os itens da EAP desta obra e área/);
    expect((await codes('102', 'FIELD', FIELD)).status).toBe(403);
    // The narrow list widens nothing: the EAP itself (weights, dates, people) stays closed.
    expect((await c.get('/api/v1/eap-os?obra=101&area=FIELD', FIELD)).status).toBe(403);
  });

  it('the automation technician gets the AUTOMACAO items of their sites, 403 for FIELD and for other sites', async () => {
    t.api.addUser({ email: TECH_AUT, name: 'Téo Técnico', roles: ['automacao'], obra: ['101'] });
    const r = await codes('101', 'AUTOMACAO', TECH_AUT);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const root = (await eap('101', 'AUTOMACAO')).find((i) => i.codigo === '5')!;
    expect(r.body).toEqual([
      { id: root.id, codigo: '5', descricao: 'Automação da linha de pintura', pai: null },
      { id: expect.any(Number), codigo: '5.1', descricao: 'Programação dos CLPs da linha', pai: root.id },
      { id: expect.any(Number), codigo: '5.2', descricao: 'Telas do supervisório da linha', pai: root.id },
    ]);
    expect((await codes('101', 'FIELD', TECH_AUT)).status).toBe(403);
    expect((await codes('103', 'AUTOMACAO', TECH_AUT)).status).toBe(403);
    expect((await c.get('/api/v1/eap-os?obra=101&area=AUTOMACAO', TECH_AUT)).status).toBe(403);
    // The demo automation technician also configures the automation EAP (automacao_config): they
    // read it on every site, and the field EAP stays closed to them.
    const demo = await codes('103', 'AUTOMACAO', AUTOMACAO);
    expect(demo.status).toBe(200);
    expect(sorted(demo.body as Codigo[])).toEqual(sorted(await eap('103', 'AUTOMACAO')));
    expect((await codes('101', 'FIELD', AUTOMACAO)).status).toBe(403);
  });

  it('nobody else: 403 without a report to write, 404 for an unknown site, 400 without an area, 401 anonymous', async () => {
    expect((await codes('101', 'FIELD', 'leitura@portal.local')).status).toBe(403);
    expect((await codes('101', 'FIELD', 'sm@portal.local')).status).toBe(403);
    expect((await codes('101', 'FIELD', 'cliente@portal.local')).status).toBe(403);
    expect((await codes('999', 'FIELD', ADMIN)).status).toBe(404);
    for (const q of ['', '?area=', '?area=RDO']) {
      const bad = await c.get(`/api/v1/obras/101/eap-codigos${q}`, FIELD);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ area: ['Use "FIELD" ou "AUTOMACAO".'] });
    }
    expect((await t.api.request('/api/v1/obras/101/eap-codigos?area=FIELD', { as: null })).status).toBe(401);
    // Readers of the EAP get it as well.
    expect((await codes('101', 'AUTOMACAO', ADMIN)).status).toBe(200);
  });

  it("the field technician's report naming a code outside the site's FIELD EAP is a 400 on its row, nothing stored", async () => {
    const count = async () => Number((await c.get('/api/v1/diarios-os?obra=101&_end=1', ADMIN)).headers.get('x-total-count'));
    const before = await count();
    const report = (eapCodigo: string) => ({
      area: 'FIELD',
      obra: '101',
      data: '2032-03-02',
      executante: person(FIELD),
      atividades: [{ eapCodigo, descricao: 'Instalação' }],
    });
    for (const code of ['9.9', '5.1']) {
      const bad = await c.post('/api/v1/diarios-os', report(code), FIELD);
      expect(bad.status, code).toBe(400);
      expect(bad.body.errors).toEqual({ 'atividades.0.eapCodigo': [`O item "${code}" não existe na EAP desta obra e área: escolha um item da EAP.`] });
    }
    expect(await count()).toBe(before);
    // A code the list offered is accepted.
    const offered = ((await codes('101', 'FIELD', FIELD)).body as Codigo[]).find((i) => i.codigo === '2.2')!;
    const ok = await c.post('/api/v1/diarios-os', report(offered.codigo), FIELD);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.atividades).toEqual([expect.objectContaining({ eapCodigo: '2.2' })]);
    expect(await count()).toBe(before + 1);
  });
});
