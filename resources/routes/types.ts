/**
 * The route table's shape (docs/specification.md §2). Data only: no React, so the API, the app and
 * the tests read the same table.
 */
import type { Action, Subject } from '../../src/access/subjects';

export type LayoutKind = 'public' | 'open' | 'site' | 'general' | 'factory';
export type ViewKind = 'list' | 'show' | 'create' | 'edit';

/** A screen that is not a generated entity view. */
export type ScreenName =
  | 'home' // Início: greeting + module cards
  | 'siteHome' // /obras/:obra: the site's data and its modules
  | 'factoryHome' // /fabricacao/:obra: the manufacturing's data and its modules
  | 'ordensServico' // /:obra/ordensServico: field and automation work orders side by side
  | 'biblioteca' // /biblioteca, /obras/:obra/biblioteca: folder tree, access lists, files
  | 'galeria' // /obras/:obra/galeria: the site's photos as thumbnails, by date and source, with a lightbox
  | 'plantaViewer' // /obras/:obra/plantas/:folha: a plan sheet's PDF with its pins, filters and the site's sheets (issue 42)
  | 'checklistPreencher' // /:obra/checklist/:tipo/preencher: fill a checklist template's items for a work order (entity: the filled-checklist schema per tipo)
  | 'eap' // /:obra/field/config, /:obra/automacao/config: the site's EAP of the area (`entity` filters name it) edited as a tree
  | 'sitePeople' // /obras/:obra/usuarios/adicionar, /fabricacao/:obra/usuarios/adicionar: who has access, add and remove people
  | 'perfil'
  | 'versoesSistema'
  | 'apiReference' // /referencia-api: the API reference for staff, rendered from GET /api/v1/openapi.json
  | 'pendencias' // /pendencias: "Minhas pendências", the workflow steps waiting for the user
  | 'acaoEmail' // /acao-email/:token: confirmation of a workflow step from an e-mail button (signed link, sign-in required)
  | 'lixeira' // /lixeira: deleted records the person may restore (issue 35)
  | 'busca' // /busca: the search across every module, full results with module filters (issue 39)
  | 'importacoes' // /importacoes: the person's spreadsheet imports, their progress and results (issue 38)
  | 'configuracoes' // /admin/configuracoes: the portal settings administrators change (issue 35)
  | 'manutencaoAdmin' // /admin/manutencao: administrators put a module or the whole portal in maintenance (issue 40)
  | 'contasServico' // /admin/contas-servico(/:id): service accounts of other systems and their API keys (issue 41)
  | 'webhooks' // /admin/webhooks(/:id): signed webhooks to other systems and their delivery log (issue 41)
  | 'empresasPendentes' // /admin/empresas-pendentes: company texts the registry migration could not match (decision 29)
  | 'auditoria' // /admin/auditoria: the audit trail, filtered and exported (issue 35, decision 33)
  | 'login'
  | 'primeiroLogin'
  | 'esqueciSenha'
  | 'acessoFederado'
  | 'forbidden'
  | 'notFound'
  | 'obraInacessivel'
  | 'manutencao'
  | 'pesquisa' // /pesquisa/:token: the public satisfaction survey of a concluded post-sales ticket
  | 'verificar' // /verificar(/:codigo): the public check of a signed document's verification code
  | 'canalEtica' // /canal-etica: the public ethics channel, anyone reports without an account (issue 40)
  | 'canalEticaAcompanhar' // /canal-etica/acompanhar: a report followed up with its protocol and password
  | 'canalEticaCartaz' // /canal-etica/cartaz: the channel's printable poster with a QR code
  | 'dashboard' // dashboards, S-curves, calendars, configuration editors: not built yet
  | 'calendar'
  | 'config'
  | 'diasImpraticaveis' // /:obra/diarios/impraticaveis: the site's impracticable days in a period, with export (issue 26)
  | 'noAparelho' // /no-aparelho: what the person wrote on this device and the server does not have yet (issue 26)
  | 'noAparelhoRegistro' // /no-aparelho/:id: a conflict's merge screen or a refusal's reason
  | 'rdoConfig' // /:obra/diarios/configurar: the site's RDO configuration (entity configuracaoRdo), one record per site
  | 'documentTree' // /obra/documentacao: the default library tree of new sites (entity modeloDiretorio)
  | 'vencimentosSeguros' // /seguros/vencimentos: the calendar of the policies' ends of validity (issue 40)
  | 'schemaConfig'; // /admin/entidades(/:resource): run-time configuration of an entity's fields (issue 15)

export interface AccessCheck {
  subject: Subject;
  /** Decision 24: a rule that names only a subject is checked with `read` (already applied in the table). */
  action: Action;
  /**
   * The right on every record of the subject (a rule without conditions): a dashboard totals all of
   * them, so someone who reads only some (a client, its sites' tickets) does not get it.
   */
  every?: boolean;
}

/** Access rule of a route: allowed when the main check or any of `or` passes, and every one of `also`. */
export interface RouteAccess extends AccessCheck {
  or?: AccessCheck[];
  /** Checks that must hold as well (a screen that needs two subjects: the schedule reads RDOs and EAP items). */
  also?: AccessCheck[];
}

/**
 * A value taken from the URL: `':obra'` reads the route param `obra`, `'?categoria'`
 * reads the query string; anything else is a literal.
 */
export type ValueRef = string;

export interface RouteEntity {
  /** Schema name (`schemas/index.ts`). */
  name: string;
  view: ViewKind;
  /**
   * show/edit: where the record comes from. `param` names the route param; `field`
   * (default 'id') the schema field it matches, e.g. `{ param: 'obra', field: 'Id_Lista' }`.
   */
  record?: { param: string; field?: string };
  /** list: permanent filters (field → value), e.g. the site of a site route, an SGI area. */
  filters?: Record<string, ValueRef>;
  /** create: initial values (field → value), e.g. the site of a site route. */
  prefill?: Record<string, ValueRef>;
  /**
   * The entity (or its filters / initial values) depends on a route param, e.g. `:tipo` of
   * `/:obra/checklist/:tipo/preencher` (`field` or `automacao`). A value without a case falls
   * back to the fields above; when `name` is '' it is not found (404).
   */
  byParam?: { param: string; cases: Record<string, Partial<Pick<RouteEntity, 'name' | 'filters' | 'prefill'>>> };
}

export interface AppRoute {
  /** Unique key (also the React key). */
  id: string;
  /** Absolute react-router path (`:obra`, optional `:user?`). '' is the root. */
  path: string;
  title: string;
  /** antd icon component name (`@ant-design/icons`). */
  icon: string;
  breadcrumb: string;
  group: string;
  /** Shown in the menu of its layout (still filtered by the user's ability). */
  menu: boolean;
  /** Absent: any signed-in user (or anyone, for public routes). */
  access?: RouteAccess;
  /** The route works on a selected site ({obra} param, or `?obra=` when the path has no param). */
  obraObrigatoria: boolean;
  /** Flagged as in maintenance: the guard sends the user to /manutencao. */
  manutencao: boolean;
  layout: LayoutKind;
  entity?: RouteEntity;
  /** Its own screen; with `entity` too, the screen opens and `entity` names the schema it works on. */
  screen?: ScreenName;
  /** screen 'dashboard': the declared dashboard it shows (resources/dashboards). */
  dashboard?: string;
  /** Query parameters the route carries (e.g. the CRE `categoria`). */
  query?: Record<string, string>;
  /** Navigates elsewhere (e.g. '' → /obras). */
  redirect?: string;
  /** Its own screen (dashboard, calendar, editor) does not exist yet: out of the menu and the router. */
  notBuilt?: boolean;
  /** Declared by docs/specification.md §2 (false: a CRUD route generated for an entity the spec names without a route). */
  spec: boolean;
}
