/**
 * The API described as OpenAPI 3.1, generated from the schemas: per resource the simple-rest list
 * (with a parameter per filter path and operator), read, create, update, delete, totals, history
 * and workflow transitions; component schemas from the field kinds; errors; bearer authentication.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import { LIST_MAX } from '../crud/list-query';
import { pendenciasPaths } from './pendencias-paths';
import { timePaths } from './time-paths';
import { notificationPaths } from './notification-paths';
import { calendarFeedPaths } from './calendar-feed-paths';
import { settingsPaths } from './settings-paths';
import { trashPaths } from './trash-paths';
import { importPaths } from './import-paths';
import { materialItemsPaths } from './material-items-paths';
import { auditPaths } from './audit-paths';
import { ritPaths } from './rit-paths';
import { mfaPaths } from './mfa-paths';
import { sessionPaths } from './session-paths';
import { pendingCompanyPaths } from './pending-company-paths';
import { eapCodePaths } from './eap-code-paths';
import { lostDaysPaths } from './dias-impraticaveis-paths';
import { weatherPaths } from './weather-paths';
import { siteUserPaths } from './site-user-paths';
import { supportPaths } from './support-paths';
import { schedulePaths } from './schedule-paths';
import { searchPaths } from './search-paths';
import { ethicsPaths } from './ethics-paths';
import { plantasPaths } from './plantas-paths';
import { webhookPaths } from './webhook-paths';
import { webhookEvents } from './webhook-events';
import { HEALTH_SCHEMAS, healthPaths } from './health-paths';
import { COMMON_PARAMETERS, RESPONSES, responseRef as r } from './components';
import { withRateLimitResponses } from './rate-limit-responses';
import { withMaintenance } from './maintenance-paths';
import { API_SECURITY, withApiKeys } from './service-account-paths';
import { COMMON_SCHEMAS, entitySchemas, type JsonSchema } from './field-schemas';
import { filterParameters } from './filter-parameters';
import { ME } from './system-schemas';
import { resourcePaths } from './resource-paths';
import { withIdempotencyKey } from './idempotency-paths';
import { declaredPaths } from './declared-routes';
import { DECLARED_ROUTES } from '../../../resources/api-routes';
import { INBOX_LIST } from '../../../resources/saved-views';

/** The whole document (the same for every caller: access rules act on the data, not on the shape). */
export function openApiDocument(schemas: EntitySchema[], version: string): JsonSchema {
  const components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  } = {
    schemas: { ...COMMON_SCHEMAS, ...HEALTH_SCHEMAS },
    parameters: { ...COMMON_PARAMETERS },
    responses: RESPONSES,
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'ID token do Cognito (o mesmo que o portal usa).' },
      metricsToken: { type: 'http', scheme: 'bearer', description: 'O valor de `METRICS_TOKEN` (só em `/metrics`).' },
    },
  };
  const paths: Record<string, JsonSchema> = {
    ...healthPaths(), // /health, /health/ready and /metrics (at the root)
    '/me': {
      get: {
        tags: ['Sistema'],
        operationId: 'eu',
        summary: 'A pessoa conectada e suas regras de acesso (CASL compactadas)',
        description:
          'A pessoa da sessão, como as regras de acesso a veem (com as obras que substitui e as pessoas por quem responde durante ausências), ' +
          'e as suas regras CASL no formato compactado de `packRules` (@casl/ability/extra), para o portal decidir o que mostrar.',
        responses: { 200: { description: 'Pessoa e regras.', content: { 'application/json': { schema: ME } } }, 401: r('Unauthorized') },
      },
    },
  };
  Object.assign(paths, declaredPaths(DECLARED_ROUTES)); // the routes declared with zod (resources/api-routes.ts, issue 37)
  Object.assign(paths, pendenciasPaths());
  Object.assign(paths, timePaths());
  Object.assign(paths, notificationPaths()); // push devices (issue 41)
  Object.assign(paths, calendarFeedPaths()); // personal calendar feed (issue 41)
  Object.assign(paths, settingsPaths());
  Object.assign(paths, trashPaths());
  Object.assign(paths, importPaths()); // spreadsheet import (issue 38)
  Object.assign(paths, materialItemsPaths()); // a materials list's items from a spreadsheet (issue 38)
  Object.assign(paths, auditPaths());
  Object.assign(paths, ritPaths()); // the RIT's signatures and PDF (issue 40)
  Object.assign(paths, mfaPaths());
  Object.assign(paths, sessionPaths());
  Object.assign(paths, pendingCompanyPaths());
  Object.assign(paths, eapCodePaths());
  Object.assign(paths, lostDaysPaths());
  Object.assign(paths, weatherPaths());
  Object.assign(paths, siteUserPaths());
  Object.assign(paths, supportPaths());
  Object.assign(paths, schedulePaths());
  Object.assign(paths, searchPaths(schemas));
  Object.assign(paths, ethicsPaths()); // the ethics channel's public page and threads (issue 40)
  Object.assign(paths, plantasPaths()); // a site's plans and the pins on them (issue 42)
  Object.assign(paths, webhookPaths()); // signed webhooks' subscriptions and delivery log (issue 41)
  const tags: JsonSchema[] = [
    { name: 'Sistema', description: 'Situação da API (no ar, pronta para atender, métricas) e a pessoa conectada.' },
    { name: 'Busca', description: 'Uma busca em todos os módulos, com as permissões das listas (src/server/search).' },
    { name: 'Visões salvas', description: 'Filtros, ordenação, colunas e tamanho de página salvos por lista, compartilháveis (src/server/saved-views).' },
    { name: 'Lixeira', description: 'Registros excluídos, restauráveis pelo prazo que os administradores definem (src/server/trash).' },
    { name: 'Importação', description: 'Planilhas (.xlsx, .csv) importadas em qualquer cadastro, com simulação antes (src/server/import).' },
    {
      name: 'Empresas a conferir',
      description: 'Textos de empresa que a migração para o cadastro de empresas não reconheceu (src/server/modules/empresa-routes.ts).',
    },
  ];
  // The list of a saved view (resources/saved-views.ts): a resource of the running schemas, or the inbox.
  components.schemas.ListaDeVisao = {
    type: 'string',
    enum: [...schemas.map((s) => s.resource), INBOX_LIST],
    description: 'A lista: o recurso REST da entidade (`contratos`, `diarios`…) ou `pendencias` ("Minhas pendências").',
  };
  for (const schema of schemas) {
    Object.assign(components.schemas, entitySchemas(schema));
    const params = filterParameters(schema);
    Object.assign(components.parameters, params);
    Object.assign(paths, resourcePaths(schema, Object.keys(params)));
    tags.push({ name: schema.labelPlural, description: `Recurso \`${schema.resource}\` (${schema.subject}).` });
  }
  withApiKeys(paths, components.securitySchemes); // service accounts: their routes, the keys' schemes (issue 41)
  withMaintenance(paths); // the maintenance switch and the 503 of the writes it closes (issue 40)
  withIdempotencyKey(paths);
  withRateLimitResponses(paths); // 429 of the API's rate limit (API_RATE_LIMIT_PER_MIN)
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal — API',
      version,
      description:
        'API REST do portal no contrato do `@refinedev/simple-rest`, gerada dos esquemas. Erros: `{ message, statusCode, errors? }` em português. ' +
        `Listas: _start/_end (até ${LIST_MAX} por página), _sort/_order, filtros campo, campo_ne, campo_gte, campo_lte, campo_like e q; total em x-total-count.`,
    },
    servers: [{ url: '/api/v1' }],
    security: API_SECURITY,
    tags,
    paths,
    webhooks: webhookEvents(), // what the portal posts to subscribed addresses (issue 41)
    components,
  };
}
