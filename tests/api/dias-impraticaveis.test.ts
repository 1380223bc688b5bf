/**
 * "Dias impraticáveis" of a site (issue 26): GET /api/v1/obras/{obra}/dias-impraticaveis counts the
 * site's daily reports out of draft with a shift marked impracticable (days, shifts, whole days) in
 * the period, as the caller's read rules allow (a client's representative: concluded reports only),
 * validates the period, hides other sites (404), and the app's export writes the rows to .xlsx.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { BACKENDS, useApi } from './backends';
import { client } from './workflow-helpers';
import { buildLostDaysWorkbook } from '../../src/app/modules/dias-impraticaveis/export';
import type { LostDays } from '../../src/app/modules/dias-impraticaveis/api';
import { monthOf } from '../../src/server/dias-impraticaveis/period';
import { todayIso } from '../../src/server/time';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local'; // site manager of 101 and 102
const CLIENTE = 'cliente@portal.local'; // representante_cliente on obra 101 (demo)
const SM_103 = 'sm.impraticaveis.103@portal.local';

type Shift = [periodo: string, tempo: string, condicao: 'Praticável' | 'Impraticável'];
const P = 'Praticável';
const I = 'Impraticável';

describe.each(BACKENDS)('impracticable days of a site (%s)', (backend) => {
  const t = useApi(backend);
  const c = client(t);
  const url = (obra: string, q = '') => `/api/v1/obras/${obra}/dias-impraticaveis${q}`;
  const ids: Record<string, number> = {};

  /** A report of obra 101 by its site manager, concluded ("Concluir diário") unless `draft`. */
  async function report(key: string, data: string, clima: Shift[], chuvaMm: number, draft = false) {
    const body = { obra: '101', data, chuvaMm, clima: clima.map(([periodo, tempo, condicao]) => ({ periodo, tempo, condicao })) };
    const created = await c.post('/api/v1/diarios', body, SM);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ids[key] = created.body.id as number;
    if (!draft) {
      const done = await c.step('diarios', ids[key], 'enviar', SM);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.status).toBe('Em revisão');
    }
  }

  it('counts days, shifts and whole days of the period, drafts and practicable days aside', async () => {
    await report(
      'a',
      '2026-03-02',
      [
        ['Manhã', 'Ensolarado', P],
        ['Tarde', 'Chuvoso', I],
      ],
      12.5,
    );
    await report(
      'b',
      '2026-03-05',
      [
        ['Manhã', 'Chuvoso', I],
        ['Tarde', 'Tempestade', I],
      ],
      40.25,
    );
    await report(
      'c',
      '2026-03-09',
      [
        ['Manhã', 'Nublado', P],
        ['Tarde', 'Garoa', P],
      ],
      1,
    );
    await report('draft', '2026-03-12', [['Tarde', 'Chuvoso', I]], 8, true);
    await report(
      'april',
      '2026-04-01',
      [
        ['Manhã', 'Chuvoso', I],
        ['Tarde', 'Nublado', P],
        ['Noite', 'Chuvoso', I],
      ],
      22,
    );

    const march = await c.get(url('101', '?de=2026-03-01&ate=2026-03-31'), ADMIN);
    expect(march.status, JSON.stringify(march.body)).toBe(200);
    expect(march.body).toMatchObject({ obra: '101', de: '2026-03-01', ate: '2026-03-31', dias: 2, turnos: 3, diasInteiros: 1, ultimoDia: '2026-04-01' });
    expect(march.body.lista).toEqual([
      { id: ids.a, numero: expect.any(Number), data: '2026-03-02', status: 'Em revisão', turnos: ['Tarde'], tempo: ['Chuvoso'], chuvaMm: 12.5 },
      {
        id: ids.b,
        numero: expect.any(Number),
        data: '2026-03-05',
        status: 'Em revisão',
        turnos: ['Manhã', 'Tarde'],
        tempo: ['Chuvoso', 'Tempestade'],
        chuvaMm: 40.25,
      },
    ]);
    expect(march.body.lista[1].numero).toBe(march.body.lista[0].numero + 1);

    // The period bounds are inclusive and filter on the report's date.
    const spring = await c.get(url('101', '?de=2026-03-05&ate=2026-04-01'), ADMIN);
    expect(spring.body).toMatchObject({ dias: 2, turnos: 4, diasInteiros: 1 });
    expect(spring.body.lista.map((d: { id: number }) => d.id)).toEqual([ids.b, ids.april]);
    const none = await c.get(url('101', '?de=2026-03-06&ate=2026-03-31'), ADMIN);
    expect(none.body).toMatchObject({ dias: 0, turnos: 0, diasInteiros: 0, lista: [] });

    // The draft counts once concluded.
    expect((await c.step('diarios', ids.draft, 'enviar', SM)).status).toBe(200);
    const after = await c.get(url('101', '?de=2026-03-01&ate=2026-03-31'), SM);
    expect(after.body).toMatchObject({ dias: 3, turnos: 4, diasInteiros: 2 });
  });

  it("applies the caller's read rules: the client's representative sees concluded reports only", async () => {
    // Returned for correction: no longer concluded, so out of the client's reach (decision 32).
    await report('returned', '2026-03-20', [['Manhã', 'Tempestade', I]], 60);
    const back = await c.step('diarios', ids.returned, 'devolver', ADMIN, { comment: 'Conferir a chuva.' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.status).toBe('Reprovado');

    const q = '?de=2026-03-01&ate=2026-03-31';
    const staff = await c.get(url('101', q), ADMIN);
    expect(staff.body.lista.map((d: { id: number }) => d.id)).toContain(ids.returned);
    const rep = await c.get(url('101', q), CLIENTE);
    expect(rep.status, JSON.stringify(rep.body)).toBe(200);
    expect(rep.body.lista.map((d: { id: number }) => d.id)).not.toContain(ids.returned);
    expect(rep.body.dias).toBe(staff.body.dias - 1);
    expect(rep.body.lista.every((d: { status: string }) => ['Em revisão', 'Aprovado'].includes(d.status))).toBe(true);
  });

  it('hides a site the caller cannot see (404) and refuses bad periods with a message per field (400)', async () => {
    t.api.addUser({ email: SM_103, name: 'SM 103', roles: ['site_manager', 'rdo_by_obra'], obra: ['103'] });
    expect((await c.get(url('103', '?de=2026-03-01&ate=2026-03-31'), SM_103)).status).toBe(200);
    const other = await c.get(url('101', '?de=2026-03-01&ate=2026-03-31'), SM_103);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Obra não encontrada.');
    expect((await c.get(url('999'), ADMIN)).status).toBe(404);

    const bad = async (q: string, field: 'de' | 'ate', message: RegExp) => {
      const r = await c.get(url('101', q), ADMIN);
      expect(r.status, q).toBe(400);
      expect(r.body.errors?.[field]?.[0], q).toMatch(message);
    };
    await bad('?de=2026-02-31&ate=2026-03-31', 'de', /data válida/);
    await bad('?de=ontem&ate=2026-03-31', 'de', /aaaa-mm-dd/);
    await bad('?de=2026-03-01&ate=31/03/2026', 'ate', /data válida/);
    await bad('?de=2026-03-31&ate=2026-03-01', 'ate', /anterior à data inicial/);
    await bad('?de=2025-01-01&ate=2026-01-02', 'ate', /no máximo 366 dias/);
    expect((await c.get(url('101', '?de=2025-01-01&ate=2026-01-01'), ADMIN)).status).toBe(200); // 366 days
  });

  it('defaults to the current month', async () => {
    const r = await c.get(url('101'), ADMIN);
    expect(r.status).toBe(200);
    expect({ de: r.body.de, ate: r.body.ate }).toEqual(monthOf(todayIso()));
    expect(r.body.de.slice(0, 7)).toBe(todayIso().slice(0, 7));
  });

  it('the demo site 101 has concluded reports with impracticable shifts, whole days among them', async () => {
    const r = await c.get(url('101', '?de=2025-01-01&ate=2025-12-31'), ADMIN);
    expect(r.body.dias).toBeGreaterThanOrEqual(3);
    expect(r.body.diasInteiros).toBeGreaterThanOrEqual(1);
    expect(r.body.lista.some((d: { status: string }) => d.status === 'Aprovado')).toBe(true);
  });

  it('the export opens in exceljs with a row per report and the totals', async () => {
    const r = await c.get(url('101', '?de=2026-03-01&ate=2026-03-31'), CLIENTE);
    const answer = r.body as LostDays;
    expect(answer.lista.length).toBeGreaterThanOrEqual(2);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await buildLostDaysWorkbook(answer));
    const ws = wb.getWorksheet('Dias impraticáveis')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Data', 'Nº do RDO', 'Situação', 'Turnos impraticáveis', 'Tempo', 'Chuva (mm)']);
    const first = ws.getRow(2);
    expect((first.getCell(1).value as Date).toISOString().slice(0, 10)).toBe('2026-03-02');
    expect(first.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(4).value).toBe('Tarde');
    expect(first.getCell(5).value).toBe('Tarde: Chuvoso');
    expect(first.getCell(6).value).toBe(12.5);
    expect(ws.getRow(3).getCell(4).value).toBe('Manhã, Tarde');
    const labels = new Map<string, unknown>();
    ws.eachRow((row) => labels.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(labels.get('Dias com turno impraticável')).toBe(answer.dias);
    expect(labels.get('Turnos impraticáveis')).toBe(answer.turnos);
    expect(labels.get('Dias inteiros impraticáveis')).toBe(answer.diasInteiros);
  });
});
