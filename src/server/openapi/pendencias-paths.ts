/**
 * OpenAPI of "Minhas pendências" (src/server/workflow/pendencias-routes.ts): the work queue and its
 * counts. The bulk action is a declared route (resources/pendencias.ts).
 */
import { VENCIMENTOS } from '../workflow/pendencias';
import { TOTAL_COUNT_HEADERS } from './components';
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });

export function pendenciasPaths(): Record<string, JsonSchema> {
  const tags = ['Minhas pendências'];
  const action = {
    type: 'object',
    required: ['name', 'label', 'kind', 'needsInput'],
    properties: {
      name: { type: 'string', description: 'Nome da transição, ou a ação de edição do trabalho da situação.' },
      label: { type: 'string' },
      kind: {
        type: 'string',
        enum: ['transition', 'edit', 'page'],
        description:
          "'transition': um passo do fluxo; 'edit': trabalho feito no formulário de edição; 'page': trabalho feito na página do registro (`?acao=`), como assinar um diário.",
      },
      needsInput: { type: 'boolean', description: 'Pede comentário ou campos: não pode ser feita em lote.' },
    },
  };
  const item = {
    type: 'object',
    properties: {
      resource: { type: 'string' },
      id: { type: 'integer' },
      version: { type: 'integer' },
      title: { type: 'string' },
      label: { type: 'string' },
      state: { type: 'string' },
      stateLabel: { type: 'string' },
      since: { type: 'string', format: 'date-time', description: 'Quando o registro chegou à situação atual (pelo histórico), ou quando foi criado.' },
      due: { type: ['string', 'null'], format: 'date-time', description: 'Prazo (SLA) do registro, quando o recurso tem um.' },
      overdue: { type: 'boolean' },
      paused: { type: 'boolean', description: 'O prazo (SLA) está pausado: o registro espera numa situação que para o relógio.' },
      obra: { type: ['string', 'null'] },
      emNomeDe: { type: 'string', description: 'Quando o item espera por uma pessoa ausente que a pessoa conectada substitui: o nome dela.' },
      transitions: { type: 'array', items: { type: 'string' }, description: 'Rótulos das ações (compatibilidade).' },
      actions: { type: 'array', items: action },
    },
  };
  return {
    '/pendencias': {
      get: {
        tags,
        operationId: 'pendencias',
        summary: 'Minhas pendências nos fluxos de trabalho (fila de trabalho)',
        description:
          'Os registros, de todos os módulos com fluxo, cuja etapa atual espera pela pessoa conectada (ou por quem ela substitui durante uma ausência), ' +
          'com as ações que ela pode tomar em cada um. Filtra por módulo, obra e vencimento do prazo (SLA); ordena pela data de entrada na etapa ou pelo prazo. ' +
          'O total vem no cabeçalho x-total-count.',
        parameters: [
          param('_start'),
          param('_end'),
          { name: 'resource', in: 'query', description: 'Só este módulo (recurso com fluxo).', schema: { type: 'string' } },
          { name: 'obra', in: 'query', description: 'Só registros desta obra.', schema: { type: 'string', maxLength: 60 } },
          { name: 'vencimento', in: 'query', schema: { type: 'string', enum: [...VENCIMENTOS] } },
          { name: '_sort', in: 'query', schema: { type: 'string', enum: ['since', 'due'], default: 'since' } },
          { name: '_order', in: 'query', description: 'Padrão: desc para since, asc para due.', schema: { type: 'string', enum: ['asc', 'desc'] } },
        ],
        responses: {
          200: {
            description: 'Etapas que esperam pela pessoa (ou por quem ela substitui); o total vem em x-total-count.',
            headers: { 'x-total-count': { schema: { type: 'integer' } } },
            content: { 'application/json': { schema: { type: 'array', items: item } } },
          },
          400: res('BadRequest'),
          401: res('Unauthorized'),
        },
      },
    },
    '/pendencias/contagem': {
      get: {
        tags,
        operationId: 'contagemPendencias',
        summary: 'Quantas pendências e quantas atrasadas (o sino do cabeçalho)',
        description: 'O número de pendências da pessoa conectada (as mesmas da fila de trabalho) e quantas delas passaram do prazo (SLA).',
        responses: {
          200: {
            description: 'Contagem.',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['total', 'atrasadas'], properties: { total: { type: 'integer' }, atrasadas: { type: 'integer' } } },
              },
            },
          },
          401: res('Unauthorized'),
        },
      },
    },
    '/pendencias/modulos': {
      get: {
        tags,
        operationId: 'modulosPendencias',
        summary: 'Os módulos em que a pessoa tem o que fazer (filtro "Módulo")',
        description: 'Os módulos cujos registros podem esperar por uma ação da pessoa conectada, pelas mesmas regras da fila de trabalho.',
        responses: {
          200: {
            description: 'Módulos, em ordem alfabética.',
            headers: TOTAL_COUNT_HEADERS,
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['resource', 'label'],
                    properties: { resource: { type: 'string' }, label: { type: 'string' } },
                  },
                },
              },
            },
          },
          401: res('Unauthorized'),
        },
      },
    },
  };
}
