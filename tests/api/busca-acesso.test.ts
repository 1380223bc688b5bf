/**
 * The search across every module keeps the lists' permissions (issue 39, docs/access.md "The search"),
 * on both databases: a leak probe for every external kind — a client, a supplier, a law firm — and
 * for a site manager of another site; none finds a record, or a snippet, its lists would not show,
 * nor a record by a word only in an internal field or by a staff e-mail (decision 29). Custom fields
 * an administrator marks searchable are found, an internal one only by the staff.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../resources/search';
import { CNPJ } from '../../src/server/seed/demo-empresas';
import { fold } from '../../src/server/search/parse';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { newTicket } from './ticket-helpers';

type Row = { id: number; version: number; [k: string]: unknown };
const ADMIN = 'admin@portal.local';
const CLI = 'cliente@portal.local'; // client of site 101
const SUP = 'fornecedor@portal.local'; // Montagens Ideal
const LAW = 'escritorio@portal.local'; // Andrade & Lobo
const SM = 'sm@portal.local'; // sites 101 and 102
const OTHER_SM = 'sm.outra@portal.local'; // site 103 only
const PROBES = [CLI, SUP, LAW, OTHER_SM];

describe.each(ENGINE_BACKENDS)('search permissions (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const find = async (q: string, as: string, extra = '') => {
    const r = await c.get(`/api/v1/busca?q=${encodeURIComponent(q)}&limite=50${extra}`, as);
    expect(r.status, `${as} ${q}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body as SearchAnswer;
  };
  const hits = async (q: string, as: string) => (await find(q, as)).resultados.map((h) => `${h.recurso}/${h.id}`);
  let ticket101: Row;
  let ticket102: Row;
  let mine: Row; // the supplier's SGI record, accepted
  const sgi = async (fornecedor: string, titulo: string, steps: [string, string][]) => {
    const r = await c.post('/api/v1/tickets-sgi', {
      area: 'Qualidade',
      tipo: 'RNC',
      severidade: 'Média',
      origem: 'Fornecedor',
      titulo,
      dataOcorrencia: '2026-10-01',
      fornecedor,
      descricao: 'Peças entregues fora da especificação.',
      relator: person(SM, 'Site Manager'),
      responsavel: person('renata.costa@portal.local', 'Renata Costa'),
      comentarioInterno: 'Nota sigilosa capivara da equipe SGI.',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    let row = r.body as Row;
    for (const [step, as] of steps) {
      const s = await c.step('tickets-sgi', row.id, step, as);
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      row = s.body;
    }
    return row;
  };
  const patchFirst = async (path: string, values: Record<string, unknown>) => {
    const row = ((await c.get(path)).body as Row[])[0];
    expect(row, path).toBeTruthy();
    const r = await c.patch(path.replace(/\?.*$/, `/${row.id}`), { version: row.version, ...values });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as Row;
  };

  beforeAll(async () => {
    t.api.addUser({ email: OTHER_SM, roles: ['site_manager', 'rdo_by_obra'], obra: ['103'] });
    const contact = { contato: 'Beatriz Quintanilha', comentario: 'Segredo quasimodo da equipe interna.' };
    ticket101 = (await newTicket(c, `Infiltração tricolor ${backend}`, { fields: { ...contact, descricao: 'Infiltração tricolor na parede norte.' } }))
      .ticket as Row;
    ticket102 = (await newTicket(c, `Vazamento ornitorrinco ${backend}`, { obra: '102', fields: { descricao: 'Vazamento ornitorrinco no telhado.' } }))
      .ticket as Row;
    const accept: [string, string][] = [
      ['enviar-triagem', ADMIN],
      ['aceitar', 'sgi@portal.local'],
    ];
    mine = await sgi(CNPJ.montagensIdeal, `RNC tamandua ${backend}`, accept);
    await sgi(CNPJ.montagensIdeal, `Rascunho jabuticaba ${backend}`, []);
    await sgi(CNPJ.trafoSul, `RNC lhama de outro fornecedor ${backend}`, accept);
    await patchFirst(`/api/v1/processos-juridicos?escritorio=${CNPJ.andradeLobo}`, { objeto: 'Pedido de indenização pela arara azul.' });
    await patchFirst(`/api/v1/processos-juridicos?escritorio=${CNPJ.mouraCivel}`, { objeto: 'Pedido sobre o pinguim imperador.' });
    await patchFirst('/api/v1/diarios?obra=101&status=Rascunho', { ocorrencias: 'Queda do guindaste flamingo no pátio.' });
  });

  it('a client finds its site’s ticket, never by an internal word, a staff e-mail or another site’s ticket', async () => {
    expect(await hits('tricolor', CLI)).toContain(`posvendas/${ticket101.id}`);
    expect(await hits('Quintanilha', CLI)).toContain(`posvendas/${ticket101.id}`);
    const answer = JSON.stringify(await find('tricolor', CLI));
    expect(answer).not.toMatch(/quasimodo|posvendas@portal\.local/);
    expect(await hits('quasimodo', CLI)).toEqual([]);
    expect(await hits('quasimodo', ADMIN)).toContain(`posvendas/${ticket101.id}`);
    expect(await hits('posvendas@portal.local', CLI)).toEqual([]);
    expect(await hits('posvendas@portal.local', ADMIN)).toContain(`posvendas/${ticket101.id}`);
    expect(await hits('ornitorrinco', CLI)).toEqual([]);
    expect(await hits('ornitorrinco', 'cliente.novo@portal.local')).toContain(`posvendas/${ticket102.id}`);
  });

  it('a supplier finds its own accepted record by word and code, never by the internal note, a draft or another supplier’s', async () => {
    expect(await hits('tamandua', SUP)).toEqual([`tickets-sgi/${mine.id}`]);
    expect(mine.codigo).toMatch(/^[A-Z]{3}-\d{4}-\d{4}$/);
    expect((await find(String(mine.codigo), SUP)).resultados[0]).toMatchObject({ recurso: 'tickets-sgi', id: mine.id });
    expect(await hits('capivara', SUP)).toEqual([]);
    expect((await hits('capivara', ADMIN)).length).toBeGreaterThanOrEqual(3);
    expect(await hits('jabuticaba', SUP)).toEqual([]);
    expect(await hits('lhama', SUP)).toEqual([]);
    expect(await hits('tricolor', SUP)).toEqual([]);
  });

  it('a law firm finds its own cases only', async () => {
    expect((await hits('arara azul', LAW)).length).toBe(1);
    expect(await hits('pinguim', LAW)).toEqual([]);
    expect((await hits('pinguim', ADMIN)).length).toBe(1);
    expect(await hits('tricolor', LAW)).toEqual([]);
    expect(await hits('flamingo', LAW)).toEqual([]);
  });

  it('a site manager of another site finds nothing of site 101; the site’s own does', async () => {
    expect((await find('flamingo', SM)).resultados.map((h) => h.recurso)).toContain('diarios');
    expect(await hits('flamingo', OTHER_SM)).toEqual([]);
    expect(await hits('flamingo', CLI)).toEqual([]); // a draft: never for external users
    expect(await hits('tricolor', OTHER_SM)).toEqual([]);
  });

  it('every result of every probe is a record its list shows, and every snippet is in the record as read', async () => {
    const queries = ['obra', 'cobertura', 'pedido', 'rnc', '2025', 'portal', 'renata', 'capivara', 'quasimodo', 'ct', 'a', 'de', 'flamingo'];
    for (const as of PROBES) {
      let seen = 0;
      for (const q of queries) {
        const answer = await find(q, as);
        seen += answer.resultados.length;
        const own = as.toLowerCase();
        const mails = JSON.stringify(answer).match(/[A-Za-z0-9._%+-]+@portal\.local/g) ?? [];
        if (as !== OTHER_SM)
          expect(
            mails.filter((m) => m.toLowerCase() !== own),
            `${as} ${q}`,
          ).toEqual([]);
        for (const h of answer.resultados) {
          const one = await c.get(`/api/v1/${h.recurso}/${h.id}`, as);
          expect(one.status, `${as} ${q} ${h.recurso}/${h.id}`).toBe(200);
          const record = fold(JSON.stringify(one.body));
          for (const p of h.trecho?.partes ?? []) if (p.destaque) expect(record, `${as} ${q}`).toContain(fold(p.texto));
          if (!/^\d{2}\/\d{2}\/\d{4}$/.test(h.titulo)) expect(record).toContain(fold(h.titulo).slice(0, 20));
        }
      }
      expect(seen, `${as}: the probe must see something`).toBeGreaterThan(0);
    }
  });

  it('matches only the readable fields when a field rule hides a non-internal one (vector computed on the spot)', async () => {
    const fields = ['titulo', 'codigo', 'obra', 'status', 'responsavel'];
    t.api.addUser({ email: 'titulos@portal.local', specific_rules: JSON.stringify([{ action: 'read', subject: 'POSVENDAS', fields }]) as never });
    expect(await hits('tricolor', 'titulos@portal.local')).toContain(`posvendas/${ticket101.id}`);
    expect(await hits('parede norte', 'titulos@portal.local')).toEqual([]);
    expect(await hits('parede norte', ADMIN)).toContain(`posvendas/${ticket101.id}`);
    expect(await hits('Quintanilha', 'titulos@portal.local')).toEqual([]);
  });

  it('finds custom fields marked searchable; an internal one only by the staff', async () => {
    const add = async (field: Record<string, unknown>) => {
      const r = await c.post('/api/v1/schemas/obras/fields', field);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    };
    await add({ name: 'cxApelidoBusca', kind: 'text', label: 'Apelido da obra', search: true, storage: 'json' });
    await add({ name: 'cxNotaBusca', kind: 'text', label: 'Nota da diretoria', search: true, internal: true });
    const site = await patchFirst('/api/v1/obras?Id_Lista=101', { cxApelidoBusca: 'Zeppelin Dourado', cxNotaBusca: 'Observação hipopótamo' });
    expect(await hits('zeppelin', ADMIN)).toContain(`obras/${site.id}`);
    expect(await hits('zepelin dourado', CLI)).toContain(`obras/${site.id}`);
    expect(await hits('hipopotamo', ADMIN)).toContain(`obras/${site.id}`);
    expect(await hits('hipopotamo', CLI)).toEqual([]);
    expect(await hits('hipopotamo', 'leitura@portal.local')).toContain(`obras/${site.id}`);
  });
});
