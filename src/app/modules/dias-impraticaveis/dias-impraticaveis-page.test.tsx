/**
 * "Dias impraticáveis" (/:obra/diarios/impraticaveis) against the real API in-process: the period
 * in the address (the current month by default, with a way to the last month that has any), the
 * three totals, the list linking to each report with its shifts as tags and the rain with 2
 * decimals, and "Exportar" writing those rows to .xlsx.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import ExcelJS from 'exceljs';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { formatDate, formatDecimal } from '../../format';
import { LostDaysPage } from './dias-impraticaveis-page';
import { monthOf, type LostDays } from './api';

const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

const page = (query = '') =>
  renderViews({ schemas: [], path: `/101/diarios/impraticaveis${query}`, routes: <Route path="/:obra/diarios/impraticaveis" element={<LostDaysPage />} /> });

const answer = async (q: string) => (await (await t.mock.api.request(`/api/v1/obras/101/dias-impraticaveis${q}`, { as: ADMIN })).json()) as LostDays;

const statistic = async (name: string) => within(await screen.findByRole('region', { name }, T)).getByText(/^\d+$/).textContent;

afterEach(() => vi.restoreAllMocks());

describe('impracticable days screen', { timeout: 120_000 }, () => {
  it('shows the totals and the list of the period, each date linking to its report', async () => {
    const q = '?de=2025-01-01&ate=2025-07-31';
    const a = await answer(q);
    expect(a.lista.length).toBeGreaterThan(2);
    page(q);
    await waitFor(async () => expect(await statistic('Dias com turno impraticável')).toBe(String(a.dias)), T);
    expect(await statistic('Turnos impraticáveis')).toBe(String(a.turnos));
    expect(await statistic('Dias inteiros impraticáveis')).toBe(String(a.diasInteiros));
    expect(a.diasInteiros).toBeGreaterThan(0);
    const asked = t.requests.filter((r) => r.url.pathname === '/api/v1/obras/101/dias-impraticaveis');
    expect(
      asked.map((r) => [r.url.searchParams.get('de'), r.url.searchParams.get('ate')]),
      JSON.stringify(t.requests.map((r) => r.url.href)),
    ).toContainEqual(['2025-01-01', '2025-07-31']);

    const list = screen.getByRole('region', { name: 'Diários com turno impraticável' });
    const whole = a.lista.find((d) => d.turnos.length === 2)!;
    const link = within(list).getByRole('link', { name: formatDate(whole.data) });
    expect(link).toHaveAttribute('href', `/diarios/${whole.id}`);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Manhã')).toBeInTheDocument();
    expect(within(row).getByText('Tarde')).toBeInTheDocument();
    expect(within(row).getByText(`${formatDecimal(whole.chuvaMm, 2)}`)).toBeInTheDocument();
    expect(within(row).getByText(/Tarde: Tempestade/)).toBeInTheDocument();
    expect(within(list).getAllByRole('row')).toHaveLength(Math.min(a.lista.length, 31) + 1);
  });

  it('opens on the current month and offers the last month with impracticable days', async () => {
    page();
    const month = monthOf();
    const input = (await screen.findByPlaceholderText('Início', {}, T)) as HTMLInputElement;
    expect(input.value).toBe(formatDate(month.de));
    expect((screen.getByPlaceholderText('Fim') as HTMLInputElement).value).toBe(formatDate(month.ate));
    await screen.findByText(`Nenhum dia impraticável entre ${formatDate(month.de)} e ${formatDate(month.ate)}.`, {}, T);
    const all = await answer('');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`último em ${formatDate(all.ultimoDia!).replace(/\//g, '\\/')}`) }));
    const jump = monthOf(all.ultimoDia!);
    await waitFor(() => expect((screen.getByPlaceholderText('Início') as HTMLInputElement).value).toBe(formatDate(jump.de)), T);
    const list = await screen.findByRole('region', { name: 'Diários com turno impraticável' }, T);
    await within(list).findByRole('link', { name: formatDate(all.ultimoDia!) }, T);
  });

  it('"Exportar" writes the rows of the period to an .xlsx file', async () => {
    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: (b: Blob) => (blobs.push(b), 'blob:x') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const q = '?de=2025-03-01&ate=2025-07-31';
    const a = await answer(q);
    page(q);
    const button = await screen.findByRole('button', { name: /Exportar/ }, T);
    await waitFor(() => expect(button).toBeEnabled(), T);
    fireEvent.click(button);
    await waitFor(() => expect(blobs).toHaveLength(1), T);
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0]);
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    const ws = wb.getWorksheet('Dias impraticáveis')!;
    const dates: string[] = [];
    ws.eachRow((row, n) => {
      const v = row.getCell(1).value;
      if (n > 1 && v instanceof Date) dates.push(v.toISOString().slice(0, 10));
    });
    expect(dates).toEqual(a.lista.map((d) => d.data));
    await screen.findByText(`Planilha dias-impraticaveis-101-${a.de}-a-${a.ate}.xlsx gerada.`, {}, T);
  });
});
