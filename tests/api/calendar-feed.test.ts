/**
 * The personal calendar feed (issue 41), on both databases: the address parses with a maintained
 * iCalendar parser (ical.js), holds the site manager's pending item with its SLA deadline and the
 * planned activities of their site, never a record they cannot read; revoked, reissued, unknown and
 * malformed addresses answer 404; an inactive person's feed answers 404; the insurance people see
 * the end in force of each running policy (issue 40), others none.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ICAL from 'ical.js';
import { BACKENDS, useApi } from './backends';
import { client, person } from './workflow-helpers';
import { forgetDirectoryAccess } from '../../src/server/site-users/directory';
import { CNPJ } from '../../src/server/seed/demo-empresas';
import { loadCalendar } from '../../src/server/sla/calendar-config';
import { isBusinessDate, localParts } from '../../src/server/sla/calendar';
import { addDaysIso, todayIso } from '../../src/server/time';

const SM = 'sm@portal.local';
const QUANT = 'materiais.quantificador@portal.local';
const VERIF = 'materiais.verificador@portal.local';
const COORD = 'materiais.coordenador@portal.local';
const ADMIN = 'admin@portal.local';

describe.each(BACKENDS)('calendar feed (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const tag = `${backend}-${Date.now().toString(36)}`;
  const feed = (url: string) => t.api.request(new URL(url).pathname, { as: '' });
  const events = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

  async function issue(as = SM): Promise<string> {
    const r = await c.post('/api/v1/calendario/endereco', {}, as);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.url).toMatch(/\/api\/v1\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    return r.body.url as string;
  }

  /** A materials list of site `obra` waiting for the site manager SM, with an SLA deadline. */
  async function listAtSm(obra: string, due: Date): Promise<number> {
    const created = await c.post(
      '/api/v1/materiais',
      {
        titulo: `Agenda ${tag} ${obra}`,
        obra,
        origem: 'Obra',
        itens: [{ codigo: 'P1', descricao: 'Perfil', unidade: 'kg', quantidade: 1 }],
        Quantificou: person(QUANT),
        Verificador: person(VERIF),
        Site_manager: person(SM),
        Coordenador: person(COORD),
      },
      QUANT,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    await c.step('materiais', id, 'liberar-verificacao', QUANT);
    expect((await c.step('materiais', id, 'liberar-site-manager', VERIF)).body.Status).toBe('LIBERADO PARA SITE MANAGER');
    await sql`update material set "slaPrazo" = ${due.toISOString()}::timestamptz where id = ${id}`.execute(t.api.db);
    return id;
  }

  it('lists the pending deadline and the site’s planned activities, only what the person reads', async () => {
    const due = new Date(Date.now() + 2 * 86_400_000);
    due.setUTCSeconds(0, 0);
    const id = await listAtSm('101', due);
    const waiting = (
      await c.post(
        '/api/v1/materiais',
        {
          titulo: `Outra ${tag}`,
          obra: '101',
          origem: 'Obra',
          itens: [{ codigo: 'P1', descricao: 'P', unidade: 'kg', quantidade: 1 }],
          Quantificou: person(QUANT),
          Verificador: person(VERIF),
          Site_manager: person(SM),
          Coordenador: person(COORD),
        },
        QUANT,
      )
    ).body.id as number;
    await c.step('materiais', waiting, 'liberar-verificacao', QUANT);
    await sql`update material set "slaPrazo" = ${due.toISOString()}::timestamptz where id = ${waiting}`.execute(t.api.db);
    const eap = async (obra: string, codigo: string) => {
      const r = await c.post(
        '/api/v1/eap-os',
        { area: 'FIELD', obra, codigo, descricao: `Atividade ${codigo}`, peso: 1, inicioPrevisto: '2099-03-02', terminoPrevisto: '2099-03-06' },
        ADMIN,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as number;
    };
    const mine = await eap('101', `9${Date.now() % 100000}`);
    const other = await eap('103', `8${Date.now() % 100000}`);

    const res = await feed(await issue());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    const list = events(text);
    expect(new Set(list.map((e) => e.uid)).size).toBe(list.length);

    const pending = list.find((e) => e.uid.startsWith(`pendencia-materiais-${id}@`));
    expect(pending, text).toBeDefined();
    expect(pending!.summary).toContain(`Agenda ${tag} 101`);
    expect(pending!.endDate.toJSDate().getTime()).toBe(due.getTime());
    expect(pending!.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Sao_Paulo');
    expect(pending!.component.getFirstPropertyValue('url')).toMatch(new RegExp(`/materiais/.*${id}`));
    expect(pending!.component.getFirstPropertyValue('dtstamp')).toBeTruthy();

    const activity = list.find((e) => e.uid.startsWith(`atividade-${mine}@`));
    expect(activity).toBeDefined();
    expect(activity!.startDate.isDate).toBe(true);
    expect(activity!.startDate.toString()).toBe('2099-03-02');
    expect(activity!.endDate.toString()).toBe('2099-03-07');
    expect(activity!.description).toContain('Início previsto: 02/03/2099');
    // Site 103 is not the site manager's: its schedule never shows.
    expect(list.some((e) => e.uid.startsWith(`atividade-${other}@`))).toBe(false);
    // Another person's pending item (the verifier's stage) is not SM's.
    expect(list.some((e) => e.uid.startsWith(`pendencia-materiais-${waiting}@`))).toBe(false);
  });

  it('lists each working day whose daily report is missing, at the end of its hours, until the report is written', async () => {
    const id = `R${Date.now().toString(36).slice(-7)}${backend.slice(0, 2)}`;
    const today = todayIso();
    const site = await c.post(
      '/api/v1/obras',
      {
        Id_Lista: id,
        nome: `Obra do RDO ${tag}`,
        cliente: CNPJ.clienteDemo,
        status: 'Em andamento',
        dataInicio: addDaysIso(today, -30),
        siteManager: person(SM),
      },
      ADMIN,
    );
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    const rdoEvents = async (as = SM) => events(await (await feed(await issue(as))).text()).filter((e) => e.uid.startsWith(`rdo-${id}-`));

    const cal = await loadCalendar(t.api.db);
    const expected: string[] = [];
    for (let d = addDaysIso(today, -14); d <= addDaysIso(today, 7); d = addDaysIso(d, 1)) if (isBusinessDate(cal, d)) expected.push(d);
    const listed = await rdoEvents();
    const dateOf = (e: ICAL.Event) => e.uid.slice(`rdo-${id}-`.length, `rdo-${id}-`.length + 10);
    expect(listed.map(dateOf).sort()).toEqual(expected);

    const past = listed.find((e) => dateOf(e) < today)!;
    expect(past.summary).toBe(`RDO em atraso: obra ${id}, ${dateOf(past).split('-').reverse().join('/')}`);
    expect(past.startDate.isDate).toBe(false);
    // The deadline is the end of that day's last working interval, in the calendar's zone.
    const end = localParts(cal.timeZone, past.endDate.toJSDate().getTime());
    expect(end.date).toBe(dateOf(past));
    expect(end.minute).toBe(Math.max(...cal.hours[end.weekday].map(([, e]) => e)));
    expect(past.component.getFirstPropertyValue('url')).toMatch(new RegExp(`/${id}/diarios/novo\\?data=${dateOf(past)}$`));
    const ahead = listed.find((e) => dateOf(e) > today);
    if (ahead) expect(ahead.summary).toMatch(/^Prazo do RDO: /);

    // A report written for that date takes its day out of the feed; the others stay.
    const rdo = await c.post('/api/v1/diarios', { obra: id, data: dateOf(past), siteManager: person(SM) }, SM);
    expect(rdo.status, JSON.stringify(rdo.body)).toBe(201);
    const after = (await rdoEvents()).map(dateOf);
    expect(after).toEqual(expected.filter((d) => d !== dateOf(past)));
    // Someone who does not write the site's reports has none of its deadlines.
    expect(await rdoEvents(QUANT)).toEqual([]);
    // A site no longer under way has none either.
    await sql`update obra set status = 'Paralisada' where "Id_Lista" = ${id}`.execute(t.api.db);
    expect(await rdoEvents()).toEqual([]);
  });

  it('shows the insurance people the end in force of each running policy, and nobody else', async () => {
    const SEG = 'beatriz.ramos@portal.local'; // role `seguros` in the demo directory
    t.api.addUser({ email: SEG, roles: ['seguros'] });
    const fim = addDaysIso(todayIso(), 45);
    const created = await c.post('/api/v1/seguros', {
      numeroApolice: `AG-${tag}`,
      obra: '101',
      status: 'Vigente',
      seguradora: CNPJ.valeSeguros,
      segurado: 'Portal Engenharia',
      inicioVigencia: addDaysIso(todayIso(), -300),
      fimVigencia: fim,
      importanciaSegurada: 1_000_000,
      premio: 10_000,
      coberturas: [{ cobertura: 'Obras civis', limite: 1_000_000 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const policyEvents = async (as: string) => {
      const r = await feed(await issue(as));
      expect(r.status).toBe(200);
      return events(await r.text()).filter((e) => e.summary.startsWith('Fim da vigência'));
    };
    const mine = (await policyEvents(SEG)).filter((e) => e.summary.includes(`AG-${tag}`));
    expect(mine).toHaveLength(1);
    expect(mine[0].summary).toBe(`Fim da vigência: apólice AG-${tag} (obra 101)`);
    expect(mine[0].startDate.isDate).toBe(true);
    expect(mine[0].startDate.toString()).toBe(fim);
    expect(mine[0].description).toContain(`Fim da vigência em vigor: ${fim.split('-').reverse().join('/')}`);
    // The site manager (no SEGUROS subject) and the site's client see no policy.
    expect(await policyEvents(SM)).toEqual([]);
    // A policy that stops running leaves the calendar at the next read.
    const cancelled = await c.patch(`/api/v1/seguros/${created.body.id}`, { version: created.body.version, status: 'Cancelada' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await policyEvents(SEG)).filter((e) => e.summary.includes(`AG-${tag}`))).toEqual([]);
  });

  it('revoked, reissued, unknown and malformed addresses answer 404; an inactive person too', async () => {
    const first = await issue();
    expect((await c.get('/api/v1/calendario/endereco', SM)).body).toMatchObject({ ativo: true });
    const second = await issue();
    expect((await feed(first)).status).toBe(404);
    expect((await feed(second)).status).toBe(200);
    expect((await c.del('/api/v1/calendario/endereco', SM)).status).toBe(204);
    const gone = await feed(second);
    expect(gone.status).toBe(404);
    expect((await gone.json()).message).toMatch(/Endereço de calendário não encontrado/);
    expect((await c.get('/api/v1/calendario/endereco', SM)).body).toEqual({ ativo: false, criadoEm: null, ultimoUsoEm: null });
    expect((await c.del('/api/v1/calendario/endereco', SM)).status).toBe(404);
    expect((await feed(`http://x/api/v1/calendario/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await feed('http://x/api/v1/calendario/%27%3B--.ics')).status).toBe(404);
    // Only its hash is stored.
    const third = await issue();
    const token = third.split('/').pop()!.replace('.ics', '');
    const stored = await sql<{ token_hash: string }>`select token_hash from calendario_feed where email = ${SM}`.execute(t.api.db);
    expect(stored.rows[0].token_hash).not.toContain(token);

    const who = 'agenda.inativa@portal.local';
    t.api.addUser({ email: who, roles: ['site_manager'], obra: ['101'] });
    const url = await issue(who);
    expect((await feed(url)).status).toBe(200);
    await sql`insert into usuario (email, nome, ativo) values (${who}, 'Inativa', false)`.execute(t.api.db);
    forgetDirectoryAccess(); // what the write's notice does in every process
    expect((await feed(url)).status).toBe(404);
  });
});
