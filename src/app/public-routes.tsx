/**
 * The public routes (docs/specification.md §2 "Public routes") as the entry renders them: without Refine, the
 * admin layout or the route table (which pulls every schema), each page a lazy chunk.
 *
 * The list mirrors `routesOfLayout('public', ROUTED)` of resources/routes (a test keeps the two
 * equal). A public route missing here still works — the signed-in app's router renders it too —
 * but it then loads the whole admin shell first.
 */
import { lazy, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { PublicRoute } from './public-paths';

const LoginPage = lazy(() => import('./auth/pages/login-page'));
const PrimeiroLoginPage = lazy(() => import('./auth/pages/primeiro-login-page'));
const AcessoFederadoPage = lazy(() => import('./auth/pages/acesso-federado-page'));
const EsqueciSenhaPage = lazy(() => import('./auth/pages/esqueci-senha-page'));
const status = (name: 'ForbiddenPage' | 'NotFoundPage' | 'ObraInacessivelPage' | 'ManutencaoPage') =>
  lazy(() => import('./pages/status-pages').then((m) => ({ default: m[name] as ComponentType })));
const ForbiddenPage = status('ForbiddenPage');
const NotFoundPage = status('NotFoundPage');
const ObraInacessivelPage = status('ObraInacessivelPage');
const ManutencaoPage = status('ManutencaoPage');
const SurveyPage = lazy(() => import('./modules/pesquisa-satisfacao/pesquisa-satisfacao-page').then((m) => ({ default: m.SurveyPage })));
const VerifyPage = lazy(() => import('./modules/verificar/verify-page').then((m) => ({ default: m.VerifyPage })));
const ReportPage = lazy(() => import('./modules/etica/report-page').then((m) => ({ default: m.ReportPage })));
const FollowUpPage = lazy(() => import('./modules/etica/follow-up-page').then((m) => ({ default: m.FollowUpPage })));
const PosterPage = lazy(() => import('./modules/etica/poster-page').then((m) => ({ default: m.PosterPage })));

// The list and `isPublicPath` live in public-paths.ts (the root frame asks it without the screens);
// importers keep using this module.
export { PUBLIC_ROUTES, isPublicPath, type PublicRoute } from './public-paths';

/** Page components of the public screens (add a public screen here and in PUBLIC_ROUTES). */
export const PUBLIC_SCREENS: Record<string, ComponentType> = {
  login: LoginPage,
  primeiroLogin: PrimeiroLoginPage,
  acessoFederado: AcessoFederadoPage,
  esqueciSenha: EsqueciSenhaPage,
  forbidden: ForbiddenPage,
  notFound: NotFoundPage,
  obraInacessivel: ObraInacessivelPage,
  manutencao: ManutencaoPage,
  pesquisa: SurveyPage,
  verificar: VerifyPage,
  canalEtica: ReportPage,
  canalEticaAcompanhar: FollowUpPage,
  canalEticaCartaz: PosterPage,
};

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | Portal`;
  }, [title]);
  return <>{children}</>;
}

export function publicElement(route: PublicRoute): ReactNode {
  if (route.redirect !== undefined) return <Navigate to={route.redirect} replace />;
  const Page = route.screen ? PUBLIC_SCREENS[route.screen] : undefined;
  if (!Page) return <Navigate to="/404" replace />;
  return (
    <Titled title={route.title}>
      <Page />
    </Titled>
  );
}
