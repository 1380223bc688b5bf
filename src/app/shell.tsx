/**
 * What the entry renders: the root frame (loading overlay, toasts, help banner) and the router.
 * Public routes render their lazy page directly; every other path loads the signed-in app
 * (Refine, its providers, the guard and the layouts: src/app/App.tsx) as one lazy chunk, after
 * Amplify is configured.
 */
import { lazy, Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { Spin } from 'antd';
import { prepareAuth } from './auth/auth-actions';
import { PUBLIC_ROUTES, publicElement } from './public-routes';
import { RootShell } from './root/root-frame';

const AuthenticatedApp = lazy(() => Promise.all([import('./App'), prepareAuth()]).then(([m]) => ({ default: m.AuthenticatedApp })));

function Suspended() {
  return (
    <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '20vh auto' }} aria-label="Carregando" />}>
      <Outlet />
    </Suspense>
  );
}

export function ShellRoutes() {
  return (
    <Routes>
      <Route element={<Suspended />}>
        {PUBLIC_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={publicElement(r)} />
        ))}
        <Route path="*" element={<AuthenticatedApp />} />
      </Route>
    </Routes>
  );
}

export function Shell() {
  return (
    <BrowserRouter>
      <RootShell>
        <ShellRoutes />
      </RootShell>
    </BrowserRouter>
  );
}
