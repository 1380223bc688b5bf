/**
 * The daily digest (issue 25): once per day whatever the number of runs, one message per person
 * with pending items, HTML and text; each person may switch it off (`/api/v1/preferencias`).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINE_BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { runDailyJob } from '../../src/server/jobs/runner';
import { DAILY_JOBS } from '../../src/server/jobs';
import { dailyDigestJob } from '../../src/server/jobs/daily-digest';

const VALID = 'contratos.validador@portal.local';
const ADMIN = 'admin@portal.local';

describe.each(ENGINE_BACKENDS)('daily digest (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const digests = async (day: string) =>
    (
      await sql<{ para: string[]; assunto: string; texto: string; html: string }>`
        select para, assunto, texto, html from mensagem where referencia = ${`resumo-diario/${day}`} order by id`.execute(t.api.db)
    ).rows;
  const job = { name: 'resumo-diario', run: dailyDigestJob };

  it('is one of the daily jobs', () => {
    expect(DAILY_JOBS.map((j) => j.name)).toContain('resumo-diario');
  });

  it('e-mails each person with pending items once per day, what waits for them', async () => {
    const first = await runDailyJob(t.api.db, job, '2026-11-20');
    expect(first.ran).toBe(true);
    const sent = await digests('2026-11-20');
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBe((first as { result: { enviados: number } }).result.enviados);
    const everyone = sent.flatMap((m) => m.para);
    expect(new Set(everyone).size).toBe(everyone.length); // one message per person
    // What the message lists is what "Minhas pendências" lists for that person.
    const mine = sent.find((m) => m.para[0] === VALID)!;
    const pend = await c.get('/api/v1/pendencias?_start=0&_end=50', VALID);
    expect(pend.body.length).toBeGreaterThan(0);
    const total = Number(pend.headers.get('x-total-count'));
    expect(mine.assunto).toBe(`[Portal] Suas pendências: ${total === 1 ? '1 item aguarda você' : `${total} itens aguardam você`}`);
    for (const p of pend.body as { label: string; title: string }[]) expect(mine.texto).toContain(`- ${p.label} ${p.title}`);
    expect(mine.html).toContain('<html lang="pt-BR">');
    expect(mine.html).toContain('Suas pendências em 20/11/2026');
    expect(mine.texto).toContain('use Perfil > Notificações');

    // Again the same day (another process, a restart): nothing more.
    expect(await runDailyJob(t.api.db, job, '2026-11-20')).toEqual({ ran: false });
    expect(await digests('2026-11-20')).toHaveLength(sent.length);
  });

  it('respects the person who switched it off in their profile, and refuses bad preferences', async () => {
    expect((await c.get('/api/v1/preferencias', VALID)).body).toMatchObject({ resumoDiario: true });
    for (const [body, field] of [
      [{ resumoDiario: 'não' }, 'resumoDiario'],
      [{ resumoDiario: false, tema: 'escuro' }, 'tema'],
      [{}, 'resumoDiario'],
    ] as const) {
      const r = await t.api.request('/api/v1/preferencias', { method: 'PUT', as: VALID, json: body });
      expect(r.status).toBe(400);
      const e = await r.json();
      expect(e.message).toMatch(/[Pp]referência/);
      expect(e.errors[field][0]).toBeTruthy();
    }
    expect((await c.get('/api/v1/preferencias', VALID)).body).toMatchObject({ resumoDiario: true }); // nothing stored
    const off = await t.api.request('/api/v1/preferencias', { method: 'PUT', as: VALID, json: { resumoDiario: false } });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ resumoDiario: false });
    expect((await c.get('/api/v1/preferencias', VALID)).body).toMatchObject({ resumoDiario: false });
    expect((await c.get('/api/v1/preferencias', ADMIN)).body).toMatchObject({ resumoDiario: true }); // one's own only

    const run = await runDailyJob(t.api.db, job, '2026-11-21');
    expect(run).toMatchObject({ ran: true, result: { desligados: 1 } });
    const to = (await digests('2026-11-21')).flatMap((m) => m.para);
    expect(to).not.toContain(VALID);
    expect(to).toContain(ADMIN);

    // Switched on again: the next day's digest comes.
    expect((await t.api.request('/api/v1/preferencias', { method: 'PUT', as: VALID, json: { resumoDiario: true } })).status).toBe(200);
    await runDailyJob(t.api.db, job, '2026-11-22');
    expect((await digests('2026-11-22')).flatMap((m) => m.para)).toContain(VALID);
  });
});
