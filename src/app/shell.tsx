/**
 * What the entry renders: the root frame (loading overlay, toasts, help banner) and the router.
 * Public routes render their lazy page directly; every other path loads the signed-in app
 * (Refine, its providers, the guard and the layouts: src/app/app.tsx) as one lazy chunk. Amplify is
 * not part of it: the app reads the stored token and loads Amplify only to refresh it or sign out.
 * A plan sheet's address opened cold shows the sheet kept on the device while the app loads
 * (modules/plantas/early-sheet-splash.tsx).
 */
import { lazy, Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { EarlySheetSplash } from './modules/plantas/early-sheet-splash';
import { PUBLIC_ROUTES, publicElement } from './public-routes';
import { RootShell } from './root/root-frame';
import { Loading } from './views/loading';

const AuthenticatedApp = lazy(() => import('./app').then((m) => ({ default: m.AuthenticatedApp })));

function Suspended() {
  return (
    <Suspense fallback={<Loading size="large" style={{ margin: '20vh auto' }} />}>
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
        <EarlySheetSplash />
      </RootShell>
    </BrowserRouter>
  );
}
