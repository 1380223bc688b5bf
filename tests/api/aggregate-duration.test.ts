/**
 * The aggregate's duration measure `avgDays:<start>,<end>`: the average of end − start in days,
 * computed in SQL over the rows where both are filled, under the caller's access rules.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS, useApi } from './backends';

interface Aggregate {
  measure: string;
  groupBy: string[];
  rows: (Record<string, unknown> & { value: number | null })[];
  total: number | null;
}
const DAY = 86_400_000;

describe.each(ENGINE_BACKENDS)('API aggregate, avgDays (%s)', (backend) => {
  const t = useApi(backend);
  const get = async (path: string, as = 'admin@portal.local') => {
    const res = await t.api.request(path, { as });
    return { status: res.status, body: await res.json() };
  };
  const agg = async (path: string, as?: string) => {
    const r = await get(path, as);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as Aggregate;
  };
  const round1 = (n: number) => Math.round(n * 10) / 10;

  it('averages datetime durations to the hand-computed value, in days with one decimal', async () => {
    // Ticket 1: 11/02/2025 09:20 → 26/02/2025 16:40 = 15 d 7 h 20 min = 15,3056 d.
    const one = await agg('/api/v1/posvendas/aggregate?measure=avgDays:abertura,conclusao&codigo=1');
    expect(one.measure).toBe('avgDays:abertura,conclusao');
    expect(one.total).toBe(15.3);
    // Ticket 7: 02/06/2025 09:00 → 10/06/2025 17:00 = 8 d 8 h = 8,3333 d; mean of both 11,8194 d.
    expect((await agg('/api/v1/posvendas/aggregate?measure=avgDays:abertura,conclusao&codigo=7')).total).toBe(8.3);
    expect((await agg('/api/v1/posvendas/aggregate?measure=avgDays:abertura,conclusao&codigo=1&codigo=7')).total).toBe(11.8);
    // Open tickets have no conclusion: they do not count, and alone they give no value.
    expect((await agg('/api/v1/posvendas/aggregate?measure=avgDays:abertura,conclusao&status=Aberto')).total).toBeNull();
  });

  it('averages date durations, per group too, equal to the list computed by hand', async () => {
    const docs = (await get('/api/v1/projetos?_end=1000')).body as Record<string, string | null>[];
    const days = (d: Record<string, string | null>) => (Date.parse(d.dataAprovacao!) - Date.parse(d.dataEmissao!)) / DAY;
    const done = docs.filter((d) => d.dataEmissao && d.dataAprovacao);
    expect(done.length).toBeGreaterThan(3);
    const all = await agg('/api/v1/projetos/aggregate?measure=avgDays:dataEmissao,dataAprovacao');
    expect(all.total).toBe(round1(done.reduce((a, d) => a + days(d), 0) / done.length));

    const byObra = await agg('/api/v1/projetos/aggregate?measure=avgDays:dataEmissao,dataAprovacao&groupBy=obra');
    for (const r of byObra.rows) {
      const mine = done.filter((d) => d.obra === r.obra);
      expect(r.value, String(r.obra)).toBe(mine.length ? round1(mine.reduce((a, d) => a + days(d), 0) / mine.length) : null);
    }
  });

  it('counts only what the caller may list', async () => {
    const as = 'cliente@portal.local'; // reads the documents of site 101 only
    const docs = (await get('/api/v1/projetos?_end=1000', as)).body as Record<string, string | null>[];
    const done = docs.filter((d) => d.dataEmissao && d.dataAprovacao);
    expect(done.length).toBeGreaterThan(0);
    expect(new Set(docs.map((d) => d.obra))).toEqual(new Set(['101']));
    const mine = await agg('/api/v1/projetos/aggregate?measure=avgDays:dataEmissao,dataAprovacao', as);
    const expected = round1(done.reduce((a, d) => a + (Date.parse(d.dataAprovacao!) - Date.parse(d.dataEmissao!)) / DAY, 0) / done.length);
    expect(mine.total).toBe(expected);
    expect(mine.total).not.toBe((await agg('/api/v1/projetos/aggregate?measure=avgDays:dataEmissao,dataAprovacao')).total);
    expect((await get('/api/v1/contratos/aggregate?measure=avgDays:dataAprovacao,dataAssinatura', 'leitura@portal.local')).status).toBe(403);
  });

  it('rejects a malformed duration with 400 per parameter', async () => {
    for (const [m, msg] of [
      ['avgDays:abertura', /avgDays:<campo de início>,<campo de fim>/],
      ['avgDays:abertura,conclusao,prazo', /avgDays:<campo de início>,<campo de fim>/],
      ['avgDays:abertura,naoExiste', /Campo desconhecido: "naoExiste"/],
      ['avgDays:abertura,titulo', /não é data/],
      ['avgDays', /Medida inválida/],
    ] as const) {
      const r = await get(`/api/v1/posvendas/aggregate?measure=${m}`);
      expect(r.status, m).toBe(400);
      expect(r.body.errors.measure[0], m).toMatch(msg);
    }
  });
});
