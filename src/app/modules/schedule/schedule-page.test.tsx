/**
 * The works schedule screen (/:obra/diarios/datas) against the real API in-process: the EAP items
 * with progress and late items highlighted, planned dates edited inline (PATCH with the version),
 * the S-curve described from the API's points, the calendar in month and week views (events
 * 8–17 h), and the delay warning button only for who holds `aviso-atraso`.
 */
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../../mocks/test-app';
import type { PortalUser } from '../../../access/user';
import { SchedulePage } from './schedule-page';
import { eventsOn, weekDays } from './calendar-events';
import dayjs from 'dayjs';
import type { ScheduleItem } from './api';

const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

const page = (user: PortalUser = DEMO_USERS[ADMIN]) =>
  renderViews({ schemas: [], path: '/101/diarios/datas', routes: <Route path="/:obra/diarios/datas" element={<SchedulePage />} />, user });

const rowOf = async (codigo: string) => {
  const table = await screen.findByRole('region', { name: 'Itens da EAP' }, T);
  return waitFor(() => {
    const cell = within(table)
      .getAllByRole('cell')
      .find((c) => c.textContent === codigo);
    if (!cell) throw new Error(`linha ${codigo} ausente`);
    return cell.closest('tr') as HTMLElement;
  }, T);
};

describe('works schedule screen', { timeout: 120_000 }, () => {
  it('lists the EAP items with progress; late items are highlighted', async () => {
    page();
    const late = await rowOf('2.2');
    expect(late).toHaveAttribute('data-atrasado', 'true');
    expect(within(late).getByText(/^Atrasado \(\d+ dias\)$/)).toBeInTheDocument();
    expect(within(late).getByLabelText('Avanço de 2.2: 30%')).toBeInTheDocument();
    const done = await rowOf('2.1');
    expect(done).not.toHaveAttribute('data-atrasado');
    expect(within(done).getByText('Concluído')).toBeInTheDocument();
    expect(screen.getByText(/itens em atraso: .*2\.2/)).toBeInTheDocument();
  });

  it('edits a planned date inline: PATCH with the version, then the list reloads', async () => {
    page();
    const row = await rowOf('1.3.4');
    const input = within(row).getByLabelText('Término previsto de 1.3.4') as HTMLInputElement;
    expect(input.value).toBe('26/09/2025');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '31/10/2025' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(t.requests.some((r) => r.method === 'PATCH')).toBe(true), T);
    const patch = t.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url.pathname).toMatch(/^\/api\/v1\/obras\/101\/cronograma\/\d+$/);
    expect(patch.body).toEqual({ version: 1, terminoPrevisto: '2025-10-31' });
    await waitFor(
      () =>
        expect((within(screen.getByRole('region', { name: 'Itens da EAP' })).getByLabelText('Término previsto de 1.3.4') as HTMLInputElement).value).toBe(
          '31/10/2025',
        ),
      T,
    );
  });

  it("draws the S-curve from the API's points", async () => {
    const res = await t.mock.api.request('/api/v1/obras/101/curva-s?intervalo=semana', { as: ADMIN });
    const curve = (await res.json()) as { pontos: { data: string; previsto: number; realizado: number | null }[]; realizado: { valor: number } };
    page();
    const card = await screen.findByRole('region', { name: 'Curva S' }, T);
    const fig = await within(card).findByRole('figure', {}, T);
    const label = fig.getAttribute('aria-label')!;
    const last = curve.pontos.at(-1)!;
    expect(label).toContain(`${last.data.split('-').reverse().join('/')}: previsto 100,0%`);
    const pct = curve.realizado.valor.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    expect(within(card).getByText(new RegExp(`Realizado em .*: ${pct.replace(',', '\\,')}%`))).toBeInTheDocument();
  });

  it('shows the planned activities in the month and week views, from 8 to 17 h', async () => {
    page();
    const cal = await screen.findByRole('region', { name: 'Calendário' }, T);
    // 1.3.4 runs from 05/05 to 26/09/2025 (or a later end after the previous test): today is past it, so the calendar opens on the first planned day.
    const day = await within(cal).findByRole('list', { name: 'Atividades em 06/01/2025' }, T);
    expect(within(day).getByText('08:00–17:00 1.1.2 Montagem de estrutura metálica do galpão')).toBeInTheDocument();
    fireEvent.click(within(cal).getByText('Semana'));
    const grid = await within(cal).findByRole('grid', { name: 'Semana' }, T);
    expect(within(grid).getByText('seg 06/01')).toBeInTheDocument();
    expect(
      within(grid).getByRole('gridcell', { name: /^06\/01\/2025: 1\.1\.2 Montagem de estrutura metálica do galpão; 1\.2\.1 Concretagem/ }),
    ).toBeInTheDocument();
    fireEvent.click(within(cal).getByRole('button', { name: 'Próxima semana' }));
    await within(grid).findByText('seg 13/01', {}, T);
  });

  it('on a phone the month shows a dot per activity, and a tapped day lists its activities under the month', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      page();
      const cal = await screen.findByRole('region', { name: 'Calendário' }, T);
      const dots = await within(cal).findByRole('img', { name: /^\d+ atividades? em 06\/01\/2025$/ }, T);
      expect(within(cal).queryByRole('list', { name: 'Atividades em 06/01/2025' })).toBeNull();
      fireEvent.click(dots);
      const chosen = await within(cal).findByRole('region', { name: 'Atividades de 06/01/2025' }, T);
      expect(within(chosen).getByText('1.1.2 Montagem de estrutura metálica do galpão')).toBeInTheDocument();
      expect(within(chosen).getAllByText(/08:00–17:00 · (concluída|atrasada|avanço \d+%)/).length).toBeGreaterThan(0);
      fireEvent.click(within(cal).getByRole('button', { name: 'Próximo mês' }));
      fireEvent.click(within(cal).getByText('15'));
      await within(cal).findByRole('region', { name: /^Atividades de 15\/02\/2025$/ }, T);
    } finally {
      window.innerWidth = width;
    }
  });

  it('the delay warning button is there for aviso-atraso only and sends the warning', async () => {
    page();
    const button = await screen.findByRole('button', { name: /Enviar aviso de atraso/ }, T);
    await waitFor(() => expect(button).toBeEnabled(), T);
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar' }, T));
    await waitFor(() => expect(t.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/v1/obras/101/aviso-atraso')).toBe(true), T);
    await screen.findByText(/Aviso de atraso enviado para sm@portal\.local/, {}, T);

    // admin_field reads the EAP (and may edit FIELD dates) but holds no aviso-atraso.
    const fieldAdmin = t.mock.api.addUser({ email: 'admin.field.tela@portal.local', roles: ['admin_field'], obra: ['101'] });
    cleanup();
    t.mock.setUser(fieldAdmin.email);
    page(fieldAdmin);
    await rowOf('2.2');
    expect(screen.queryByRole('button', { name: /Enviar aviso de atraso/ })).toBeNull();
  });

  it("the site manager reads his site's schedule and S-curve, without editing controls (docs/access.md decision 30)", async () => {
    const sm = DEMO_USERS['sm@portal.local'];
    cleanup();
    t.mock.setUser(sm.email);
    page(sm);
    const row = await rowOf('2.2');
    expect(within(row).queryByLabelText('Término previsto de 2.2')).toBeNull();
    expect(within(row).queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Somente leitura: as datas planejadas são alteradas pelo planejamento.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enviar aviso de atraso/ })).toBeNull();
    const card = await screen.findByRole('region', { name: 'Curva S' }, T);
    await within(card).findByRole('figure', {}, T);
  });
});

describe('calendar events', () => {
  const item = (codigo: string, ini: string | null, fim: string | null, folha = true) =>
    ({ id: codigo.length, codigo, descricao: codigo, folha, inicioPrevisto: ini, terminoPrevisto: fim }) as unknown as ScheduleItem;
  it('an activity is an 8–17 h event on every day of its planned period; parents and undated items are not', () => {
    const items = [item('1.1', '2025-03-03', '2025-03-05'), item('1', '2025-03-01', '2025-03-31', false), item('1.2', null, null)];
    expect(eventsOn(items, '2025-03-03')).toEqual([{ item: items[0], start: '2025-03-03T08:00', end: '2025-03-03T17:00' }]);
    expect(eventsOn(items, '2025-03-05')).toHaveLength(1);
    expect(eventsOn(items, '2025-03-06')).toHaveLength(0);
    expect(weekDays(dayjs('2025-03-05')).map((d) => d.format('DD/MM'))).toEqual(['03/03', '04/03', '05/03', '06/03', '07/03', '08/03', '09/03']);
    expect(weekDays(dayjs('2025-03-09'))[0].format('DD/MM')).toBe('03/03');
  });
});
