/**
 * The weather of a new daily report against the real API in process: WEATHER_URL points at a
 * stand-in (an MSW handler serving the recorded Open-Meteo answer of tests/fixtures/), the API maps
 * it, and the form takes it only where the person typed nothing. Without WEATHER_URL the fields
 * stay manual and no note is shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { http, HttpResponse } from 'msw';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaByName } from '../../../../schemas';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { DiarioCreate, DiarioEdit } from './diario-form';
import { WEATHER_NOTE } from './weather-fill';

const T = { timeout: 30_000 };
const SM = 'sm@portal.local';
const STAND_IN = 'http://open-meteo.stand-in/v1/forecast';
const FIXTURE = readFileSync(join(__dirname, '../../../../tests/fixtures/open-meteo-betim-2026-11-20.json'), 'utf8');
const t = useInProcessApi(SM);
const diario = schemaByName('diario')!;

const previousUrl = process.env.WEATHER_URL;
beforeAll(() => {
  process.env.WEATHER_URL = STAND_IN;
});
afterAll(() => {
  if (previousUrl === undefined) delete process.env.WEATHER_URL;
  else process.env.WEATHER_URL = previousUrl;
});

const openNewReport = () =>
  renderViews({
    schemas: [diario],
    path: '/101/diarios/novo',
    routes: <Route path="/:obra/diarios/novo" element={<DiarioCreate schema={diario} />} />,
    user: DEMO_USERS[SM],
  });
const climaCard = () => screen.getByText('Condições climáticas', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

describe('weather of a new daily report', { timeout: 120_000 }, () => {
  it('fills the rows and the rain from the forecast where the person typed nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const asked: URL[] = [];
    t.server.use(
      http.get(STAND_IN, async ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        await gate; // answers once the person has typed
        return new HttpResponse(FIXTURE.replaceAll('2026-11-20', url.searchParams.get('start_date')!), { headers: { 'content-type': 'application/json' } });
      }),
    );
    openNewReport();
    // Site 101's shifts: Manhã and Tarde rows.
    await waitFor(() => expect(within(climaCard()).getAllByRole('row')).toHaveLength(3), T);
    await waitFor(() => expect(asked).toHaveLength(1), T);
    expect(asked[0].searchParams.get('latitude')).toBe('-19.9678');
    // The person types the morning's temperature and the day's rain before the forecast arrives.
    fireEvent.change(within(climaCard()).getAllByRole('spinbutton')[0], { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('Chuva (mm)'), { target: { value: '4,5' } });
    release();
    await screen.findByText(WEATHER_NOTE, {}, T);
    const [, manha, tarde] = within(climaCard()).getAllByRole('row');
    // The rows are filled in one pass, but the inputs re-render one by one (slow on a loaded machine).
    await waitFor(() => {
      expect(within(manha).getByText('Garoa')).toBeInTheDocument();
      expect(within(tarde).getByText('Tempestade')).toBeInTheDocument();
      expect(within(tarde).getByRole('spinbutton')).toHaveValue('22,2');
    }, T);
    expect(within(manha).getByRole('spinbutton')).toHaveValue('25,0'); // typed: kept
    expect(screen.getByLabelText('Chuva (mm)')).toHaveValue('4,50'); // typed: kept
    expect(within(climaCard()).getAllByRole('row')).toHaveLength(3); // no Noite row added to the site's shifts
  });

  it('leaves the weather manual when the portal has no weather service', async () => {
    delete process.env.WEATHER_URL;
    try {
      openNewReport();
      await waitFor(() => expect(within(climaCard()).getAllByRole('row')).toHaveLength(3), T);
      await waitFor(() => expect(t.requests.some((r) => r.url.pathname === '/api/v1/obras/101/clima')).toBe(true), T);
      const [, manha] = within(climaCard()).getAllByRole('row');
      await new Promise((r) => setTimeout(r, 300));
      expect(within(manha).getByText('Ensolarado')).toBeInTheDocument(); // the shift's default stays
      expect(screen.queryByText(WEATHER_NOTE)).toBeNull();
      expect(screen.getByLabelText('Chuva (mm)')).toHaveValue('');
    } finally {
      process.env.WEATHER_URL = STAND_IN;
    }
  });

  it('on a saved report opened online, fills only what is still empty: a saved "Ensolarado" stays', async () => {
    t.server.use(
      http.get(STAND_IN, ({ request }) => {
        const day = new URL(request.url).searchParams.get('start_date')!;
        return new HttpResponse(FIXTURE.replaceAll('2026-11-20', day), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const created = await t.mock.api.request('/api/v1/diarios', {
      method: 'POST',
      as: SM,
      json: { obra: '101', data: '2026-06-03', clima: [{ periodo: 'Manhã', tempo: 'Ensolarado', condicao: 'Praticável' }] },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    renderViews({
      schemas: [diario],
      path: `/diarios/${id}/editar`,
      routes: <Route path="/diarios/:id/editar" element={<DiarioEdit schema={diario} />} />,
      user: DEMO_USERS[SM],
    });
    await screen.findByText(WEATHER_NOTE, {}, T);
    const [, manha] = within(climaCard()).getAllByRole('row');
    await waitFor(() => expect(within(manha).getByRole('spinbutton')).not.toHaveValue(''), T); // empty temperature: filled
    expect(within(manha).getByText('Ensolarado')).toBeInTheDocument(); // saved: kept
    expect(screen.getByLabelText('Chuva (mm)')).not.toHaveValue(''); // empty rain: filled
  });
});
