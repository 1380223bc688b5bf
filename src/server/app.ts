import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import { HTTPException } from 'hono/http-exception';
import { packRules } from '@casl/ability/extra';
import type { EntitySchema } from '../../schemas/kinds';
import { defineAbilityFor, draftStatesOf, type AppAbility } from '../access/ability';
import type { PortalUser } from '../access/user';
import type { Db } from './db/connect';
import { crudRoutes } from './crud/routes';
import { pendenciasRoutes } from './workflow/pendencias-routes';
import { QueryError } from './crud/list-query';
import { ApiError, errorBody } from './http/errors';
import { lastResortError } from './http/last-resort';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './http/database-unavailable';
import { assertCleanPath } from './http/input-guards';
import { openApiHandler } from './openapi/routes';
import type { AppEnv } from './http/env';
import { fileRoutes } from './storage/routes';
import { peopleRoutes } from './people/routes';
import { StorageUnavailable, type FileStorage } from './storage/storage';
import type { IdentityAdmin } from './site-users/identity-admin';
import { ACCESS_REVOKED, withDirectoryAccess } from './site-users/directory';
import { usePoolRevocation } from './site-users/revocation';
import { withDelegation } from './delegation/absences';
import { sitePeopleRoutes } from './site-users/routes';
import { sitePeopleImportRoutes } from './site-people-import/routes';
import { scheduleRoutes } from './schedule/routes';
import { lostDaysRoutes } from './dias-impraticaveis/routes';
import { weatherRoutes } from './weather/routes';
import { rdoRoutes } from './rdo/routes';
import { signatureRoutes } from './signatures/routes';
import { ritRoutes } from './rit/routes';
import { creSheetRoutes, pinRoutes, punchReportRoutes, sheetThumbnailRoutes, siteSheetRoutes } from './plantas/routes';
import { verifyRoutes } from './signatures/verify-routes';
import { canonicalOrigin, securityFromEnv, type SecurityOptions } from './http/origins';
import { securityHeaders } from './http/security-headers';
import { apiCors } from './http/cors';
import { compressResponses } from './http/compress';
import { surveyRoutes } from './pesquisa-satisfacao/routes';
import { jsonBodyLimit } from './http/json-body-limit';
import { galleryRoutes } from './storage/galeria';
import { admission, type AdmissionOptions } from './http/admission';
import { apiRateLimit, type ApiRateLimitOptions } from './http/rate-limit';
import { SchemaRegistry } from './schema-config/registry';
import { schemaConfigRoutes } from './schema-config/routes';
import { slaRoutes } from './sla/routes';
import { pendingCompanyRoutes } from './modules/empresa-routes';
import { eapCodeRoutes } from './modules/eap-codigos';
import { checkHookRegistry } from './workflow/hooks';
import { emailActionRoutes } from './workflow/email-actions';
import { preferencesRoutes } from './preferencias/store';
import { pushRoutes } from './push/routes';
import { calendarFeedPublicRoutes, calendarFeedRoutes } from './calendar-feed/routes';
import { mfaFeature } from './mfa/routes';
import { settingsRoutes } from './settings/routes';
import { trashRoutes } from './trash/routes';
import type { EventHub } from './events/hub';
import { eventRoutes } from './events/routes';
import { calendarRoutes } from './sla/calendar-routes';
import { idempotency } from './idempotency';
import type { PoolStats } from './db/connect';
import { DRAINING_MESSAGE, healthRoutes } from './health/readiness';
import { metricsFromEnv, metricsHandler, type PortalMetrics } from './health/metrics';
import { logRequestError, requestContext, requestIdInErrors } from './http/request-context';
import { accessTracking } from './audit/access-tracking';
import { sessionsFeature } from './sessions/routes';
import { SESSION_TABLE } from './sessions/store';
import { auditFailureRoutes, auditRoutes } from './audit/routes';
import { maintenanceGuard, maintenancePublicRoutes, maintenanceRoutes } from './maintenance/routes';
import { importRoutes } from './import/routes';
import { materialItemsRoutes } from './import/material-items-routes';
import { searchRoutes } from './search/routes';
import { savedViewRoutes } from './saved-views/routes';
import { actorResolver } from './import/queue';
import { ethicsPublicRoutes, isEthicsPublicPath } from './ethics/public-routes';
import { ethicsThreadRoutes } from './ethics/staff-routes';
import { serviceAccountAuth } from './service-accounts/authenticate';
import { serviceAccountRoutes } from './service-accounts/routes';
import { webhookRoutes } from './webhooks/routes';
// The features' entity hooks, workflow guards and effects, and core tables (before any request).
import './modules/register';

export interface AppOptions {
  db: Db;
  schemas: EntitySchema[];
  /** Resolve the caller from the request (bearer token in production); null when anonymous. */
  authenticate: (c: Context) => Promise<PortalUser | null>;
  storage: FileStorage;
  version: string;
  environment?: 'prod' | 'dev';
  /** Public routes mounted before authentication (e.g. /config). */
  publicRoutes?: (api: Hono<AppEnv>) => void;
  /** The user pool's administration (people of a site); without it those routes are absent. */
  identityAdmin?: IdentityAdmin;
  /** The portal's origins and the identity endpoints (CORS, CSP, redirects); default from the environment. */
  security?: SecurityOptions;
  /** Bounded queue in front of the API's database work (503 + Retry-After past it); none when absent. */
  admission?: AdmissionOptions;
  /** Requests per minute per person / anonymous address, counted in a shared store (429 past it); none when absent. */
  rateLimit?: ApiRateLimitOptions;
  /** Live updates of this process (`GET /api/v1/eventos`, src/server/events/); the route is absent without it. */
  events?: EventHub;
  /** True once the process is shutting down (src/server/main.ts): requests get 503, readiness says not ready. */
  draining?: () => boolean;
  /** `GET /metrics` (src/server/health/metrics.ts); default from `METRICS_TOKEN`; null turns it off. */
  metrics?: PortalMetrics | null;
  /** PostgreSQL's pool counters for the metrics (absent on PGlite). */
  poolStats?: () => PoolStats;
  /** Failed sign-ins the app reports (a real Cognito) are recorded; false with the local identity stack, which records its own (issue 35). */
  signInFailureReports?: boolean;
}

/** Decision 28: the sites whose record names this user as substitute site manager. */
async function substituteSites(db: Db, email: string): Promise<string[]> {
  if (!email) return [];
  const r = await sql<{ id: string }>`select "Id_Lista" as id from obra where lower("siteManagerSubstituto" ->> 'mail') = ${email.toLowerCase()}`.execute(db);
  return r.rows.map((x) => x.id);
}

export function createApp(opts: AppOptions) {
  checkHookRegistry(opts.schemas);
  const app = new Hono<AppEnv>();
  const security = opts.security ?? securityFromEnv();
  const metrics = opts.metrics === undefined ? metricsFromEnv({ db: opts.db, poolStats: opts.poolStats }) : (opts.metrics ?? undefined);
  if (metrics) app.use('*', metrics.middleware); // first: every answer is counted, by route pattern
  // x-request-id on every answer, one JSON log line per API request (issue 35); the public ethics
  // channel's requests carry no address or device into the history (issue 40).
  app.use('*', requestContext({ unidentified: isEthicsPublicPath }));
  app.use('*', securityHeaders(security), canonicalOrigin(security));
  app.use(
    '/api/*',
    apiCors({
      origins: security.origins,
      exposeHeaders: ['x-total-count', 'x-total-count-estimate', 'x-total-count-at-least', 'x-list-truncated', 'idempotent-replayed', 'x-request-id'],
    }),
  );
  const draining = opts.draining;
  if (draining) {
    // During a graceful shutdown, what still arrives on an open connection: 503 (health answers itself),
    // with the security and CORS headers (a browser reads the message).
    app.use('*', async (c, next) => {
      if (!draining() || c.req.path === '/api/v1/health' || c.req.path === '/api/v1/health/ready') return next();
      return c.json(errorBody(503, DRAINING_MESSAGE), 503, { 'Retry-After': '5', Connection: 'close' });
    });
  }
  app.use('/api/*', compressResponses()); // JSON above 1 KB: brotli, else gzip
  app.use('/api/*', requestIdInErrors()); // every JSON error body carries `requestId` (the app's "Código do erro")
  app.use('/api/*', async (c, next) => {
    assertCleanPath(new URL(c.req.url).pathname); // %00 in an id, a site or an e-mail: 400 before any route
    await next();
  });
  app.use('/api/*', jsonBodyLimit()); // JSON_MAX_KB (uploads: UPLOAD_MAX_MB, in their route)
  if (opts.admission) app.use('/api/*', admission(opts.admission)); // DB_QUEUE_WAIT_MS, DB_QUEUE_MAX

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorBody(err.status, err.message, err.errors), err.status);
    if (err instanceof QueryError) return c.json(errorBody(400, err.message, err.errors), 400);
    if (err instanceof StorageUnavailable) {
      const cause = err.cause as { name?: string; message?: string } | undefined;
      logRequestError(c, 'warn', 'armazenamento de arquivos indisponível', cause);
      return c.json(errorBody(503, err.message), 503, { 'Retry-After': '5' });
    }
    if (isDatabaseUnavailable(err)) {
      logRequestError(c, 'warn', 'banco de dados indisponível', err);
      return c.json(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE), 503, { 'Retry-After': '5' });
    }
    const input = lastResortError(err, `${c.req.method} ${c.req.path}`);
    if (input) return c.json(errorBody(input.status, input.message), input.status);
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = status === 401 ? 'Sessão inválida ou expirada. Entre novamente.' : err.message || 'Requisição inválida.';
      return c.json(errorBody(status, message), status);
    }
    logRequestError(c, 'error', 'erro inesperado', err);
    return c.json(errorBody(500, 'Erro interno do servidor. Tente novamente em instantes.'), 500);
  });

  const schemaRegistry = new SchemaRegistry(opts.db, opts.schemas);
  // The ability is a pure function of the user as the request sees them (token and directory) and
  // of the fields administrators keep internal: built once per distinct user, not per request.
  const abilities = new Map<string, AppAbility>();
  const delegation = opts.schemas.some((s) => s.name === 'ausencia'); // absences (decision 31) need their table
  const draftStates = draftStatesOf(opts.schemas); // decision 29: workflows do not change at run time
  let abilitiesFor: unknown;
  const abilityOf = (user: PortalUser): AppAbility => {
    const internalFields = schemaRegistry.internalFields();
    if (abilitiesFor !== internalFields) {
      abilities.clear();
      abilitiesFor = internalFields;
    }
    const key = JSON.stringify(user);
    let ability = abilities.get(key);
    if (!ability) {
      if (abilities.size >= 1000) abilities.clear();
      abilities.set(key, (ability = defineAbilityFor(user, { environment: opts.environment ?? 'prod', internalFields, draftStates })));
    }
    return ability;
  };

  // Prometheus' conventional path, outside /api/v1 (and before the single-page app's fallback, main.ts).
  app.get('/metrics', metricsHandler(metrics));

  const api = new Hono<AppEnv>();
  // Liveness (`/health`) and readiness (`/health/ready`: database, mail queue, file store).
  api.route('/', healthRoutes({ db: opts.db, storage: opts.storage, version: opts.version, draining }));
  // Public ethics channel (issue 40): before the API's rate limit, which would count its callers by address.
  api.route('/canal-etica', ethicsPublicRoutes({ db: opts.db, storage: opts.storage, store: opts.rateLimit?.store }));
  // API keys (issue 41, src/server/service-accounts): a key's request is its service account's.
  const apiKeys = serviceAccountAuth(opts.db);
  const authenticate = apiKeys.authenticate(opts.authenticate);
  // The caller, resolved once per request (the rate limit needs it before the authentication middleware).
  const callers = new WeakMap<Request, Promise<PortalUser | null>>();
  const callerOf = (c: Context): Promise<PortalUser | null> => {
    let caller = callers.get(c.req.raw);
    if (!caller)
      callers.set(
        c.req.raw,
        (caller = Promise.resolve(c)
          .then(authenticate)
          .catch(() => null)),
      );
    return caller;
  };
  // Per person (e-mail), API key or anonymous address: API_RATE_LIMIT_PER_MIN, _KEY_PER_MIN, _ANON_PER_MIN (health above is not counted).
  const personOf = async (c: Context) => {
    const user = await callerOf(c);
    const chave = await apiKeys.rateKey(c);
    return chave ? { chave } : user ? user.email || user.id_user : null;
  };
  if (opts.rateLimit) api.use('*', apiRateLimit(opts.rateLimit, personOf));
  opts.publicRoutes?.(api);
  api.route('/pesquisa', surveyRoutes(opts.db)); // public: the link's token is the credential
  api.route('/verificar', verifyRoutes(opts.db)); // public: a signed document's verification code (issue 26)
  api.route('/auditoria', auditFailureRoutes(opts.db, { accept: opts.signInFailureReports ?? true })); // public: a failed sign-in at Cognito
  api.route('/manutencao', maintenancePublicRoutes(opts.db)); // public: what is in maintenance (issue 40)
  // public: a person's calendar feed, the token in the address is the credential (issue 41)
  api.route('/calendario', calendarFeedPublicRoutes({ db: opts.db, schemas: () => schemaRegistry.all(), abilityOf }));
  // The second factor (issue 35): a recovery code is used without a session; the policy and the routes follow the authentication.
  const mfa = opts.identityAdmin && mfaFeature({ db: opts.db, identityAdmin: opts.identityAdmin, store: opts.rateLimit?.store });
  if (mfa) api.route('/mfa', mfa.publicRoutes);

  api.use('*', apiKeys.guard); // a misplaced key 400, a revoked or expired one 401, a read-only key's write 403
  api.use('*', async (c, next) => {
    let user: PortalUser | null;
    try {
      user = await callerOf(c);
    } catch {
      user = null;
    }
    if (!user) return c.json(errorBody(401, 'Sessão inválida ou expirada. Entre novamente.'), 401);
    // Sites and roles set on a site's people screen count from the next request on (src/server/site-users/directory.ts).
    // An inactive person is out at once, whatever their token says (issue 35).
    const current = await withDirectoryAccess(opts.db, user);
    if (!current) return c.json({ ...errorBody(401, ACCESS_REVOKED.message), codigo: ACCESS_REVOKED.codigo }, 401);
    user = current;
    if (user.roles.includes('site_manager_substituto')) user = { ...user, obrasSubstituto: await substituteSites(opts.db, user.email) };
    if (delegation) user = await withDelegation(opts.db, user); // decision 31: `emNomeDe` during the absences in force
    c.set('user', user);
    await schemaRegistry.fresh(); // administrators' overlays (issue 15), checked at most every 2 s
    c.set('ability', abilityOf(user));
    await next();
  });
  // Each session's last use; an ended one ("sair deste", "sair de todos") gets 401 'sessao-encerrada' (src/server/sessions).
  const sessions = sessionsFeature(opts.db, opts.identityAdmin);
  api.use('*', sessions.guard);
  if (mfa) api.use('*', mfa.enforce); // 403 'mfa-obrigatorio' until a person the policy names has enrolled (src/server/mfa)
  api.use('*', maintenanceGuard(opts.db)); // 503 to the writes of a module in maintenance, administrators excepted (issue 40)
  // A write sent again with the same Idempotency-Key answers the first answer (issue 26).
  api.use('*', idempotency(opts.db));
  // Sign-ins (a session's first request), downloads and exports in the audit trail (issue 35).
  api.use('*', accessTracking(opts.db));
  if (mfa) api.route('/mfa', mfa.routes);

  api.get('/me', (c) => c.json({ user: c.get('user'), rules: packRules(c.get('ability').rules) }));
  api.get(
    '/openapi.json',
    openApiHandler(() => schemaRegistry.all(), opts.version),
  );
  api.route('/schemas', schemaConfigRoutes(opts.db, schemaRegistry));
  api.route('/sla', slaRoutes(opts.db)); // SLA policies per entity (src/server/sla)
  api.route('/calendario', calendarRoutes(opts.db)); // business calendar: working hours (holidays: /feriados)
  api.route('/arquivos', fileRoutes(opts.db, opts.storage));
  api.route('/pessoas', peopleRoutes(opts.db));
  api.route('/empresas-pendentes', pendingCompanyRoutes(opts.db));
  // The e-mail buttons' confirmation page reads and confirms here (issue 25).
  api.route(
    '/acoes-email',
    emailActionRoutes(opts.db, () => schemaRegistry.all()),
  );
  api.route('/configuracoes', settingsRoutes(opts.db)); // the portal settings (trash period, issue 35)
  api.route('/manutencao', maintenanceRoutes(opts.db)); // administrators start and end a maintenance (issue 40)
  api.route('/lixeira', trashRoutes(opts.db, opts.storage)); // deleted records: list, restore, discard (issue 35)
  api.route('/auditoria', auditRoutes(opts.db)); // the audit trail: administrators and controllership (issue 35)
  api.route('/contas-servico', serviceAccountRoutes(opts.db)); // service accounts and their API keys (issue 41)
  api.route('/webhooks', webhookRoutes(opts.db)); // signed webhooks' subscriptions and delivery log (issue 41)
  api.route('/sessoes', sessions.routes); // the caller's own sessions: list, end one, end all (issue 35)
  api.route('/preferencias', preferencesRoutes(opts.db)); // the caller's own preferences (per kind and channel, issue 41)
  api.route('/push', pushRoutes(opts.db)); // the caller's devices for push notifications (issue 41)
  api.route('/calendario', calendarFeedRoutes({ db: opts.db })); // the caller's calendar address (issue 41)
  if (opts.events) {
    // Live "pendencias" signal (SSE); a stream ends once its session is ended or its person made
    // inactive, checked again at each write of those tables in any process (issue 35).
    opts.events.watchTables([SESSION_TABLE, 'usuario']);
    api.route(
      '/eventos',
      eventRoutes(opts.events, (c) => {
        const session = sessions.streamCheck(c);
        const user = c.get('user');
        return async () => (await withDirectoryAccess(opts.db, user)) !== null && (await session());
      }),
    );
  }
  api.route('/pendencias', pendenciasRoutes(opts.db, opts.schemas)); // work queue, /contagem, /lote
  api.route(
    '/busca',
    searchRoutes(opts.db, () => schemaRegistry.all()),
  ); // one search across every module (issue 39)
  api.route(
    '/visoes',
    savedViewRoutes(opts.db, () => schemaRegistry.all()),
  ); // saved views of the lists and the inbox (issue 39)
  // Spreadsheet import of every entity (issue 38, src/server/import): upload, template, dry run, import, result.
  api.route(
    '/importacoes',
    importRoutes({
      db: opts.db,
      schemaOf: (resource) => schemaRegistry.get(resource),
      schemaByName: (name) => schemaRegistry.all().find((s) => s.name === name),
      actorFor: actorResolver(opts.db, {
        environment: opts.environment ?? 'prod',
        schemas: () => schemaRegistry.all(),
        internalFields: () => schemaRegistry.internalFields(),
      }),
    }),
  );
  api.route('/materiais', materialItemsRoutes(opts.db, schemaRegistry.getter('materiais'))); // a list's items from a spreadsheet (issue 38)
  api.route('/obras', galleryRoutes(opts.db)); // GET /obras/:obra/galeria
  api.route('/relatos-etica', ethicsThreadRoutes(opts.db)); // an ethics report's thread (issue 40)
  usePoolRevocation(opts.identityAdmin); // an inactive person is signed out of the provider too (issue 35)
  if (opts.identityAdmin) {
    api.route('/obras', sitePeopleRoutes(opts.db, opts.identityAdmin, 'obra'));
    api.route('/fabricacao', sitePeopleRoutes(opts.db, opts.identityAdmin, 'fabricacao'));
    // People of a site from a spreadsheet (issue 38): the same inclusion as the screen's form, line by line.
    api.route('/obras', sitePeopleImportRoutes(opts.db, opts.identityAdmin, 'obra'));
    api.route('/fabricacao', sitePeopleImportRoutes(opts.db, opts.identityAdmin, 'fabricacao'));
  }
  // Before the generic routes, so that `/diarios/copia-anterior` is not read as an id.
  api.route('/diarios', rdoRoutes(opts.db, opts.storage));
  api.route('/diarios', signatureRoutes(opts.db, opts.storage)); // GET/POST /diarios/:id/assinaturas (issue 26)
  api.route('/rits', ritRoutes(opts.db, opts.storage)); // GET /rits/:id/pdf (issue 40)
  api.route('/rits', signatureRoutes(opts.db, opts.storage, 'rit')); // GET/POST /rits/:id/assinaturas (issue 40)
  api.route('/obras', scheduleRoutes(opts.db)); // works schedule, S-curve, delay warning
  api.route('/obras', lostDaysRoutes(opts.db)); // GET /obras/:obra/dias-impraticaveis (impracticable days, issue 26)
  api.route('/obras', eapCodeRoutes(opts.db)); // GET /obras/:obra/eap-codigos?area= (the daily report's EAP picker)
  api.route('/obras', weatherRoutes(opts.db)); // GET /obras/:obra/clima?data= (the daily report's weather, WEATHER_URL)
  // A site's plans and the pins on them (issue 42): before the generic routes of /plantas and /projetos.
  api.route('/obras', siteSheetRoutes(opts.db, opts.storage)); // GET/POST /obras/:obra/plantas
  api.route('/obras', punchReportRoutes(opts.db, opts.storage)); // GET /obras/:obra/itens-verificacao/relatorio.pdf, POST …/relatorio/enviar
  api.route('/plantas', pinRoutes(opts.db)); // /plantas/:id/pinos (list, pin, confirm, unpin)
  api.route('/plantas', sheetThumbnailRoutes(opts.db, opts.storage)); // GET /plantas/:id/miniatura (the sheet list's thumbnails)
  api.route('/projetos', creSheetRoutes(opts.db, opts.storage)); // POST /projetos/:id/planta
  for (const schema of opts.schemas) api.route(`/${schema.resource}`, crudRoutes(opts.db, schemaRegistry.getter(schema.resource)));
  api.all('*', (c) => c.json(errorBody(404, 'Recurso não encontrado.'), 404));

  app.route('/api/v1', api);
  return app;
}
