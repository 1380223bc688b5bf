/**
 * Insurance (issue 40): an endorsement is issued (the policy in force changes in the step's
 * transaction) or cancelled (its effect taken back); one dated outside the policy's validity is
 * refused per field and nothing changes; the daily job marks policies "Vencida" and reminds the
 * insurance people 60, 30 and 7 days before the end, once per policy even when two processes run
 * it, each person on the channels they chose for deadline notices; renewing prefills the next policy; people without the SEGUROS subject get 403.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { runDailyJob } from '../../src/server/jobs/runner';
import { DAILY_JOBS } from '../../src/server/jobs';
import { insuranceExpiryJob } from '../../src/server/insurance/expiry-job';
import { addDaysIso, todayIso } from '../../src/server/time';
import { loadCalendar } from '../../src/server/sla/calendar-config';
import { isBusinessDate } from '../../src/server/sla/calendar';
import { CNPJ } from '../../src/server/seed/demo-empresas';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ADMIN = 'admin@portal.local';
const SEG = 'seguros.teste@portal.local'; // role `seguros` (registered below)
const READER = 'leitura@portal.local'; // staff without any role: no SEGUROS

describe.each(ENGINE_BACKENDS)('insurance (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const today = todayIso();
  let n = 0;

  const newPolicy = async (extra: Row = {}) => {
    const r = await c.post('/api/v1/seguros', {
      numeroApolice: `T-${backend}-${++n}`,
      obra: '101',
      status: 'Vigente',
      seguradora: CNPJ.valeSeguros,
      inicioVigencia: addDaysIso(today, -100),
      fimVigencia: addDaysIso(today, 200),
      importanciaSegurada: 1_000_000,
      premio: 10_000,
      coberturas: [{ cobertura: 'Obras civis', limite: 1_000_000 }],
      ...extra,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as Row;
  };
  const newEndorsement = async (apolice: number, extra: Row, as = ADMIN) => {
    const r = await c.post(
      '/api/v1/endossos',
      { apolice, numero: `00${++n}`, tipo: 'Prorrogação de vigência', dataEmissao: today, descricao: 'Endosso de teste.', ...extra },
      as,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as Row;
  };
  const policy = async (id: number) => (await c.get(`/api/v1/seguros/${id}`)).body as Row;
  /** The first business day of the SLA calendar on or after `d` (reminders go out on business days only). */
  const businessDayFrom = async (d: string) => {
    const cal = await loadCalendar(t.api.db);
    while (!isBusinessDate(cal, d)) d = addDaysIso(d, 1);
    return d;
  };
  const mails = async (id: number) =>
    (
      await sql<{ para: string[]; assunto: string; texto: string }>`select para, assunto, texto from mensagem where referencia = ${`seguros/${id}`}`.execute(
        t.api.db,
      )
    ).rows;
  const runJob = (day: string) => t.api.db.transaction().execute((trx) => insuranceExpiryJob(trx, day));

  it('starts a policy with its values in force equal to the contracted ones', async () => {
    const p = await newPolicy();
    expect(p).toMatchObject({ fimVigenciaAtual: addDaysIso(today, 200), importanciaSeguradaAtual: 1_000_000, premioTotal: 10_000, vencimento: 'Em dia' });
    expect(p.coberturasAtuais).toEqual([{ cobertura: 'Obras civis', limite: 1_000_000 }]);
  });

  it('issuing endorsements changes the policy in force; cancelling one takes its effect back', async () => {
    t.api.addUser({ email: SEG, roles: ['seguros'] });
    const p = await newPolicy();
    const e1 = await newEndorsement(p.id, { fimVigencia: addDaysIso(today, 400), premioAdicional: 1_500.5 }, SEG);
    expect(e1.situacao).toBe('Rascunho');
    expect((await policy(p.id)).fimVigenciaAtual).toBe(addDaysIso(today, 200)); // a draft changes nothing
    const e2 = await newEndorsement(p.id, {
      tipo: 'Inclusão de cobertura',
      importanciaSegurada: 1_300_000,
      premioAdicional: 700,
      coberturas: [{ cobertura: 'Equipamentos', limite: 300_000 }],
    });
    expect(await c.names('endossos', e1.id, SEG)).toEqual(expect.arrayContaining(['emitir', 'cancelar']));
    expect((await c.step('endossos', e1.id, 'emitir', SEG)).status).toBe(200);
    expect((await c.step('endossos', e2.id, 'emitir', SEG)).status).toBe(200);
    const inForce = await policy(p.id);
    expect(inForce).toMatchObject({
      fimVigencia: addDaysIso(today, 200), // the contracted values stay
      importanciaSegurada: 1_000_000,
      fimVigenciaAtual: addDaysIso(today, 400),
      importanciaSeguradaAtual: 1_300_000,
      premioTotal: 12_200.5,
    });
    expect(inForce.coberturasAtuais.map((x: Row) => x.cobertura)).toEqual(['Obras civis', 'Equipamentos']);
    // An issued endorsement is read-only and cannot be deleted.
    expect(
      (await c.patch(`/api/v1/endossos/${e1.id}`, { version: (await c.get(`/api/v1/endossos/${e1.id}`)).body.version, premioAdicional: 1 }, SEG)).status,
    ).toBe(403);
    const del = await c.del(`/api/v1/endossos/${e1.id}`, SEG);
    expect(del.status).toBe(409);
    expect(del.body.message).toContain('cancele-o antes');

    const refused = await c.step('endossos', e1.id, 'cancelar', SEG);
    expect(refused.status).toBe(400); // the reason is required
    expect((await c.step('endossos', e1.id, 'cancelar', SEG, { comment: 'Emitido por engano.' })).status).toBe(200);
    const after = await policy(p.id);
    expect(after).toMatchObject({ fimVigenciaAtual: addDaysIso(today, 200), importanciaSeguradaAtual: 1_300_000, premioTotal: 10_700 });
    // The administrators' "Alterar situação" back to Emitido applies it again.
    const back = await c.step('endossos', e1.id, 'alterar-situacao', ADMIN, { to: 'Emitido', comment: 'Reemitido.' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await policy(p.id)).fimVigenciaAtual).toBe(addDaysIso(today, 400));
    const history = (await c.get(`/api/v1/seguros/${p.id}/historico`)).body as Row[];
    expect(history.map((h) => h.comment).filter(Boolean)).toEqual(
      expect.arrayContaining([expect.stringContaining('emitido: apólice em vigor recalculada'), expect.stringContaining('deixou de estar emitido')]),
    );
  });

  it('a cancellation endorsement cancels the policy at its date, and cancelling it makes the policy run again', async () => {
    const p = await newPolicy();
    const e = await newEndorsement(p.id, { tipo: 'Cancelamento', inicioVigencia: addDaysIso(today, 10), premioAdicional: -2_000 });
    expect((await c.step('endossos', e.id, 'emitir', ADMIN)).status).toBe(200);
    expect(await policy(p.id)).toMatchObject({ status: 'Cancelada', fimVigenciaAtual: addDaysIso(today, 10), premioTotal: 8_000 });
    expect((await c.step('endossos', e.id, 'cancelar', ADMIN, { comment: 'Desistência do cancelamento.' })).status).toBe(200);
    expect(await policy(p.id)).toMatchObject({ status: 'Vigente', fimVigenciaAtual: addDaysIso(today, 200), premioTotal: 10_000 });
  });

  it('refuses to issue an endorsement dated outside the validity, per field, and changes nothing', async () => {
    const p = await newPolicy();
    const before = await policy(p.id);
    const late = await newEndorsement(p.id, { inicioVigencia: addDaysIso(today, 250), fimVigencia: addDaysIso(today, 500), premioAdicional: 900 });
    const r = await c.step('endossos', late.id, 'emitir', ADMIN);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('fora da vigência da apólice');
    expect(r.body.errors.inicioVigencia[0]).toMatch(/^O início da vigência do endosso, \d{2}\/\d{2}\/\d{4}, está fora da vigência da apólice em vigor \(/);
    const early = await newEndorsement(p.id, { dataEmissao: addDaysIso(today, -150), fimVigencia: addDaysIso(today, -160) });
    const r2 = await c.step('endossos', early.id, 'emitir', ADMIN);
    expect(r2.status).toBe(400);
    expect(Object.keys(r2.body.errors).sort()).toEqual(['dataEmissao', 'fimVigencia']);
    expect(await policy(p.id)).toEqual(before);
    expect((await c.get(`/api/v1/endossos/${late.id}`)).body.situacao).toBe('Rascunho');
  });

  it('renewing prefills the next policy from the one in force, which becomes "Renovada" once the renewal runs', async () => {
    const prev = await newPolicy({ responsavel: { mail: 'beatriz.ramos@portal.local' } });
    const e = await newEndorsement(prev.id, { tipo: 'Alteração de importância segurada', importanciaSegurada: 1_500_000 });
    expect((await c.step('endossos', e.id, 'emitir', ADMIN)).status).toBe(200);
    const next = await c.post('/api/v1/seguros', { apoliceAnterior: prev.id, numeroApolice: `R-${backend}`, fimVigencia: addDaysIso(today, 565) });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body).toMatchObject({
      obra: '101',
      status: 'Em cotação',
      inicioVigencia: addDaysIso(today, 200),
      importanciaSegurada: 1_500_000,
      coberturas: prev.coberturas,
      responsavel: { mail: 'beatriz.ramos@portal.local' },
    });
    expect((await policy(prev.id)).status).toBe('Vigente'); // a quote renews nothing yet
    const running = await c.patch(`/api/v1/seguros/${next.body.id}`, { version: next.body.version, status: 'Vigente' });
    expect(running.status).toBe(200);
    expect((await policy(prev.id)).status).toBe('Renovada');
  });

  it('the daily job marks expired policies and reminds the insurance people once, even when two processes run it', async () => {
    expect(DAILY_JOBS.map((j) => j.name)).toContain('vencimento-seguros');
    const day = await businessDayFrom(addDaysIso(today, 1));
    const ended = await newPolicy({ inicioVigencia: addDaysIso(today, -300), fimVigencia: today });
    const soon = await newPolicy({ fimVigencia: addDaysIso(day, 25), responsavel: { mail: 'beatriz.ramos@portal.local' } });
    const far = await newPolicy({ fimVigencia: addDaysIso(day, 90) });
    const job = { name: 'vencimento-seguros', run: insuranceExpiryJob };
    const [a, b] = await Promise.all([runDailyJob(t.api.db, job, day), runDailyJob(t.api.db, job, day)]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(await policy(ended.id)).toMatchObject({ status: 'Vencida', vencimento: 'Vencida' });
    expect((await policy(soon.id)).vencimento).toBe('A vencer em até 30 dias');
    expect((await policy(far.id)).vencimento).toBe('Em dia');
    const history = (await c.get(`/api/v1/seguros/${ended.id}/historico`)).body as Row[];
    expect(history.some((h) => h.user === 'sistema' && /Vencida automaticamente/.test(h.comment ?? ''))).toBe(true);

    // One e-mail per person (each follows their own preferences for deadline notices).
    const sent = await mails(soon.id);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.para.length === 1)).toBe(true);
    expect(new Set(sent.map((m) => m.assunto))).toEqual(
      new Set([`[Portal] Apólice ${soon.numeroApolice} vence em 25 dias (${addDaysIso(day, 25).split('-').reverse().join('/')})`]),
    );
    const told = sent.map((m) => m.para[0]);
    expect(told).toContain('beatriz.ramos@portal.local'); // `seguros` in the directory, and the responsible person
    expect(told).not.toContain(ADMIN);
    expect(new Set(told).size).toBe(told.length);
    expect(await mails(far.id)).toEqual([]);
    // The job again (another day's run, or a second process without the day's claim): no second reminder.
    expect(await runJob(day)).toMatchObject({ avisos: 0, vencidas: 0 });
    expect(await runJob(addDaysIso(day, 2))).toMatchObject({ avisos: 0 });
    expect(await mails(soon.id)).toHaveLength(told.length);
    // The 7-day mark is a new reminder (on the first business day from six days before the end).
    const later = await businessDayFrom(addDaysIso(day, 19));
    await runJob(later);
    const beatriz = (await mails(soon.id)).filter((m) => m.para[0] === 'beatriz.ramos@portal.local').map((m) => m.assunto);
    expect(beatriz).toEqual([
      expect.stringContaining('vence em 25 dias'),
      expect.stringContaining(`vence em ${25 - (Date.parse(later) - Date.parse(day)) / 86_400_000} dias`),
    ]);
  });

  it('reminds on business days of the SLA calendar: a mark on a weekend or a holiday goes out the business day before', async () => {
    const cal = await loadCalendar(t.api.db);
    const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
    // A Friday whose Thursday, following Monday and Tuesday are business days (no national holiday near it).
    let fri = addDaysIso(today, 7);
    while (weekday(fri) !== 5) fri = addDaysIso(fri, 1);
    while (![-1, 0, 3, 4].every((k) => isBusinessDate(cal, addDaysIso(fri, k)))) fri = addDaysIso(fri, 7);
    const [thu, sat, mon, tue] = [-1, 1, 3, 4].map((k) => addDaysIso(fri, k));
    // The company's own holiday on that Monday (the SLA calendar's holidays, src/server/sla).
    const holiday = await c.post('/api/v1/feriados', { data: mon, nome: 'Feriado dos avisos', abrangencia: 'Empresa' });
    expect(holiday.status, JSON.stringify(holiday.body)).toBe(201);
    const sunday30 = await newPolicy({ fimVigencia: addDaysIso(fri, 32), responsavel: { mail: 'beatriz.ramos@portal.local' } });
    const saturday7 = await newPolicy({ fimVigencia: addDaysIso(sat, 7), responsavel: { mail: 'beatriz.ramos@portal.local' } });
    const holiday30 = await newPolicy({ fimVigencia: addDaysIso(mon, 30), responsavel: { mail: 'beatriz.ramos@portal.local' } });
    const subjects = async (id: number) => [...new Set((await mails(id)).map((m) => m.assunto.replace(/ \(.*$/, '')))];
    const marks = async (id: number) =>
      (await sql<{ marco: number }>`select marco from seguro_aviso where registro = ${id} order by marco desc`.execute(t.api.db)).rows.map((r) => r.marco);

    // Thursday: each policy's mark already passed when it was created (60 or 30 days); the next one is not due yet.
    await runJob(thu);
    expect([await marks(sunday30.id), await marks(saturday7.id), await marks(holiday30.id)]).toEqual([[60], [30], [60]]);
    // Friday: the marks of Saturday, Sunday and the Monday holiday go out the business day before.
    await runJob(fri);
    expect([await marks(sunday30.id), await marks(saturday7.id), await marks(holiday30.id)]).toEqual([
      [60, 30],
      [30, 7],
      [60, 30],
    ]);
    expect(await subjects(sunday30.id)).toContain(`[Portal] Apólice ${sunday30.numeroApolice} vence em 32 dias`);
    expect(await subjects(saturday7.id)).toContain(`[Portal] Apólice ${saturday7.numeroApolice} vence em 8 dias`);
    expect(await subjects(holiday30.id)).toContain(`[Portal] Apólice ${holiday30.numeroApolice} vence em 33 dias`);
    // No reminder on a day off, and none twice.
    expect(await runJob(sat)).toMatchObject({ avisos: 0 });
    expect(await runJob(mon)).toMatchObject({ avisos: 0 });
    await runJob(tue);
    expect([await marks(sunday30.id), await marks(saturday7.id), await marks(holiday30.id)]).toEqual([
      [60, 30],
      [30, 7],
      [60, 30],
    ]);
    expect((await c.del(`/api/v1/feriados/${holiday.body.id}`)).status).toBeLessThan(300);
  });

  it("a reminder follows the person's choices for deadline notices: no e-mail when turned off, in the digest when on", async () => {
    const BEATRIZ = 'beatriz.ramos@portal.local'; // role `seguros` in the demo directory
    t.api.addUser({ email: BEATRIZ, roles: ['seguros'] });
    const off = await t.api.request('/api/v1/preferencias', { method: 'PUT', as: BEATRIZ, json: { notificacoes: { sla: { email: false, resumo: true } } } });
    expect(off.status).toBe(200);
    const day = await businessDayFrom(addDaysIso(today, 3));
    const p = await newPolicy({ fimVigencia: addDaysIso(day, 7), responsavel: { mail: BEATRIZ } });
    await runJob(day);
    const mailed = await sql<{ para: string[] }>`select para from mensagem where referencia = ${`seguros/${p.id}`}`.execute(t.api.db);
    expect(mailed.rows.flatMap((m) => m.para)).not.toContain(BEATRIZ);
    const kept = await sql<{ tipo: string; titulo: string; url: string; resumo: boolean }>`
      select tipo, titulo, url, resumo from notificacao where para = ${BEATRIZ} and marca = ${`seguros/${p.id}`}`.execute(t.api.db);
    expect(kept.rows).toEqual([{ tipo: 'sla', titulo: `Apólice ${p.numeroApolice} vence em 7 dias`, url: `/seguros/${p.id}`, resumo: true }]);
    await t.api.request('/api/v1/preferencias', { method: 'PUT', as: BEATRIZ, json: { notificacoes: { sla: { email: true, resumo: false } } } });
  });

  it('filters the list by "Vencimento"', async () => {
    const r = await c.get('/api/v1/seguros?vencimento=A vencer em até 30 dias&vencimento=A vencer em até 7 dias&_start=0&_end=100');
    expect(r.status).toBe(200);
    expect((r.body as Row[]).length).toBeGreaterThan(0);
    for (const p of r.body as Row[]) expect(['A vencer em até 30 dias', 'A vencer em até 7 dias']).toContain(p.vencimento);
  });

  it('refuses people without the SEGUROS subject (403), and read-only people the steps', async () => {
    const p = await newPolicy();
    const e = await newEndorsement(p.id, { fimVigencia: addDaysIso(today, 300) });
    expect((await c.get('/api/v1/seguros', READER)).status).toBe(403);
    expect((await c.get(`/api/v1/endossos/${e.id}`, READER)).status).toBe(403);
    expect(
      (await c.post('/api/v1/endossos', { apolice: p.id, numero: '9', tipo: 'Cancelamento', dataEmissao: today, descricao: 'Sem acesso.' }, READER)).status,
    ).toBe(403);
    expect((await c.step('endossos', e.id, 'emitir', READER)).status).toBe(403);
    expect((await c.step('endossos', e.id, 'emitir', 'sm@portal.local')).status).toBe(403); // site manager: reads only
    // Full-operation insurance is only for its administrators.
    t.api.addUser({ email: SEG, roles: ['seguros'] });
    expect((await c.get('/api/v1/endossos-pleno', SEG)).status).toBe(403);
    expect((await policy(p.id)).fimVigenciaAtual).toBe(addDaysIso(today, 200));
  });
});
