/**
 * The router, generated from the route table: public routes outside the guard, every other
 * route inside the navigation guard and its layout. Routes flagged `notBuilt` are not routed
 * (the guard sends them, like any unknown path, to /404).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router';
import { fillPath, ROUTED, routesOfLayout } from '../../resources/routes';
import type { AppRoute, LayoutKind } from '../../resources/routes/types';
import { RefineNavigationGuard } from './guard/navigation-guard';
import { PortalLayout } from './layouts/portal-layout';
// What the feature modules register with the engine: view overrides (RDO, legal case, supplier SGI
// screens) and the buttons and inputs the generic views show.
import './modules/register';
import { Loading } from './views/loading';

// Status pages (antd Result and its illustrations) load only when shown.
const ForbiddenPage = lazy(() => import('./pages/status-pages').then((m) => ({ default: m.ForbiddenPage })));
const NotFoundPage = lazy(() => import('./pages/status-pages').then((m) => ({ default: m.NotFoundPage })));
const ObraInacessivelPage = lazy(() => import('./pages/status-pages').then((m) => ({ default: m.ObraInacessivelPage })));
const ManutencaoPage = lazy(() => import('./pages/status-pages').then((m) => ({ default: m.ManutencaoPage })));
const EntityPage = lazy(() => import('./pages/entity-page').then((m) => ({ default: m.EntityPage })));
const HomePage = lazy(() => import('./pages/home').then((m) => ({ default: m.HomePage })));
const SiteHomePage = lazy(() => import('./pages/site-home').then((m) => ({ default: m.SiteHomePage })));
const OrdensServicoPage = lazy(() => import('./pages/ordens-servico').then((m) => ({ default: m.OrdensServicoPage })));
const SitePeoplePage = lazy(() => import('./modules/site-users/site-people-page').then((m) => ({ default: m.SitePeoplePage })));
const LibraryPage = lazy(() => import('./modules/biblioteca/biblioteca-page').then((m) => ({ default: m.LibraryPage })));
const GalleryPage = lazy(() => import('./modules/galeria/galeria-page').then((m) => ({ default: m.GalleryPage })));
const PlanViewerPage = lazy(() => import('./modules/plantas/plan-viewer-page').then((m) => ({ default: m.PlanViewerPage })));
const ChecklistFillPage = lazy(() => import('./modules/checklist/checklist-fill-page').then((m) => ({ default: m.ChecklistFillPage })));
const EapPage = lazy(() => import('./modules/eap/eap-page').then((m) => ({ default: m.EapRoutePage })));
const DashboardPage = lazy(() => import('./modules/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const SchedulePage = lazy(() => import('./modules/schedule/schedule-page').then((m) => ({ default: m.SchedulePage })));
const PendenciasPage = lazy(() => import('./modules/pendencias/pendencias-page').then((m) => ({ default: m.PendenciasPage })));
const AcaoEmailPage = lazy(() => import('./modules/acao-email/acao-email-page').then((m) => ({ default: m.AcaoEmailPage })));
const SurveyPage = lazy(() => import('./modules/pesquisa-satisfacao/pesquisa-satisfacao-page').then((m) => ({ default: m.SurveyPage })));
const VerifyPage = lazy(() => import('./modules/verificar/verify-page').then((m) => ({ default: m.VerifyPage })));
const EthicsReportPage = lazy(() => import('./modules/etica/report-page').then((m) => ({ default: m.ReportPage })));
const EthicsFollowUpPage = lazy(() => import('./modules/etica/follow-up-page').then((m) => ({ default: m.FollowUpPage })));
const EthicsPosterPage = lazy(() => import('./modules/etica/poster-page').then((m) => ({ default: m.PosterPage })));
const DeviceListPage = lazy(() => import('./modules/aparelho/device-list-page').then((m) => ({ default: m.DeviceListPage })));
const DeviceRecordPage = lazy(() => import('./modules/aparelho/device-record-page').then((m) => ({ default: m.DeviceRecordPage })));
const LostDaysPage = lazy(() => import('./modules/dias-impraticaveis/dias-impraticaveis-page').then((m) => ({ default: m.LostDaysPage })));
const RdoConfigPage = lazy(() => import('./modules/rdo/rdo-config-page').then((m) => ({ default: m.RdoConfigPage })));
const DocumentTreePage = lazy(() => import('./modules/document-tree/document-tree-page').then((m) => ({ default: m.DocumentTreePage })));
const PendingCompaniesPage = lazy(() => import('./modules/empresa/pending-companies-page').then((m) => ({ default: m.PendingCompaniesPage })));
const AuditPage = lazy(() => import('./modules/auditoria/audit-page').then((m) => ({ default: m.AuditPage })));
const TrashPage = lazy(() => import('./modules/lixeira/trash-page').then((m) => ({ default: m.TrashPage })));
const SearchPage = lazy(() => import('./modules/busca/search-page').then((m) => ({ default: m.SearchPage })));
const ImportsPage = lazy(() => import('./modules/importacao/imports-page').then((m) => ({ default: m.ImportsPage })));
const SettingsPage = lazy(() => import('./modules/configuracoes/settings-page').then((m) => ({ default: m.SettingsPage })));
const MaintenanceAdminPage = lazy(() => import('./modules/manutencao/maintenance-admin-page').then((m) => ({ default: m.MaintenanceAdminPage })));
const ServiceAccountsPage = lazy(() => import('./modules/contas-servico/service-accounts-page').then((m) => ({ default: m.ServiceAccountsPage })));
const WebhooksPage = lazy(() => import('./modules/webhooks/webhooks-page').then((m) => ({ default: m.WebhooksPage })));
const ApiReferencePage = lazy(() => import('./modules/api-reference/api-reference-page').then((m) => ({ default: m.ApiReferencePage })));
const SchemaConfigPage = lazy(() => import('./modules/schema-config/schema-config-page').then((m) => ({ default: m.SchemaConfigPage })));
const VencimentosPage = lazy(() => import('./modules/seguros/vencimentos-page').then((m) => ({ default: m.VencimentosPage })));
const VersoesSistemaPage = lazy(() => import('./root/versoes-sistema-page').then((m) => ({ default: m.VersoesSistemaPage })));
const AuthPages = {
  LoginPage: lazy(() => import('./auth/pages').then((m) => ({ default: m.LoginPage }))),
  PrimeiroLoginPage: lazy(() => import('./auth/pages').then((m) => ({ default: m.PrimeiroLoginPage }))),
  AcessoFederadoPage: lazy(() => import('./auth/pages').then((m) => ({ default: m.AcessoFederadoPage }))),
  EsqueciSenhaPage: lazy(() => import('./auth/pages').then((m) => ({ default: m.EsqueciSenhaPage }))),
  PerfilPage: lazy(() => import('./auth/pages').then((m) => ({ default: m.PerfilPage }))),
};

function RouteLoading() {
  return <Loading size="large" style={{ margin: '20vh auto' }} />;
}

/** A route that leads elsewhere, with its params (`/contratos/7` → `/contrato/7`) and query. */
function RedirectRoute({ to }: { to: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`${fillPath(to, params) ?? '/404'}${search}${hash}`} replace />;
}

/** The element of one route of the table. */
export function elementFor(route: AppRoute): ReactNode {
  if (route.redirect !== undefined) return <RedirectRoute to={route.redirect} />;
  if (route.entity && !route.screen) return <EntityPage route={route} />;
  switch (route.screen) {
    case 'home':
      return <HomePage />;
    case 'siteHome':
      return <SiteHomePage layout="site" />;
    case 'factoryHome':
      return <SiteHomePage layout="factory" />;
    case 'ordensServico':
      return <OrdensServicoPage />;
    case 'sitePeople':
      return <SitePeoplePage scope={route.layout === 'factory' ? 'fabricacao' : 'obra'} />;
    case 'versoesSistema':
      return <VersoesSistemaPage />;
    case 'apiReference':
      return <ApiReferencePage />;
    case 'empresasPendentes':
      return <PendingCompaniesPage />;
    case 'lixeira':
      return <TrashPage />;
    case 'busca':
      return <SearchPage />;
    case 'importacoes':
      return <ImportsPage />;
    case 'configuracoes':
      return <SettingsPage />;
    case 'manutencaoAdmin':
      return <MaintenanceAdminPage />;
    case 'contasServico':
      return <ServiceAccountsPage />;
    case 'webhooks':
      return <WebhooksPage />;
    case 'auditoria':
      return <AuditPage />;
    case 'pendencias':
      return <PendenciasPage />;
    case 'acaoEmail':
      return <AcaoEmailPage />;
    case 'eap':
      return <EapPage route={route} />;
    case 'checklistPreencher':
      return <ChecklistFillPage route={route} />;
    case 'biblioteca':
      return <LibraryPage />;
    case 'galeria':
      return <GalleryPage />;
    case 'plantaViewer':
      return <PlanViewerPage />;
    case 'diasImpraticaveis':
      return <LostDaysPage />;
    case 'noAparelho':
      return <DeviceListPage />;
    case 'noAparelhoRegistro':
      return <DeviceRecordPage />;
    case 'rdoConfig':
      return <RdoConfigPage />;
    case 'documentTree':
      return <DocumentTreePage />;
    case 'schemaConfig':
      return <SchemaConfigPage />;
    case 'calendar':
      return <SchedulePage />;
    case 'vencimentosSeguros':
      return <VencimentosPage />;
    case 'dashboard':
      return route.dashboard ? <DashboardPage route={route} /> : <Navigate to="/404" replace />;
    case 'perfil':
      return <AuthPages.PerfilPage />;
    case 'login':
      return <AuthPages.LoginPage />;
    case 'primeiroLogin':
      return <AuthPages.PrimeiroLoginPage />;
    case 'acessoFederado':
      return <AuthPages.AcessoFederadoPage />;
    case 'esqueciSenha':
      return <AuthPages.EsqueciSenhaPage />;
    case 'forbidden':
      return <ForbiddenPage />;
    case 'notFound':
      return <NotFoundPage />;
    case 'obraInacessivel':
      return <ObraInacessivelPage />;
    case 'manutencao':
      return <ManutencaoPage />;
    case 'pesquisa':
      return <SurveyPage />;
    case 'verificar':
      return <VerifyPage />;
    case 'canalEtica':
      return <EthicsReportPage />;
    case 'canalEticaAcompanhar':
      return <EthicsFollowUpPage />;
    case 'canalEticaCartaz':
      return <EthicsPosterPage />;
    default:
      // dashboards, calendars, configuration editors: not built (never routed).
      return <Navigate to="/404" replace />;
  }
}

const LAYOUTS: Exclude<LayoutKind, 'public'>[] = ['open', 'general', 'site', 'factory'];

function Suspended() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <Outlet />
    </Suspense>
  );
}

export function AppRoutes({ guard }: { guard?: (children: ReactNode) => ReactNode }) {
  const wrap = guard ?? ((children: ReactNode) => <RefineNavigationGuard>{children}</RefineNavigationGuard>);
  return (
    <Routes>
      <Route element={<Suspended />}>
        {routesOfLayout('public', ROUTED).map((r) => (
          <Route key={r.id} path={r.path || '/'} element={elementFor(r)} />
        ))}
      </Route>
      <Route element={wrap(<Outlet />)}>
        {LAYOUTS.map((layout) => (
          <Route
            key={layout}
            element={
              <PortalLayout layout={layout}>
                <Suspended />
              </PortalLayout>
            }
          >
            {routesOfLayout(layout, ROUTED).map((r) => (
              <Route key={r.id} path={r.path} element={elementFor(r)} />
            ))}
          </Route>
        ))}
        {/* Unknown paths: the guard (rule 6) redirects to /404. */}
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
