/**
 * Test wrapper: renders the views of some schemas (with the feature modules' extensions of the
 * generic views registered, src/app/modules/extensions.ts) inside Refine (the app's data provider on
 * http://localhost/api/v1, react-router in a MemoryRouter, antd pt_BR, and the app's notification
 * provider with its toast stack, as app.tsx wires them) at a given path.
 * Routes per schema: /<resource>, /<resource>/create, /<resource>/show/:id, /<resource>/edit/:id,
 * plus any extra `routes` (other pages under test).
 */
import React from 'react';
import { render, type RenderResult } from '@testing-library/react';
// The same react-router module instance @refinedev/react-router uses under vitest: Node loads it
// natively as ESM (index.mjs), while a bare 'react-router' import from a test resolves to the CJS
// build (dual package hazard), which would give two router contexts.
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Refine, type AuthProvider, type DataProvider } from '@refinedev/core';
import { ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import type { EntitySchema } from '../../schemas/kinds';
import { createDataProvider } from '../../src/app/providers/data-provider';
import { routerProvider } from '../../src/app/providers/router-provider';
import { viewsFor } from '../../src/app/views/index';
import { ToastStack } from '../../src/app/root/toast-stack';
import { toastStore } from '../../src/app/providers/toast-store';
import { notificationProvider } from '../../src/app/providers/notification-provider';
import type { PortalUser } from '../../src/access/user';
import { defineAbilityFor } from '../../src/access/ability';
import { StaticAbilityProvider } from '../../src/app/access/ability-context';
// The feature modules' buttons and inputs in the generic views, as the app registers them
// (view overrides stay opt-in: a test imports a module's register.ts itself).
import '../../src/app/modules/extensions';

export const TEST_API_URL = 'http://localhost/api/v1';

export function resourcesFor(schemas: EntitySchema[]) {
  return schemas.map((s) => ({
    name: s.resource,
    list: `/${s.resource}`,
    create: `/${s.resource}/create`,
    show: `/${s.resource}/show/:id`,
    edit: `/${s.resource}/edit/:id`,
    meta: { label: s.labelPlural, canDelete: true },
  }));
}

/** Current router location, for assertions on the URL (filters/sort kept in the query). */
export const currentLocation: { pathname: string; search: string } = { pathname: '', search: '' };

function LocationProbe(): null {
  const loc = useLocation();
  currentLocation.pathname = loc.pathname;
  currentLocation.search = loc.search;
  return null;
}

export interface RenderViewsOptions {
  schemas: EntitySchema[];
  /** Initial URL, e.g. '/obras' or '/obras/edit/3'. */
  path: string;
  dataProvider?: DataProvider;
  /** Extra <Route> elements, e.g. a page that is not a schema view. */
  routes?: React.ReactNode;
  /** Signed-in user whose ability the views see (default: no ability, as before sign-in). */
  user?: PortalUser;
  /** Refine's auth provider (default: none, so no identity). */
  authProvider?: AuthProvider;
}

export function renderViews({ schemas, path, dataProvider, routes, user, authProvider }: RenderViewsOptions): RenderResult {
  toastStore.clear(); // the app's toasts (Refine's notifications and notify()) are shown by the stack below, one test at a time
  const dp = dataProvider ?? createDataProvider(TEST_API_URL);
  const tree = renderTree(schemas, path, dp, routes, authProvider);
  return render(
    user ? (
      <StaticAbilityProvider ability={defineAbilityFor(user)} user={user}>
        {tree}
      </StaticAbilityProvider>
    ) : (
      tree
    ),
  );
}

function renderTree(schemas: EntitySchema[], path: string, dp: DataProvider, routes: React.ReactNode, authProvider?: AuthProvider): React.ReactElement {
  return (
    <MemoryRouter initialEntries={[path]}>
      <ConfigProvider locale={ptBR}>
        <Refine
          notificationProvider={notificationProvider}
          dataProvider={dp}
          authProvider={authProvider}
          routerProvider={routerProvider}
          resources={resourcesFor(schemas)}
          options={{
            syncWithLocation: true,
            disableTelemetry: true,
            warnWhenUnsavedChanges: false,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <LocationProbe />
          <Routes>
            {schemas.map((s) => {
              const v = viewsFor(s);
              return (
                <Route key={s.resource} path={`/${s.resource}`}>
                  <Route index element={<v.list />} />
                  <Route path="create" element={<v.create />} />
                  <Route path="show/:id" element={<v.show />} />
                  <Route path="edit/:id" element={<v.edit />} />
                </Route>
              );
            })}
            {routes}
          </Routes>
        </Refine>
        <ToastStack />
      </ConfigProvider>
    </MemoryRouter>
  );
}
