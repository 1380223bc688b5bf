/**
 * The business calendar's API (issue 25): GET/PUT /api/v1/calendario (working hours, one record
 * with a version) and the holidays administrators add (/api/v1/feriados, the generic entity), on
 * both databases. Bad input → 400 per field in pt-BR with nothing stored; stale version → 409;
 * non-administrators → 403. `loadCalendar` follows every change.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { DEFAULT_CALENDAR_HOURS, addBusinessMinutes } from '../../src/server/sla/calendar';
import { loadCalendar } from '../../src/server/sla/calendar-config';

const ADMIN = 'admin@portal.local'; // acesso_total
const STAFF = 'calendario.staff@portal.local';
const CLIENT = 'cliente@portal.local';

/** A week with hours on Monday only. */
const week = (monday: unknown) => [[], monday, [], [], [], [], []];

describe.each(BACKENDS)('business calendar API (%s)', (backend) => {
  const t = useApi(backend);
  const call = async (path: string, init: { method?: string; json?: unknown; as?: string } = {}) => {
    const res = await t.api.request(path, { as: init.as ?? ADMIN, method: init.method ?? 'GET', json: init.json });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const stored = async () => Number((await sql<{ n: string }>`select count(*) as n from calendario_config`.execute(t.api.db)).rows[0].n);

  it('gives the defaults (version 0) and the public national holidays to staff; clients get 403', async () => {
    t.api.addUser({ email: STAFF, roles: ['obra'] });
    const r = await call('/api/v1/calendario?ano=2026', { as: STAFF });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ version: 0, horas: DEFAULT_CALENDAR_HOURS, cidade: null, timeZone: 'America/Sao_Paulo', podeEditar: false });
    expect(r.body.feriadosNacionais).toContainEqual({ date: '2026-11-20', name: 'Dia da Consciência Negra' });
    expect(r.body.feriadosNacionais.map((h: { date: string }) => h.date)).not.toContain('2026-02-17'); // Carnaval: not public
    expect((await call('/api/v1/calendario')).body.podeEditar).toBe(true);
    expect((await call('/api/v1/calendario', { as: CLIENT })).status).toBe(403);
    expect((await call('/api/v1/calendario?ano=20x6')).status).toBe(400);
  });

  it('lets only administrators change the hours (403 for staff and clients)', async () => {
    const body = { version: 0, horas: DEFAULT_CALENDAR_HOURS };
    for (const as of [STAFF, CLIENT]) {
      const r = await call('/api/v1/calendario', { as, method: 'PUT', json: body });
      expect(r.status).toBe(403);
    }
    expect(await stored()).toBe(0);
  });

  it('refuses bad hours with pt-BR messages per weekday, storing nothing', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [
        week([
          [480, 720],
          [700, 900],
        ]),
        'horas.1',
        /Segunda-feira: os intervalos 08:00–12:00 e 11:40–15:00 se sobrepõem/,
      ],
      [week([[720, 480]]), 'horas.1', /Segunda-feira: o intervalo 12:00–08:00 termina antes de começar/],
      [week([[600, 600]]), 'horas.1', /termina antes de começar/],
      [week([[-1, 480]]), 'horas.1', /0 a 1440/],
      [week([[480, 1500]]), 'horas.1', /0 a 1440/],
      [week([[480.5, 720]]), 'horas.1', /minutos inteiros/],
      [[[], [], [], [], [], [], []], 'horas', /pelo menos um dia/],
      [[[[480, 720]]], 'horas', /sete dias/],
      ['08:00-18:00', 'horas', /sete dias/],
    ];
    for (const [horas, key, message] of cases) {
      const r = await call('/api/v1/calendario', { method: 'PUT', json: { version: 0, horas } });
      expect(r.status, JSON.stringify(horas)).toBe(400);
      expect(String(r.body.errors?.[key]?.[0]), JSON.stringify(r.body)).toMatch(message);
    }
    const twoDays = await call('/api/v1/calendario', { method: 'PUT', json: { version: 0, horas: [[], [[720, 480]], [[0, 1441]], [], [], [], []] } });
    expect(Object.keys(twoDays.body.errors).sort()).toEqual(['horas.1', 'horas.2']);
    expect(twoDays.body.errors['horas.2'][0]).toMatch(/^Terça-feira/);
    const noVersion = await call('/api/v1/calendario', { method: 'PUT', json: { horas: DEFAULT_CALENDAR_HOURS } });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors.version[0]).toMatch(/versão/);
    const unknown = await call('/api/v1/calendario', { method: 'PUT', json: { version: 0, horas: DEFAULT_CALENDAR_HOURS, fuso: 'UTC' } });
    expect(unknown.body.errors.fuso).toEqual(['Campo desconhecido.']);
    const badCity = await call('/api/v1/calendario', { method: 'PUT', json: { version: 0, horas: DEFAULT_CALENDAR_HOURS, cidade: 42 } });
    expect(badCity.body.errors.cidade).toBeDefined();
    expect((await call('/api/v1/calendario', { method: 'PUT', json: [] })).status).toBe(400);
    expect(await stored()).toBe(0);
  });

  it('stores new hours with a version; a stale version gets 409; the calendar follows', async () => {
    const before = await loadCalendar(t.api.db);
    expect(before.hours).toEqual(DEFAULT_CALENDAR_HOURS);
    // Monday 08:00–12:00 and 14:00–18:00 (sent out of order: stored sorted), Saturday morning.
    const horas = [
      [],
      [
        [840, 1080],
        [480, 720],
      ],
      [[480, 1080]],
      [[480, 1080]],
      [[480, 1080]],
      [[480, 1080]],
      [[480, 720]],
    ];
    const saved = await call('/api/v1/calendario', { method: 'PUT', json: { version: 0, horas, cidade: ' São Paulo ' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, cidade: 'São Paulo', updatedBy: ADMIN });
    expect(saved.body.horas[1]).toEqual([
      [480, 720],
      [840, 1080],
    ]);
    const stale = await call('/api/v1/calendario', { method: 'PUT', json: { version: 0, horas: DEFAULT_CALENDAR_HOURS } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/alterado por outra pessoa/);
    const future = await call('/api/v1/calendario', { method: 'PUT', json: { version: 7, horas: DEFAULT_CALENDAR_HOURS } });
    expect(future.status).toBe(409);
    expect((await call('/api/v1/calendario')).body).toMatchObject({ version: 1, cidade: 'São Paulo' });

    const cal = await loadCalendar(t.api.db);
    expect(cal.hours[6]).toEqual([[480, 720]]);
    // Saturday 2026-11-28 11:30 + 60 business minutes: 30 on Saturday, Monday 08:00–08:30.
    expect(addBusinessMinutes(cal, new Date('2026-11-28T11:30:00-03:00'), 60).toISOString()).toBe('2026-11-30T11:30:00.000Z');
  });

  it('adds holidays through the generic entity: city and company scopes, duplicates refused, the calendar follows', async () => {
    const create = (json: Record<string, unknown>, as = ADMIN) => call('/api/v1/feriados', { method: 'POST', json, as });
    const count = async () => Number((await sql<{ n: string }>`select count(*) as n from feriado`.execute(t.api.db)).rows[0].n);
    const seeded = await count(); // the demo's company holidays
    const staff = await create({ data: '2026-12-08', nome: 'Imaculada Conceição', abrangencia: 'Empresa' }, STAFF);
    expect(staff.status).toBe(403);
    expect((await call('/api/v1/feriados', { as: STAFF })).status).toBe(200); // staff read
    expect((await call('/api/v1/feriados', { as: CLIENT })).status).toBe(403);

    const noCity = await create({ data: '2026-01-25', nome: 'Aniversário de São Paulo', abrangencia: 'Cidade' });
    expect(noCity.status).toBe(400);
    expect(noCity.body.errors.cidade).toEqual(['Informe a cidade do feriado municipal.']);
    const missing = await create({ nome: 'Sem data' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.data).toBeDefined();

    const city = await create({ data: '2026-01-25', nome: 'Aniversário de São Paulo', abrangencia: 'Cidade', cidade: 'São Paulo' });
    expect(city.status, JSON.stringify(city.body)).toBe(201);
    const otherCity = await create({ data: '2026-01-25', nome: 'Outro', abrangencia: 'Cidade', cidade: 'Campinas' });
    expect(otherCity.status).toBe(201);
    const dupCity = await create({ data: '2026-01-25', nome: 'De novo', abrangencia: 'Cidade', cidade: 'sao paulo' });
    expect(dupCity.status).toBe(400);
    expect(dupCity.body.errors.data[0]).toMatch(/Já existe um feriado em 25\/01\/2026 na cidade sao paulo: Aniversário de São Paulo/);

    const company = await create({ data: '2026-12-07', nome: 'Ponte', abrangencia: 'Empresa', cidade: 'ignorada' });
    expect(company.status).toBe(201);
    expect(company.body.cidade).toBeNull();
    const dupCompany = await create({ data: '2026-12-07', nome: 'Ponte 2' });
    expect(dupCompany.status).toBe(400);
    expect(dupCompany.body.errors.data[0]).toMatch(/para a empresa/);
    // Moving another holiday onto a taken date is refused too; keeping its own date is not a duplicate.
    const edited = await call(`/api/v1/feriados/${otherCity.body.id}`, { method: 'PATCH', json: { version: otherCity.body.version, nome: 'Campinas' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const moved = await call(`/api/v1/feriados/${company.body.id}`, {
      method: 'PATCH',
      json: { version: company.body.version, abrangencia: 'Cidade', cidade: 'SÃO PAULO', data: '2026-01-25' },
    });
    expect(moved.status).toBe(400);
    expect(await count()).toBe(seeded + 3);

    const cal = await loadCalendar(t.api.db); // company city: São Paulo (previous test)
    expect(cal.isHoliday('2026-01-25')).toBe(true); // São Paulo's
    expect(cal.isHoliday('2026-12-07')).toBe(true); // the company's
    expect(cal.isHoliday('2026-11-20')).toBe(true); // national
    expect(cal.isHoliday('2026-02-17')).toBe(false); // Carnaval: not public, not added

    // Deleting drops it from the calendar at once.
    expect((await call(`/api/v1/feriados/${company.body.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect((await loadCalendar(t.api.db)).isHoliday('2026-12-07')).toBe(false);
    // The company moves to Campinas: São Paulo's holiday no longer counts, Campinas' does.
    const moveCity = await call('/api/v1/calendario', { method: 'PUT', json: { version: 1, horas: DEFAULT_CALENDAR_HOURS, cidade: 'Campinas' } });
    expect(moveCity.status).toBe(200);
    const after = await loadCalendar(t.api.db);
    expect(after.hours).toEqual(DEFAULT_CALENDAR_HOURS);
    expect(after.isHoliday('2026-01-25')).toBe(true); // Campinas' one, same date
    await call(`/api/v1/feriados/${otherCity.body.id}`, { method: 'DELETE' });
    expect((await loadCalendar(t.api.db)).isHoliday('2026-01-25')).toBe(false);
  });
});
