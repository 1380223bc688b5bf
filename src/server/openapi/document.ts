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
import { settingsPaths } from './settings-paths';
import { trashPaths } from './trash-paths';
import { importPaths } from './import-paths';
import { auditPaths } from './audit-paths';
import { signaturePaths } from './signature-paths';
import { ritPaths } from './rit-paths';
import { mfaPaths } from './mfa-paths';
import { sessionPaths } from './session-paths';
import { pendingCompanyPaths } from './pending-company-paths';
import { eapCodePaths } from './eap-code-paths';
import { lostDaysPaths } from './lost-days-paths';
import { weatherPaths } from './weather-paths';
import { siteUserPaths } from './site-user-paths';
import { schemaConfigPaths } from './schema-config-paths';
import { supportPaths } from './support-paths';
import { schedulePaths } from './schedule-paths';
import { searchPaths } from './search-paths';
import { ethicsPaths } from './ethics-paths';
import { plantasPaths } from './plantas-paths';
import { HEALTH_SCHEMAS, healthPaths } from './health-paths';
import { COMMON_PARAMETERS, RESPONSES, parameterRef as P, responseRef as r } from './components';
import { withRateLimitResponses } from './rate-limit-responses';
import { withMaintenance } from './maintenance-paths';
import { API_SECURITY, withApiKeys } from './service-account-paths';
import { COMMON_SCHEMAS, componentName, entitySchemas, ref, type JsonSchema } from './field-schemas';
import { filterParameters } from './filter-parameters';
import { AGGREGATE_ROW, ME, TRANSITION } from './system-schemas';
import { crudDescriptions } from './crud-descriptions';

function resourcePaths(schema: EntitySchema, filterNames: string[]): Record<string, JsonSchema> {
  const name = componentName(schema);
  const text = crudDescriptions(schema);
  const tag = schema.labelPlural;
  const base = `/${schema.resource}`;
  const filters = filterNames.map(P);
  const record = ref(name);
  const paths: Record<string, JsonSchema> = {
    [base]: {
      get: {
        tags: [tag],
        operationId: `listar${name}`,
        summary: `Lista ${schema.labelPlural.toLowerCase()}`,
        description: text.list,
        parameters: [P('_start'), P('_end'), P('_sort'), P('_order'), P('q'), ...filters],
        responses: {
          200: {
            description: 'Os registros da página.',
            headers: {
              'x-total-count': { description: 'Total de registros que atendem aos filtros.', schema: { type: 'integer' } },
              'x-total-count-estimate': {
                description: 'true quando o total é a estimativa do banco (listas muito grandes): "cerca de N".',
                schema: { type: 'boolean' },
              },
              'x-total-count-at-least': {
                description: 'true quando a contagem parou no limite: há pelo menos x-total-count registros ("mais de N").',
                schema: { type: 'boolean' },
              },
              'x-list-truncated': { description: 'Sem _start/_end: true quando havia mais registros que o limite.', schema: { type: 'boolean' } },
            },
            content: { 'application/json': { schema: { type: 'array', items: record } } },
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
      post: {
        tags: [tag],
        operationId: `criar${name}`,
        summary: `Cria ${schema.gender === 'f' ? 'uma' : 'um'} ${schema.label.toLowerCase()}`,
        description: text.create,
        requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Novo`) } } },
        responses: {
          201: { description: 'Criado.', content: { 'application/json': { schema: record } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          409: r('Conflict'),
        },
      },
    },
    [`${base}/aggregate`]: {
      get: {
        tags: [tag],
        operationId: `totais${name}`,
        summary: 'Totais e agrupamentos',
        description: text.aggregate,
        parameters: [P('groupBy'), P('measure'), P('interval'), P('top'), P('q'), ...filters],
        responses: {
          200: {
            description: 'Grupos e total.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['measure', 'groupBy', 'rows', 'total'],
                  properties: {
                    measure: { type: 'string' },
                    groupBy: { type: 'array', items: { type: 'string' } },
                    rows: { type: 'array', items: AGGREGATE_ROW },
                    total: { type: ['number', 'null'] },
                  },
                },
              },
            },
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
    },
    [`${base}/{id}`]: {
      parameters: [P('id')],
      get: {
        tags: [tag],
        operationId: `ler${name}`,
        summary: 'Lê um registro',
        description: text.read,
        responses: {
          200: { description: 'O registro.', content: { 'application/json': { schema: record } } },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
      patch: {
        tags: [tag],
        operationId: `alterar${name}`,
        summary: 'Altera um registro (com a versão lida)',
        description: text.patch,
        requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Alteracao`) } } },
        responses: {
          200: { description: 'O registro alterado.', content: { 'application/json': { schema: record } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
      put: {
        tags: [tag],
        operationId: `substituir${name}`,
        summary: 'Igual ao PATCH (só os campos enviados mudam)',
        description: text.put,
        requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Alteracao`) } } },
        responses: {
          200: { description: 'O registro alterado.', content: { 'application/json': { schema: record } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
      delete: {
        tags: [tag],
        operationId: `excluir${name}`,
        summary: 'Exclui um registro',
        description: text.delete,
        responses: {
          200: { description: 'O registro excluído.', content: { 'application/json': { schema: record } } },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    },
    [`${base}/{id}/historico`]: {
      parameters: [P('id')],
      get: {
        tags: [tag],
        operationId: `historico${name}`,
        summary: 'Histórico de alterações do registro',
        description: text.history,
        responses: {
          200: {
            description: 'Do mais recente ao mais antigo (até 500).',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['id', 'action', 'at'],
                    properties: {
                      id: { type: 'integer' },
                      action: { type: 'string' },
                      at: { type: 'string', format: 'date-time' },
                      user: { type: ['string', 'null'] },
                      changes: { type: 'object' },
                      transition: { type: 'string' },
                      comment: { type: ['string', 'null'] },
                    },
                  },
                },
              },
            },
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
    // "Restaurar esta versão" (issue 35, src/server/crud/record-revert.ts).
    [`${base}/{id}/historico/{entrada}/restaurar`]: {
      parameters: [P('id'), { name: 'entrada', in: 'path', required: true, description: 'O id da entrada do histórico.', schema: { type: 'integer' } }],
      post: {
        tags: [tag],
        operationId: `restaurarVersao${name}`,
        summary: 'Restaura os campos de uma versão anterior',
        description:
          'Os campos como estavam depois da entrada do histórico voltam como uma nova versão (a situação do fluxo não volta; campos definidos pelo servidor também não). Recusado onde o fluxo trava a edição, para quem não pode alterar o registro ou não vê algum campo da versão.',
        responses: {
          200: { description: 'O registro com a versão restaurada.', content: { 'application/json': { schema: record } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    },
  };
  if (schema.workflow) {
    paths[`${base}/{id}/transitions`] = {
      parameters: [P('id')],
      get: {
        tags: [tag],
        operationId: `transicoes${name}`,
        summary: 'Ações do fluxo que a pessoa pode tomar agora',
        description: text.transitions,
        responses: {
          200: { description: 'As ações possíveis.', content: { 'application/json': { schema: { type: 'array', items: TRANSITION } } } },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    };
    paths[`${base}/{id}/transitions/{name}`] = {
      parameters: [P('id'), { name: 'name', in: 'path', required: true, schema: { type: 'string', enum: schema.workflow.transitions.map((t) => t.name) } }],
      post: {
        tags: [tag],
        operationId: `transicao${name}`,
        summary: 'Toma uma ação do fluxo (muda a situação)',
        description: text.transition,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['version'],
                properties: {
                  version: { type: 'integer', minimum: 1 },
                  comment: { type: 'string' },
                  values: { type: 'object', description: 'Campos que a ação pede no diálogo (`asks` da transição), por nome do campo.' },
                },
              },
            },
          },
        },
        responses: {
          200: { description: 'O registro depois da ação.', content: { 'application/json': { schema: record } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    };
  }
  return paths;
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/** Every authenticated write takes `Idempotency-Key`: the parameter, and its 409 and 422 answers (new objects: path items may be shared). */
function withIdempotencyKey(paths: Record<string, JsonSchema>): void {
  for (const [path, item] of Object.entries(paths)) {
    let copy: JsonSchema | undefined;
    for (const method of WRITE_METHODS) {
      const op = item[method] as JsonSchema | undefined;
      if (!op || (Array.isArray(op.security) && op.security.length === 0)) continue;
      const responses = (op.responses ?? {}) as Record<string, JsonSchema>;
      copy ??= { ...item };
      copy[method] = {
        ...op,
        parameters: [...((op.parameters as JsonSchema[] | undefined) ?? []), P('Idempotency-Key')],
        responses: { ...responses, 409: responses['409'] ?? r('Conflict'), 422: responses['422'] ?? r('UnprocessableEntity') },
      };
    }
    if (copy) paths[path] = copy;
  }
}

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
  Object.assign(paths, pendenciasPaths());
  Object.assign(paths, timePaths());
  Object.assign(paths, notificationPaths()); // push devices (issue 41)
  Object.assign(paths, settingsPaths());
  Object.assign(paths, trashPaths());
  Object.assign(paths, importPaths()); // spreadsheet import (issue 38)
  Object.assign(paths, auditPaths());
  Object.assign(paths, signaturePaths());
  Object.assign(paths, ritPaths()); // the RIT's signatures and PDF (issue 40)
  Object.assign(paths, mfaPaths());
  Object.assign(paths, sessionPaths());
  Object.assign(paths, pendingCompanyPaths());
  Object.assign(paths, eapCodePaths());
  Object.assign(paths, lostDaysPaths());
  Object.assign(paths, weatherPaths());
  Object.assign(paths, siteUserPaths());
  Object.assign(paths, schemaConfigPaths());
  Object.assign(paths, supportPaths());
  Object.assign(paths, schedulePaths());
  Object.assign(paths, searchPaths(schemas));
  Object.assign(paths, ethicsPaths()); // the ethics channel's public page and threads (issue 40)
  Object.assign(paths, plantasPaths()); // a site's plans and the pins on them (issue 42)
  const tags: JsonSchema[] = [
    { name: 'Sistema', description: 'Situação da API (no ar, pronta para atender, métricas) e a pessoa conectada.' },
    { name: 'Busca', description: 'Uma busca em todos os módulos, com as permissões das listas (src/server/search).' },
    { name: 'Lixeira', description: 'Registros excluídos, restauráveis pelo prazo que os administradores definem (src/server/trash).' },
    { name: 'Importação', description: 'Planilhas (.xlsx, .csv) importadas em qualquer cadastro, com simulação antes (src/server/import).' },
    {
      name: 'Empresas a conferir',
      description: 'Textos de empresa que a migração para o cadastro de empresas não reconheceu (src/server/modules/empresa-routes.ts).',
    },
  ];
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
    components,
  };
}
