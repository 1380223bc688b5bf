/**
 * "Vencimentos de apólices" (/seguros/vencimentos) against the real API in-process, on the demo
 * data (src/server/seed/demo-seguros.ts): the policies past their end or ending within 60 days
 * grouped by their `vencimento`, by date, with pt-BR dates and links to each policy (both kinds of
 * insurance), filtered by group; the month in the address with its calendar and list; and the
 * menu entry only for people with the SEGUROS subject.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { defineAbilityFor } from '../../../access/ability';
import type { PortalUser } from '../../../access/user';
import { buildMenu } from '../../layouts/menu';
import { formatDate } from '../../format';
import { VencimentosPage } from './vencimentos-page';

const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const t = useInProcessApi(ADMIN);

type Rec = Record<string, unknown> & { id: number };
const get = async (path: string, as = ADMIN) => (await (await t.mock.api.request(path, { as })).json()) as unknown;
const me = async (email: string) => ((await get('/api/v1/me', email)) as { user: PortalUser }).user;
const obraTitle = (p: Rec) => (p._titles as { obra: { title: string } }).obra.title;
const policy = async (resource: string, numero: string) => ((await get(`/api/v1/${resource}?numeroApolice=${encodeURIComponent(numero)}`)) as Rec[])[0];

const page = async (query = '') =>
  renderViews({
    schemas: [],
    path: `/seguros/vencimentos${query}`,
    routes: <Route path="/seguros/vencimentos" element={<VencimentosPage />} />,
    user: await me(ADMIN),
  });

/** The policy numbers of a group, in the order shown. */
const numbersIn = (group: HTMLElement) =>
  within(group)
    .getAllByRole('listitem')
    .map((li) => within(li).getByRole('link').textContent);

describe('"Vencimentos de apólices"', { timeout: 120_000 }, () => {
  it('groups the policies past their end or ending soon, by date, with pt-BR dates, and filters a group', async () => {
    const soon = await policy('seguros', '01.67.0021877');
    const late = await policy('seguros', '01.67.0012345');
    const old = await policy('seguros', 'RE-611.054');
    const plena = await policy('seguros-pleno', 'OP-2025-0042');
    expect(soon).toMatchObject({ status: 'Vigente', vencimento: 'A vencer em até 30 dias' });
    for (const p of [late, old, plena]) expect(p.vencimento).toBe('Vencida');
    await page();

    const due = await screen.findByRole('region', { name: 'A vencer em até 30 dias' }, T);
    const link = within(due).getByRole('link', { name: '01.67.0021877' });
    expect(link).toHaveAttribute('href', `/seguros/${soon.id}`);
    const item = link.closest('li') as HTMLElement;
    expect(within(item).getByText(formatDate(soon.fimVigenciaAtual))).toBeInTheDocument();
    expect(formatDate(soon.fimVigenciaAtual)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(within(item).getByText(`Risco de engenharia · ${obraTitle(soon)}`)).toBeInTheDocument();

    const overdue = screen.getByRole('region', { name: 'Vencida' });
    // Both kinds of insurance, by end in force.
    expect(numbersIn(overdue)).toEqual(['RE-611.054', '01.67.0012345', 'OP-2025-0042']);
    expect(within(overdue).getByRole('link', { name: 'OP-2025-0042' })).toHaveAttribute('href', `/seguros-pleno/${plena.id}`);
    expect(within(overdue).getByText('30/06/2025')).toBeInTheDocument();
    expect(within(overdue).getByText('31/12/2025')).toBeInTheDocument();
    expect(within(overdue).getByText('22/05/2026')).toBeInTheDocument();
    // Not to act on: in force for long, a quote, renewed, cancelled.
    for (const n of ['01.67.0021450', 'RE-778.201', '01.67.0013377', 'RE-598.330']) expect(screen.queryByRole('link', { name: n })).toBeNull();
    expect(t.requests.some((r) => r.url.pathname === '/api/v1/seguros' && r.url.searchParams.getAll('vencimento').includes('Vencida'))).toBe(true);

    const filter = screen.getByRole('radiogroup', { name: 'Mostrar apólices' });
    expect(within(filter).getByText('Todas (4)')).toBeInTheDocument();
    fireEvent.click(within(filter).getByText('Até 30 dias (1)'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Vencida' })).toBeNull(), T);
    expect(numbersIn(screen.getByRole('region', { name: 'A vencer em até 30 dias' }))).toEqual(['01.67.0021877']);
    fireEvent.click(within(filter).getByText('Vencidas (3)'));
    await screen.findByRole('region', { name: 'Vencida' }, T);
    expect(screen.queryByRole('region', { name: 'A vencer em até 30 dias' })).toBeNull();
  });

  it('opens the month of the address: its calendar and its list of ends of validity', async () => {
    const late = await policy('seguros', '01.67.0012345');
    const quote = await policy('seguros', 'RE-778.201');
    await page('?mes=2025-12');
    const list = (await screen.findByText('Vencimentos de 12/2025', {}, T)).closest('.ant-card') as HTMLElement;
    const row = (await within(list).findByRole('link', { name: '01.67.0012345' }, T)).closest('tr') as HTMLElement;
    expect(within(row).getByText('31/12/2025')).toBeInTheDocument();
    expect(within(row).getByText('Vencida', { selector: 'td' })).toBeInTheDocument();
    expect(within(row).getByText(obraTitle(late))).toBeInTheDocument();
    const other = within(list).getByRole('link', { name: 'RE-778.201' }).closest('tr') as HTMLElement;
    expect(within(other).getByText('Em cotação')).toBeInTheDocument();
    expect(within(list).getAllByRole('row')).toHaveLength(3); // header + the two ending on 31/12/2025
    // The calendar's day links to each policy.
    expect(screen.getByRole('link', { name: 'Apólice 01.67.0012345 vence em 31/12/2025' })).toHaveAttribute('href', `/seguros/${late.id}`);
    expect(screen.getByRole('link', { name: 'Apólice RE-778.201 vence em 31/12/2025' })).toHaveAttribute('href', `/seguros/${quote.id}`);
    const asked = t.requests.filter((r) => r.url.pathname === '/api/v1/seguros' && r.url.searchParams.has('fimVigenciaAtual_gte'));
    expect(asked.map((r) => [r.url.searchParams.get('fimVigenciaAtual_gte'), r.url.searchParams.get('fimVigenciaAtual_lte')])).toContainEqual([
      '2025-11-24',
      '2026-01-14',
    ]);
  });

  it('is in the menu only for people with the SEGUROS subject', async () => {
    const paths = (u: PortalUser) =>
      buildMenu('general', defineAbilityFor(u), '101')
        .flatMap((g) => g.items)
        .map((i) => i.to);
    const admin = await me(ADMIN);
    expect(paths(admin)).toContain('/seguros/vencimentos');
    const base = { ...admin, email: 'leitor@empresa.com', username: 'leitor@empresa.com' };
    expect(paths({ ...base, roles: ['seguros'] })).toContain('/seguros/vencimentos');
    for (const roles of [[], ['contratos'], ['rdo_by_obra']]) expect(paths({ ...base, roles })).not.toContain('/seguros/vencimentos');
    // And the API refuses them the policies the page reads.
    t.mock.setUser('fornecedor@portal.local');
    const r = await t.mock.api.request('/api/v1/seguros', { as: 'fornecedor@portal.local' });
    expect(r.status).toBe(403);
  });
});
