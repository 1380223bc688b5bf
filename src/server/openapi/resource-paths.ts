/**
 * One resource's paths in the OpenAPI document: the simple-rest list, read, create, update, delete,
 * history, "restore this version" and, with a workflow, its transitions — all from the schema.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import { TOTAL_COUNT_HEADERS, parameterRef as P, responseRef as r } from './components';
import { componentName, ref, type JsonSchema } from './field-schemas';
import { AGGREGATE_ROW, TRANSITION } from './system-schemas';
import { crudDescriptions } from './crud-descriptions';

export function resourcePaths(schema: EntitySchema, filterNames: string[]): Record<string, JsonSchema> {
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
            headers: TOTAL_COUNT_HEADERS,
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
          200: {
            description: 'As ações possíveis.',
            headers: TOTAL_COUNT_HEADERS,
            content: { 'application/json': { schema: { type: 'array', items: TRANSITION } } },
          },
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
