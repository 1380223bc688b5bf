/**
 * The works schedule of a site (/api/v1/obras/:obra/…): the S-curve's realised points equal the
 * progress computed by hand from the daily reports, under the caller's read rules (a planner sees
 * the whole site); planned dates edited by planners; the delay warning on request (403 without
 * `aviso-atraso`) and the daily job, which runs once a day and never warns twice about an item.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { runDailyJob } from '../../src/server/jobs/runner';
import { DAILY_JOBS } from '../../src/server/jobs';
import { delayWarningJob } from '../../src/server/schedule/delay-warning';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local';
const PLANNER = 'planejamento.teste@portal.local';
const FIELD_ADMIN = 'admin.field.teste@portal.local';

interface Eap {
  id: number;
  version: number;
  codigo: string;
  pai: number | null;
  area: string;
  peso: number | string | null;
  inicioPrevisto: string | null;
  terminoPrevisto: string | null;
}
interface Report {
  data: string;
  area?: string;
  atividades?: { eapItem?: string; eapCodigo?: string; avancoPercent?: number | null }[];
}
interface Curve {
  pontos: { data: string; previsto: number; realizado: number | null }[];
  realizado: { data: string; valor: number } | null;
}

/** Realised progress of the site (0–100), by hand: leaf weights × highest reported progress. */
function byHand(eap: Eap[], rdos: Report[], oss: Report[]): { value: number; last: string | null } {
  const ids = new Set(eap.map((e) => e.id));
  const parentOf = (e: Eap) => (e.pai !== null && ids.has(e.pai) ? e.pai : null);
  const weight = (e: Eap): number => {
    const sibs = eap.filter((s) => parentOf(s) === parentOf(e));
    const sum = sibs.reduce((a, s) => a + Number(s.peso ?? 0), 0);
    const share = sum > 0 ? Number(e.peso ?? 0) / sum : 1 / sibs.length;
    const p = parentOf(e);
    return share * (p === null ? 1 : weight(eap.find((x) => x.id === p)!));
  };
  let value = 0;
  let last: string | null = null;
  for (const leaf of eap.filter((e) => !eap.some((c) => parentOf(c) === e.id))) {
    const reported: { pct: number; data: string }[] = [];
    for (const r of rdos)
      for (const a of r.atividades ?? [])
        if (a.eapItem === leaf.codigo && typeof a.avancoPercent === 'number') reported.push({ pct: a.avancoPercent, data: r.data });
    for (const r of oss)
      for (const a of r.atividades ?? [])
        if (r.area === leaf.area && a.eapCodigo === leaf.codigo && typeof a.avancoPercent === 'number') reported.push({ pct: a.avancoPercent, data: r.data });
    if (!reported.length) continue;
    value += weight(leaf) * Math.min(100, Math.max(...reported.map((x) => x.pct)));
    const d = reported
      .map((x) => x.data)
      .sort()
      .at(-1)!;
    if (!last || d > last) last = d;
  }
  return { value, last };
}

describe.each(BACKENDS)('works schedule (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const users = () => {
    t.api.addUser({ email: PLANNER, name: 'Paula Planejamento', roles: ['planejamento'], obra: ['101'] });
    t.api.addUser({ email: FIELD_ADMIN, name: 'Fábio Field', roles: ['admin_field'], obra: ['101'] });
  };
  const list = async <T>(path: string): Promise<T[]> => {
    const r = await c.get(path, ADMIN);
    expect(r.status).toBe(200);
    return r.body as T[];
  };
  const site101 = async () => ({
    eap: await list<Eap>('/api/v1/eap-os?obra=101&_end=1000'),
    rdos: await list<Report>('/api/v1/diarios?obra=101&_end=1000'),
    oss: await list<Report>('/api/v1/diarios-os?obra=101&_end=1000'),
  });
  const mailsTo = async (to: string) =>
    (
      await sql<{
        assunto: string;
        texto: string;
      }>`select assunto, texto from mensagem where para ? ${to} and referencia like 'obras/%/aviso-atraso' order by id`.execute(t.api.db)
    ).rows;

  it("the last realised point equals the progress of the site's daily reports, computed by hand", async () => {
    users();
    const { eap, rdos, oss } = await site101();
    const hand = byHand(eap, rdos, oss);
    expect(hand.value).toBeGreaterThan(10);
    expect(hand.value).toBeLessThan(100);
    for (const intervalo of ['dia', 'semana']) {
      const r = await c.get(`/api/v1/obras/101/curva-s?intervalo=${intervalo}`, ADMIN);
      expect(r.status).toBe(200);
      const curve = r.body as Curve;
      const realised = curve.pontos.filter((p) => p.realizado !== null);
      expect(realised.at(-1)!.data).toBe(hand.last);
      expect(realised.at(-1)!.realizado!).toBeCloseTo(hand.value, 6);
      expect(curve.realizado).toEqual({ data: hand.last, valor: realised.at(-1)!.realizado });
      // Cumulative: never goes down; the plan ends at 100 % (every leaf of 101 has dates).
      for (let i = 1; i < curve.pontos.length; i++) expect(curve.pontos[i].previsto).toBeGreaterThanOrEqual(curve.pontos[i - 1].previsto - 1e-9);
      for (let i = 1; i < realised.length; i++) expect(realised[i].realizado!).toBeGreaterThanOrEqual(realised[i - 1].realizado! - 1e-9);
      expect(curve.pontos.at(-1)!.previsto).toBeCloseTo(100, 6);
    }
    // A planner (`data_planejada`, no EapOS rule) sees the same curve.
    const planner = await c.get('/api/v1/obras/101/curva-s', PLANNER);
    expect(planner.status).toBe(200);
    expect((planner.body as Curve).realizado!.valor).toBeCloseTo(hand.value, 6);
  });

  it('the planned point of a day spreads each leaf linearly between its planned dates', async () => {
    const { eap } = await site101();
    const r = await c.get('/api/v1/obras/101/curva-s?intervalo=dia', ADMIN);
    const day = '2025-02-10';
    const point = (r.body as Curve).pontos.find((p) => p.data === day)!;
    const ids = new Set(eap.map((e) => e.id));
    const parentOf = (e: Eap) => (e.pai !== null && ids.has(e.pai) ? e.pai : null);
    const weight = (e: Eap): number => {
      const sibs = eap.filter((s) => parentOf(s) === parentOf(e));
      const sum = sibs.reduce((a, s) => a + Number(s.peso ?? 0), 0);
      const p = parentOf(e);
      return (Number(e.peso ?? 0) / sum) * (p === null ? 1 : weight(eap.find((x) => x.id === p)!));
    };
    const DAY = 86_400_000;
    let planned = 0;
    for (const leaf of eap.filter((e) => !eap.some((c2) => parentOf(c2) === e.id) && e.inicioPrevisto && e.terminoPrevisto)) {
      const total = (Date.parse(leaf.terminoPrevisto!) - Date.parse(leaf.inicioPrevisto!)) / DAY + 1;
      const done = (Date.parse(day) - Date.parse(leaf.inicioPrevisto!)) / DAY + 1;
      planned += weight(leaf) * Math.min(1, Math.max(0, done / total)) * 100;
    }
    expect(planned).toBeGreaterThan(0);
    expect(point.previsto).toBeCloseTo(planned, 6);
  });

  it("a restricted reader's curve counts only the records they may read", async () => {
    users();
    // admin_field reads the FIELD EAP and FIELD work-order reports, but no site report (RDO).
    const { eap, oss } = await site101();
    const hand = byHand(
      eap.filter((e) => e.area === 'FIELD'),
      [],
      oss.filter((o) => o.area === 'FIELD'),
    );
    const r = await c.get('/api/v1/obras/101/curva-s', FIELD_ADMIN);
    expect(r.status).toBe(200);
    expect((r.body as Curve).realizado!.valor).toBeCloseTo(hand.value, 6);
    // Without any EAP rule, without data_planejada and without reading the site's RDOs (docs/access.md
    // decision 30: the site manager now reads it, tests/api/access-decision30.test.ts) there is no
    // schedule; unknown sites are 404.
    expect((await c.get('/api/v1/obras/101/curva-s', 'leitura@portal.local')).status).toBe(403);
    expect((await c.get('/api/v1/obras/101/cronograma', 'leitura@portal.local')).status).toBe(403);
    expect((await c.get('/api/v1/obras/999/curva-s', ADMIN)).status).toBe(404);
    const bad = await c.get('/api/v1/obras/101/curva-s?intervalo=ano', ADMIN);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.intervalo).toEqual(['Use "dia" ou "semana".']);
  });

  it('the schedule lists the items with weight, progress and delay; planners edit the planned dates', async () => {
    users();
    const r = await c.get('/api/v1/obras/101/cronograma', PLANNER);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ podeEditar: true, podeAvisar: true, obra: { id: '101' } });
    const items = r.body.itens as (Eap & { avanco: number; atrasado: boolean; pesoObra: number; folha: boolean; editavel: boolean })[];
    const by = (codigo: string) => items.find((i) => i.codigo === codigo)!;
    expect(by('2.2')).toMatchObject({ avanco: 30, atrasado: true, folha: true, pesoObra: 24, editavel: true });
    expect(by('2.1')).toMatchObject({ avanco: 100, atrasado: false });
    expect(by('2').avanco).toBeCloseTo(0.4 * 100 + 0.6 * 30, 6);
    expect(items.filter((i) => i.folha).reduce((a, i) => a + i.pesoObra, 0)).toBeCloseTo(100, 1);

    const item = by('1.3.4');
    const patch = (body: Record<string, unknown>, as = PLANNER) => c.patch(`/api/v1/obras/101/cronograma/${item.id}`, body, as);
    const bad = await patch({ version: item.version, inicioPrevisto: '2025-06-10', terminoPrevisto: '2025-06-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ terminoPrevisto: ['O término previsto não pode ser anterior ao início previsto.'] });
    expect((await patch({ version: item.version, inicioPrevisto: '10/06/2025' })).body.errors).toHaveProperty('inicioPrevisto');
    expect((await patch({ version: item.version, peso: 10 })).body.errors).toEqual({ peso: ['Campo não alterável no cronograma.'] });
    expect((await patch({ version: item.version, terminoPrevisto: '2025-10-31' }, SM)).status).toBe(403);
    const ok = await patch({ version: item.version, terminoPrevisto: '2025-10-31' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ terminoPrevisto: '2025-10-31', version: item.version + 1, updated_by: PLANNER });
    expect((await patch({ version: item.version, terminoPrevisto: '2025-11-30' })).status).toBe(409);
    const hist = await c.get(`/api/v1/eap-os/${item.id}/historico`, ADMIN);
    expect(JSON.stringify(hist.body)).toContain('2025-10-31');
    // Another site's item is not found through this site.
    expect((await c.patch(`/api/v1/obras/103/cronograma/${item.id}`, { version: item.version + 1, terminoPrevisto: '2025-10-30' }, ADMIN)).status).toBe(404);
  });

  it('the daily job runs once a day and warns about an item only once', async () => {
    const job = DAILY_JOBS.find((j) => j.name === 'aviso-atraso')!;
    const before = (await mailsTo(SM)).length;
    const first = await runDailyJob(t.api.db, job, '2026-11-23');
    expect(first.ran).toBe(true);
    const avisos = (first as { result: Awaited<ReturnType<typeof delayWarningJob>> }).result.avisos;
    const a101 = avisos.find((a) => a.obra === '101')!;
    expect(a101.para).toEqual([SM]);
    expect(a101.itens.map((i) => i.codigo).sort()).toEqual(['1.3.4', '2.2']);
    const mails = await mailsTo(SM);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.assunto).toBe('[Portal] Obra 101: 2 itens da EAP em atraso');
    expect(mails.at(-1)!.texto).toMatch(
      /- 2\.2 Comissionamento do pórtico rolante \(FIELD\): término previsto 25\/07\/2025, avanço 30,00%, \d+ dias de atraso/,
    );
    expect(mails.at(-1)!.texto).toContain('/101/diarios/datas');

    // Same day again: the day is taken, nothing runs.
    expect(await runDailyJob(t.api.db, job, '2026-11-23')).toEqual({ ran: false });
    expect((await mailsTo(SM)).length).toBe(before + 1);
    // Next day: the same items are still late but were warned already.
    const next = await runDailyJob(t.api.db, job, '2026-11-24');
    expect(next.ran).toBe(true);
    expect((next as { result: { avisos: { obra: string }[] } }).result.avisos.find((a) => a.obra === '101')).toBeUndefined();
    expect((await mailsTo(SM)).length).toBe(before + 1);

    // A new item that became late is warned about alone.
    const root2 = (await list<Eap>('/api/v1/eap-os?obra=101&area=FIELD&codigo=2'))[0];
    const created = await c.post(
      '/api/v1/eap-os',
      {
        area: 'FIELD',
        obra: '101',
        codigo: '2.3',
        descricao: 'Malha de aterramento',
        pai: root2.id,
        peso: 0,
        inicioPrevisto: '2025-01-06',
        terminoPrevisto: '2025-01-31',
      },
      ADMIN,
    );
    expect(created.status).toBe(201);
    const third = await delayWarningJob(t.api.db, '2026-11-25');
    expect(third.avisos.find((a) => a.obra === '101')!.itens.map((i) => i.codigo)).toEqual(['2.3']);
    expect((await mailsTo(SM)).length).toBe(before + 2);
    expect((await delayWarningJob(t.api.db, '2026-11-25')).avisos.find((a) => a.obra === '101')).toBeUndefined();
    const runs = await sql<{ job: string; dia: string; concluido: boolean }>`
      select job, to_char(dia, 'YYYY-MM-DD') as dia, concluido_em is not null as concluido from job_run order by dia`.execute(t.api.db);
    expect(runs.rows).toEqual([
      { job: 'aviso-atraso', dia: '2026-11-23', concluido: true },
      { job: 'aviso-atraso', dia: '2026-11-24', concluido: true },
    ]);
  });

  it('two runners claiming the same day at once: the job runs once', async () => {
    let runs = 0;
    const job = { name: 'teste-concorrencia', run: async () => ({ n: ++runs }) };
    const outcomes = await Promise.all([
      runDailyJob(t.api.db, job, '2026-11-23'),
      runDailyJob(t.api.db, job, '2026-11-23'),
      runDailyJob(t.api.db, job, '2026-11-23'),
    ]);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it('a failed run leaves the day free to run again', async () => {
    const failing = { name: 'teste-falha', run: async () => Promise.reject(new Error('falhou')) };
    await expect(runDailyJob(t.api.db, failing, '2026-11-23')).rejects.toThrow('falhou');
    const ok = await runDailyJob(t.api.db, { name: 'teste-falha', run: async () => ({ ok: true }) }, '2026-11-23');
    expect(ok).toEqual({ ran: true, result: { ok: true } });
  });

  it('aviso-atraso: 403 without the right; with it, the site manager gets every late item', async () => {
    users();
    const refused = await c.post('/api/v1/obras/101/aviso-atraso', {}, SM);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Você não tem permissão para enviar o aviso de atraso desta obra.');
    expect((await c.post('/api/v1/obras/101/aviso-atraso', {}, FIELD_ADMIN)).status).toBe(403);
    const before = (await mailsTo(SM)).length;
    const r = await c.post('/api/v1/obras/101/aviso-atraso', {}, PLANNER);
    expect(r.status).toBe(200);
    expect(r.body.enviado).toBe(true);
    expect(r.body.para).toEqual([SM]);
    expect(r.body.itens.map((i: { codigo: string }) => i.codigo).sort()).toEqual(['1.3.4', '2.2', '2.3']);
    const mails = await mailsTo(SM);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.texto).toContain('Aviso enviado por Paula Planejamento.');
    expect(mails.at(-1)!.texto).toContain('1.3.4 Montagem de telhas termoacústicas');
  });
});
