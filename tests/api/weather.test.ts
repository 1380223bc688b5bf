/**
 * The daily report's weather (issue 26): GET /api/v1/obras/{obra}/clima?data= on both databases,
 * against a local stand-in of Open-Meteo serving a recorded answer (tests/fixtures/). The WMO codes
 * become the report's options per period (worst of the period), rain is summed to 2 decimals,
 * answers are kept per site and day, and every failure is `disponivel: false` (never 5xx).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKENDS, useApi } from './backends';
import { OPEN_METEO_FIXTURE, startWeatherStandIn, type WeatherStandIn } from './weather-stand-in';
import { dayWeatherFromHourly } from '../../src/server/weather/periods';
import { UNAVAILABLE } from '../../src/server/weather/open-meteo';

const ADMIN = 'admin@portal.local';
const SM = 'sm@portal.local'; // sites 101 and 102
const OTHER_CLIENT = 'cliente.novo@portal.local'; // site 102 only
const DAY = '2026-11-20'; // the recorded day, in the past: kept for good

/** What the recorded answer gives (hours 06–11, 12–17, 18–23; the day's rain counts 05:00 too). */
const EXPECTED = {
  disponivel: true,
  fonte: 'open-meteo',
  data: DAY,
  periodos: [
    { periodo: 'Manhã', tempo: 'Garoa', chuvaMm: 0.3, temperaturaC: 21.5 },
    { periodo: 'Tarde', tempo: 'Tempestade', chuvaMm: 22.1, temperaturaC: 22.2 },
    { periodo: 'Noite', tempo: 'Parcialmente nublado', chuvaMm: 0, temperaturaC: 19 },
  ],
  chuvaMm: 22.53,
};

let standIn: WeatherStandIn;
const previousUrl = process.env.WEATHER_URL;
beforeAll(async () => {
  standIn = await startWeatherStandIn();
});
afterAll(async () => {
  if (previousUrl === undefined) delete process.env.WEATHER_URL;
  else process.env.WEATHER_URL = previousUrl;
  await standIn?.close();
});

describe.each(BACKENDS)('weather of the daily report (%s)', (backend) => {
  const t = useApi(backend);
  const get = async (path: string, as = ADMIN) => {
    const res = await t.api.request(path, { as });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  beforeEach(() => {
    process.env.WEATHER_URL = standIn.url;
    standIn.mode = 'ok';
    standIn.calls.length = 0;
  });

  it('maps the recorded hours to the periods, asks for the site and day, and keeps the answer', async () => {
    const r = await get(`/api/v1/obras/101/clima?data=${DAY}`, SM);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual(EXPECTED);
    expect(standIn.calls).toHaveLength(1);
    const q = standIn.calls[0];
    expect(Object.fromEntries(q)).toMatchObject({
      latitude: '-19.9678',
      longitude: '-44.1983',
      timezone: 'America/Sao_Paulo',
      start_date: DAY,
      end_date: DAY,
    });
    expect(q.get('hourly')!.split(',').sort()).toEqual(['precipitation', 'temperature_2m', 'weather_code']);

    // Second time: from the cache, no new call; another reader of the site gets the same.
    expect((await get(`/api/v1/obras/101/clima?data=${DAY}`)).body).toEqual(EXPECTED);
    expect(standIn.calls).toHaveLength(1);
    const kept = await sql<{ n: string }>`select count(*) as n from clima_cache where obra = '101'`.execute(t.api.db);
    expect(Number(kept.rows[0].n)).toBe(1);
    // Another day is another question.
    expect((await get('/api/v1/obras/101/clima?data=2026-11-19')).body).toMatchObject({ disponivel: true, data: '2026-11-19' });
    expect(standIn.calls).toHaveLength(2);
  });

  it("asks again when today's answer is over an hour old or the site moved", async () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect((await get(`/api/v1/obras/102/clima?data=${today}`)).body).toMatchObject({ disponivel: true, data: today });
    expect((await get(`/api/v1/obras/102/clima?data=${today}`)).body).toMatchObject({ disponivel: true });
    expect(standIn.calls).toHaveLength(1);
    await sql`update clima_cache set obtido_em = now() - interval '61 minutes' where obra = '102'`.execute(t.api.db);
    await get(`/api/v1/obras/102/clima?data=${today}`);
    expect(standIn.calls).toHaveLength(2);
    // A past day's answer does not expire; a site moved elsewhere asks for its new point.
    await get(`/api/v1/obras/102/clima?data=${DAY}`);
    await sql`update clima_cache set obtido_em = now() - interval '400 days' where obra = '102'`.execute(t.api.db);
    await get(`/api/v1/obras/102/clima?data=${DAY}`);
    expect(standIn.calls).toHaveLength(3);
    await sql`update obra set latitude = -16.3281, longitude = -48.9534 where "Id_Lista" = '102'`.execute(t.api.db);
    await get(`/api/v1/obras/102/clima?data=${DAY}`);
    expect(standIn.calls).toHaveLength(4);
    expect(standIn.calls[3].get('latitude')).toBe('-16.3281');
  });

  it('says "not available" without coordinates, without WEATHER_URL, on garbage or errors', async () => {
    let r = await get(`/api/v1/obras/106/clima?data=${DAY}`); // the demo's site without coordinates
    expect(r).toEqual({ status: 200, body: { disponivel: false, motivo: UNAVAILABLE.noCoordinates } });
    expect(standIn.calls).toHaveLength(0);

    delete process.env.WEATHER_URL;
    r = await get('/api/v1/obras/103/clima?data=2026-11-18');
    expect(r).toEqual({ status: 200, body: { disponivel: false, motivo: UNAVAILABLE.notConfigured } });
    process.env.WEATHER_URL = standIn.url;

    standIn.mode = 'garbage';
    r = await get('/api/v1/obras/103/clima?data=2026-11-18');
    expect(r).toEqual({ status: 200, body: { disponivel: false, motivo: UNAVAILABLE.unreadable } });
    standIn.mode = 'error';
    r = await get('/api/v1/obras/103/clima?data=2026-11-18');
    expect(r).toEqual({ status: 200, body: { disponivel: false, motivo: UNAVAILABLE.failed } });
    // Nothing unreadable was kept: the service answers again once it is back.
    standIn.mode = 'ok';
    expect((await get('/api/v1/obras/103/clima?data=2026-11-18')).body).toMatchObject({ disponivel: true });
    expect(standIn.calls).toHaveLength(3);
  });

  it('gives up on a slow service after 3 s', { timeout: 20_000 }, async () => {
    standIn.mode = 'slow';
    const started = Date.now();
    const r = await get('/api/v1/obras/104/clima?data=2026-11-17');
    const took = Date.now() - started;
    expect(r).toEqual({ status: 200, body: { disponivel: false, motivo: UNAVAILABLE.timeout } });
    expect(took).toBeGreaterThanOrEqual(2900);
    expect(took).toBeLessThan(3500);
  });

  it('refuses a bad date (400 in pt-BR) and hides sites the caller cannot read (404)', async () => {
    for (const bad of ['', 'data=20-11-2026', 'data=2026-02-30', 'data=2026-11-20T00:00', 'data=hoje']) {
      const r = await get(`/api/v1/obras/101/clima?${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toBe('Informe a data no formato AAAA-MM-DD.');
    }
    const hidden = await get(`/api/v1/obras/101/clima?data=${DAY}`, OTHER_CLIENT);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Obra não encontrada.');
    expect((await get(`/api/v1/obras/999/clima?data=${DAY}`)).status).toBe(404);
    expect((await get(`/api/v1/obras/102/clima?data=${DAY}`, OTHER_CLIENT)).status).toBe(200);
    expect(standIn.calls.every((q) => q.get('latitude') !== '-19.9678')).toBe(true); // 101 never asked for
  });
});

describe('reading an Open-Meteo answer', () => {
  type Answer = { hourly: Record<string, unknown[]> };
  const answer = () => JSON.parse(OPEN_METEO_FIXTURE) as Answer;

  it('reads the recorded day, and nothing from a malformed one', () => {
    expect(dayWeatherFromHourly(answer(), DAY)).toEqual(EXPECTED);
    expect(dayWeatherFromHourly(answer(), '2026-11-21')).toBeNull(); // no hours of that day
    const broken: ((a: Answer) => void)[] = [
      (a) => void (a.hourly.weather_code[7] = 42), // not a WMO code
      (a) => void (a.hourly.precipitation[3] = -1),
      (a) => void (a.hourly.temperature_2m[3] = '20'),
      (a) => void a.hourly.time.pop(),
      (a) => void delete a.hourly.weather_code,
    ];
    for (const breakIt of broken) {
      const a = answer();
      breakIt(a);
      expect(dayWeatherFromHourly(a, DAY)).toBeNull();
    }
    expect(dayWeatherFromHourly(null, DAY)).toBeNull();
    expect(dayWeatherFromHourly({ hourly: 'x' }, DAY)).toBeNull();
    // Missing hours of rain or temperature (null) are no rain and no reading.
    const gaps = answer();
    gaps.hourly.temperature_2m.fill(null, 18, 24);
    gaps.hourly.precipitation[12] = null;
    const day = dayWeatherFromHourly(gaps, DAY)!;
    expect(day.periodos[2]).toEqual({ periodo: 'Noite', tempo: 'Parcialmente nublado', chuvaMm: 0, temperaturaC: null });
    expect(day.periodos[1].chuvaMm).toBe(20.9);
    expect(day.chuvaMm).toBe(21.33);
  });
});
