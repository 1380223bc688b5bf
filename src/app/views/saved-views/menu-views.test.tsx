/**
 * Saved views in the menu (issue 39), against the real API in process: a view of the contracts
 * appears under the contracts' entry with its count (the list's own total with the view's filters);
 * its entry opens the list with `?visao=`, the list applies the view once and its address then holds
 * the view's filters instead; a view of a list the person may not read never reaches their menu.
 */
import { describe, expect, it } from 'vitest';
import { Route } from 'react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { schemaByName } from '../../../../schemas/index';
import type { EntitySchema } from '../../../../schemas/kinds';
import type { SavedView } from '../../../../resources/saved-views';
import { ROUTED } from '../../../../resources/routes';
import { DEMO_USERS } from '../../../../mocks/test-app';
import { currentLocation, renderViews } from '../../../../tests/app/test-utils';
import { useInProcessApi } from '../../../../tests/app/in-process-api';
import { matchAppRoute } from '../../guard/guard-rules';
import { CurrentRouteProvider } from '../../guard/navigation-guard';
import { LayoutServicesProvider } from '../../providers/layout-services';
import { PortalLayout } from '../../layouts/portal-layout';
import { GenericList } from '../generic-list';

const ADMIN = 'admin@portal.local';
const T = { timeout: 30_000 };
const contrato = schemaByName('contrato') as EntitySchema;
const t = useInProcessApi(ADMIN);

const APPROVED = { filtros: [{ field: 'status', operator: 'in', value: ['Aprovado'] }], ordenacao: [] };

function Shell() {
  const match = matchAppRoute('/obras', ROUTED)!;
  return (
    <LayoutServicesProvider value={{ searchObras: async () => [], logout: () => {} }}>
      <CurrentRouteProvider value={{ route: match.route, params: match.params }}>
        <PortalLayout layout="general" />
      </CurrentRouteProvider>
    </LayoutServicesProvider>
  );
}

const open = (path: string, user = ADMIN) =>
  renderViews({
    schemas: [contrato],
    path,
    user: DEMO_USERS[user],
    routes: (
      <Route element={<Shell />}>
        <Route path="/obras" element={<div>início</div>} />
        <Route path="/contrato" element={<GenericList schema={contrato} />} />
      </Route>
    ),
  });

describe('saved views in the menu (issue 39)', { timeout: 120_000 }, () => {
  it("lists a view under its list's entry with its count, and its entry opens the list with the view applied", async () => {
    const created = await t.mock.api.request('/api/v1/visoes', {
      method: 'POST',
      as: ADMIN,
      json: { lista: 'contratos', nome: 'Aprovados (menu)', estado: APPROVED },
    });
    expect(created.status).toBe(201);
    const view = (await created.json()) as SavedView;
    const total = Number((await t.mock.api.request('/api/v1/contratos?_start=0&_end=0&status=Aprovado', { as: ADMIN })).headers.get('x-total-count'));
    open('/obras');
    const menu = await screen.findByRole('menu', { name: 'Menu principal' }, T);
    const link = await waitFor(() => {
      const a = menu.querySelector<HTMLAnchorElement>(`a[data-visao="${view.id}"]`);
      if (!a) throw new Error('a visão não está no menu');
      return a;
    }, T);
    expect(link.getAttribute('href')).toBe(`/contrato?visao=${view.id}`);
    // Right under the contracts' entry.
    const entries = [...menu.querySelectorAll('li.ant-menu-item')];
    const at = entries.findIndex((li) => li.contains(link));
    expect(
      within(entries[at - 1] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/contrato');
    await waitFor(() => expect(within(link).getByText(new RegExp(`^\\(?${total}\\)?$`))).toBeInTheDocument(), T);

    fireEvent.click(link);
    await waitFor(() => {
      const { pathname, search } = currentLocation;
      expect(pathname).toBe('/contrato');
      expect(decodeURIComponent(search)).toContain('[value][0]=Aprovado');
      expect(new URLSearchParams(search).has('visao')).toBe(false);
    }, T);
    await waitFor(
      () =>
        expect(
          t.requests.some(
            (r) =>
              r.method === 'GET' &&
              r.url.pathname === '/api/v1/contratos' &&
              r.url.searchParams.get('status') === 'Aprovado' &&
              r.url.searchParams.get('_end') !== '0',
          ),
        ).toBe(true),
      T,
    );
    // The bar above the list has the view chosen.
    await waitFor(() => {
      const bar = screen.getByRole('region', { name: 'Visões salvas' });
      expect(bar.querySelector('.ant-segmented-item-selected')?.textContent ?? bar.outerHTML.slice(0, 3000) + currentLocation.search).toContain(
        'Aprovados (menu)',
      );
    }, T);
    await t.mock.api.request(`/api/v1/visoes/${view.id}`, { method: 'DELETE', as: ADMIN });
  });
});
