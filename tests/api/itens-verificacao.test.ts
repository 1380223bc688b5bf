/**
 * Punch items (issue 42, docs/access.md decision 38) on both databases: numbering per site, the
 * workflow with the supplier and the site manager, the SLA by priority, what partners and the
 * client's representative see, and the pin and company checks (400, nothing stored).
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { demoPng } from '../../src/server/seed/demo-files';
import { CNPJ } from '../../src/server/seed/demo-empresas';

const SM = 'sm@portal.local';
const SUPPLIER = 'fornecedor@portal.local';
const REP = 'cliente@portal.local';
const R = 'itens-verificacao';

type Item = Record<string, unknown> & { id: number; version: number; numero: number; status: string };

describe.each(BACKENDS)('punch items (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const body = (extra: Record<string, unknown> = {}) => ({
    obra: '101',
    descricao: 'Guarda-corpo solto no mezanino',
    disciplina: 'Mecânica',
    prioridade: 'Urgente',
    empresaResponsavel: CNPJ.montagensIdeal,
    responsavel: person(SUPPLIER),
    verificador: person(SM),
    folha: 1,
    x: 0.5,
    y: 0.25,
    observacaoInterna: 'Só para a equipe.',
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}, as = SM) => {
    const r = await c.post(`/api/v1/${R}`, body(extra), as);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as Item;
  };
  const count = async () => Number((await t.api.request(`/api/v1/${R}?_start=0&_end=1`)).headers.get('x-total-count'));
  const meta = (row: Item, key: string) => (row.slaMetas as { meta: string; prazo: string | null }[]).find((m) => m.meta === key);

  it('numbers per site, walks Aberto → Para verificação → Reaberto → Fechado with the supplier and the site manager, SLA by priority', async () => {
    const first = await create();
    const second = await create({ prioridade: 'Baixa' });
    expect(first).toMatchObject({ status: 'Aberto', numero: 7 }); // the demo has 6 on site 101
    expect(second.numero).toBe(8);
    expect((await create({ obra: '102', folha: null, x: null, y: null, verificador: person(SM) })).numero).toBe(1);
    // Urgent: 2 business days to correct; low priority: 20.
    const urgent = Date.parse(meta(first, 'correcao')!.prazo!);
    expect(urgent).toBeGreaterThan(Date.now());
    expect(urgent).toBeLessThan(Date.now() + 6 * 86_400_000);
    expect(Date.parse(meta(second, 'correcao')!.prazo!)).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    expect(first.slaSituacao).toBe('Em dia');

    expect(await c.names(R, first.id, SUPPLIER)).toEqual(expect.arrayContaining(['iniciar-correcao', 'corrigido']));
    expect(((await c.get(`/api/v1/pendencias?resource=${R}&_end=200`, SUPPLIER)).body as { id: number }[]).map((i) => i.id)).toContain(first.id);
    expect(await c.names(R, first.id, SUPPLIER)).not.toContain('verificar');
    expect((await c.step(R, first.id, 'iniciar-correcao', SUPPLIER)).body.status).toBe('Em correção');
    const noPhoto = await c.step(R, first.id, 'corrigido', SUPPLIER);
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body.errors.fotosCorrecao).toBeDefined();
    // The supplier sends the photo from its phone, then "corrigido".
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(demoPng(3))], { type: 'image/png' }), 'corrigido.png');
    const up = await t.api.request(`/api/v1/arquivos?recurso=${R}&campo=fotosCorrecao&id=${first.id}`, { method: 'POST', body: form, as: SUPPLIER });
    const photo = await up.json();
    expect(up.status, JSON.stringify(photo)).toBe(201);
    const fixed = await c.step(R, first.id, 'corrigido', SUPPLIER, { values: { fotosCorrecao: [photo] }, comment: 'Fixado com chumbador.' });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.status).toBe('Para verificação');
    // "Minhas pendências": the verifier holds it now; the supplier no longer does.
    const queue = async (as: string) => ((await c.get(`/api/v1/pendencias?resource=${R}&_end=200`, as)).body as { id: number }[]).map((i) => i.id);
    expect(await queue(SM)).toContain(first.id);
    expect(await queue(SUPPLIER)).not.toContain(first.id);
    expect((await t.api.request(photo.url, { as: SM })).status).toBe(200); // linked to the item: the site manager sees it
    expect((await c.step(R, first.id, 'verificar', SUPPLIER)).status).toBe(403);
    // The site manager reopens (reason required), the supplier corrects again, the site manager closes.
    expect((await c.step(R, first.id, 'reabrir', SM)).status).toBe(400);
    expect((await c.step(R, first.id, 'reabrir', SM, { comment: 'Ainda solto na ponta.' })).body.status).toBe('Reaberto');
    expect((await c.step(R, first.id, 'corrigido', SUPPLIER, { values: { fotosCorrecao: [photo] } })).body.status).toBe('Para verificação');
    const closed = await c.step(R, first.id, 'verificar', SM);
    expect(closed.body).toMatchObject({ status: 'Fechado', slaSituacao: 'Atendido' });
    expect(closed.body.fechadoEm).toBeTruthy();
    expect((await c.patch(`/api/v1/${R}/${first.id}`, { version: closed.body.version, descricao: 'Outra' }, SM)).status).toBe(403);
    // An item that already holds photos of the site team (demo item 2): only the step's photos are checked.
    const demo = (await c.get(`/api/v1/${R}?obra=101&numero=2`, SUPPLIER)).body[0] as Item;
    expect((demo.fotos as unknown[]).length).toBeGreaterThan(0);
    const answered = await c.step(R, demo.id, 'corrigido', SUPPLIER, { values: { fotosCorrecao: [photo] } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const hist = await c.get(`/api/v1/${R}/${first.id}/historico`, SM);
    const steps = hist.body.filter((h: { action: string }) => h.action === 'transition').map((h: { transition: { name: string } }) => h.transition.name);
    expect(steps).toEqual(['verificar', 'corrigido', 'reabrir', 'corrigido', 'iniciar-correcao']);
  });

  it("partners see only their company's items, without internal fields or staff e-mails; the client only where the site allows it", async () => {
    const list = await c.get(`/api/v1/${R}`, SUPPLIER);
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    for (const row of list.body) {
      expect(row.empresaResponsavel).toBe(CNPJ.montagensIdeal);
      expect(row).not.toHaveProperty('observacaoInterna');
      expect(row).not.toHaveProperty('visivelCliente');
      expect(JSON.stringify(row)).not.toContain('sm@portal.local');
    }
    const other = (await c.get(`/api/v1/${R}?empresaResponsavel=${CNPJ.eletricaForte}`)).body[0] as Item;
    expect([403, 404]).toContain((await c.get(`/api/v1/${R}/${other.id}`, SUPPLIER)).status);
    expect((await c.get(`/api/v1/${R}?observacaoInterna_like=equipe`, SUPPLIER)).status).toBe(403);
    expect((await c.get('/api/v1/plantas', SUPPLIER)).status).toBe(403);

    // Site 101 lets its client's representative read the punch list (demo); switched off, nothing.
    const rep = await c.get(`/api/v1/${R}`, REP);
    expect(rep.body.length).toBeGreaterThan(0);
    expect(rep.body.every((r: Item) => r.obra === '101' && !('observacaoInterna' in r))).toBe(true);
    const site = (await c.get('/api/v1/obras?Id_Lista=101')).body[0];
    const off = await c.patch(`/api/v1/obras/${site.id}`, { version: site.version, verificacaoCliente: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await c.get(`/api/v1/${R}`, REP)).body).toEqual([]);
    await c.patch(`/api/v1/obras/${site.id}`, { version: off.body.version, verificacaoCliente: true });
    expect((await c.get(`/api/v1/${R}`, REP)).body.length).toBe(rep.body.length);
  });

  it('refuses a pin off the sheet or on a missing or foreign sheet, and an unregistered company or a person outside it: 400, nothing stored', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ x: 1.5 }, 'x', /1/],
      [{ y: -0.1 }, 'y', /0/],
      [{ folha: 999999 }, 'folha', /não encontrada/],
      [{ obra: '102' }, 'folha', /obra 101/],
      [{ x: null }, 'x', /posição/],
      [{ folha: null }, 'folha', /Escolha a folha/],
      [{ empresaResponsavel: '11444777000161' }, 'empresaResponsavel', /não encontrada/],
      [{ empresaResponsavel: CNPJ.clienteDemo }, 'empresaResponsavel', /Fornecedor/],
      [{ responsavel: person(SM) }, 'responsavel', /empresa responsável/],
    ];
    for (const [extra, field, message] of cases) {
      const r = await c.post(`/api/v1/${R}`, body(extra), SM);
      expect(r.status, `${JSON.stringify(extra)} → ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.errors?.[field]?.[0], JSON.stringify(extra)).toMatch(message);
    }
    expect(await count()).toBe(before);
  });
});
