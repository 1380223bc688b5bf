/**
 * The start section of each kind of external person (decision 29), against the real API in-process:
 * the law firm's cases with "Enviar documento", the supplier's SGI records and portal entries, the
 * client's sites and the documents waiting for its approval.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { PortalUser } from '../../access/user';
import { currentLocation, renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { StartSection } from './start-pages';

const T = { timeout: 20_000 };
const t = useInProcessApi('escritorio@portal.local');

/** The signed-in person as the API describes them (GET /api/v1/me), their ability built from it like the app does. */
const start = async (email: string) => {
  t.mock.setUser(email);
  const user = (await (await t.mock.api.request('/api/v1/me', { as: email })).json()).user as PortalUser;
  return renderViews({ schemas: [], path: '/obras', user, routes: <Route path="*" element={<StartSection user={user} />} /> });
};

describe('start pages', () => {
  it("the law firm starts on its cases; each offers 'Enviar documento' with the case filled in", async () => {
    await start('escritorio@portal.local');
    const region = await screen.findByRole('region', { name: 'Seus processos' }, T);
    await waitFor(() => expect(region.querySelectorAll('.ant-table-row').length).toBeGreaterThan(0), T);
    const rows = [...region.querySelectorAll<HTMLElement>('.ant-table-row')];
    for (const row of rows) expect(within(row).getByRole('link', { name: /^Enviar documento: processo / })).toBeInTheDocument();
    const listed = t.requests.find((r) => r.url.pathname === '/api/v1/processos-juridicos')!;
    expect(listed).toBeDefined();
    fireEvent.click(within(rows[0]).getByRole('link', { name: /^Enviar documento/ }));
    await waitFor(() => expect(currentLocation.pathname).toBe('/juridico/enviarDocumentos/documento'), T);
    expect(currentLocation.search).toMatch(/^\?processo=\d+$/);
  });

  it('the supplier starts on its SGI records and its supplier-portal entries', async () => {
    await start('fornecedor@portal.local');
    const sgi = await screen.findByRole('region', { name: 'Seus registros SGI' }, T);
    const portal = screen.getByRole('region', { name: 'Portal do fornecedor' });
    await waitFor(() => expect(sgi.querySelectorAll('.ant-list-item a').length).toBeGreaterThan(0), T);
    await waitFor(() => expect(portal.querySelectorAll('.ant-list-item a').length).toBeGreaterThan(0), T);
    expect(within(sgi).getAllByRole('link')[0].getAttribute('href')).toMatch(/^\/tickets-sgi\/\d+$/);
    expect(within(portal).getAllByRole('link')[0].getAttribute('href')).toMatch(/^\/portal-fornecedor\/\d+$/);
  });

  it('the client starts on its sites and the documents waiting for its approval', async () => {
    await start('cliente@portal.local');
    const sites = await screen.findByRole('region', { name: 'Suas obras' }, T);
    await waitFor(
      () =>
        expect(
          within(sites)
            .getAllByRole('link')
            .map((a) => a.getAttribute('href')),
        ).toEqual(['/obras/101']),
      T,
    );
    const waiting = screen.getByRole('region', { name: 'Aguardando sua aprovação' });
    await waitFor(() => expect(waiting.querySelectorAll('.ant-list-item').length).toBeGreaterThan(0), T);
    expect(within(waiting).getAllByText(/Obra 101/).length).toBeGreaterThan(0);
    // Decision 30: its sites' open post-sales tickets, each opening the ticket page.
    const tickets = screen.getByRole('region', { name: 'Seus tickets de pós-venda em aberto' });
    await waitFor(() => expect(within(tickets).getAllByRole('link').length).toBeGreaterThan(0), T);
    for (const a of within(tickets).getAllByRole('link')) expect(a.getAttribute('href')).toMatch(/^\/posvendas\/\d+$/);
    expect(within(tickets).queryByText('Concluído')).toBeNull();
  });

  it('staff have no start section (the module cards are their start)', async () => {
    const { container } = await start('sm@portal.local');
    expect(container.textContent).toBe('');
  });
});
