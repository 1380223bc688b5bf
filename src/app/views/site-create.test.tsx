/**
 * "Novo" on a site's list opens the create form with that site (site-create.ts and the generated
 * create route's `?obra` prefill): the real route declarations, against the real API in-process.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { schemaByName } from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/kinds';
import { APP_ROUTES, entityPaths } from '../../../resources/routes';
import { currentLocation, renderViews } from '../../../tests/app/test-utils';
import { useInProcessApi } from '../../../tests/app/in-process-api';
import { DEMO_USERS } from '../../../mocks/test-app';
import { EntityPage } from '../pages/entity-page';

const ADMIN = 'admin@portal.local';
const T = { timeout: 45_000 };
useInProcessApi(ADMIN);
const item = schemaByName('itemVerificacao') as EntitySchema;
const routeAt = (path: string) => APP_ROUTES.find((r) => r.path === path)!;

describe('"Novo" on a site list', { timeout: 120_000 }, () => {
  it('opens the create form with the site of the list, locked', async () => {
    const siteList = routeAt('/obras/:obra/itens-verificacao');
    const create = routeAt(entityPaths(item).create);
    expect(create.entity).toMatchObject({ view: 'create', prefill: { obra: '?obra' } });
    renderViews({
      schemas: [item],
      path: '/obras/101/itens-verificacao',
      user: DEMO_USERS[ADMIN],
      routes: (
        <>
          <Route path={siteList.path} element={<EntityPage route={siteList} />} />
          <Route path={create.path} element={<EntityPage route={create} />} />
        </>
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Novo/ }, T));
    await waitFor(() => expect(`${currentLocation.pathname}${currentLocation.search}`).toBe(`${entityPaths(item).create}?obra=101`), T);
    const site = await screen.findByLabelText('Obra', {}, T);
    // The site comes from the list and is locked, like any value a route prefills.
    await waitFor(() => expect(site.closest('.ant-select')).toHaveClass('ant-select-disabled'), T);
    expect(site.closest('.ant-select')!.textContent).toContain('101');
  });
});
