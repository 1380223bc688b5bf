/**
 * OpenAPI of the saved views of the lists and of "Minhas pendências" (src/server/saved-views,
 * issue 39): list, create, change (with `version`), delete, and the person's default per list.
 * Contracts: resources/saved-views.ts.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import {
  INBOX_LIST,
  VIEW_COLUMNS_MAX,
  VIEW_FILTERS_MAX,
  VIEW_NAME_MAX,
  VIEW_OPERATORS,
  VIEW_PAGE_SIZES,
  VIEW_SHARES_MAX,
  VIEW_SORTS_MAX,
  VIEWS_PER_LIST_MAX,
} from '../../../resources/saved-views';
import { responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const TAGS = ['Visões salvas'];
const scalar = [{ type: 'string', maxLength: 1000 }, { type: 'number' }, { type: 'boolean' }];

const lista = (schemas: readonly EntitySchema[]): JsonSchema => ({
  type: 'string',
  enum: [...schemas.map((s) => s.resource), INBOX_LIST],
  description: 'A lista: o recurso REST da entidade (`contratos`, `diarios`…) ou `pendencias` ("Minhas pendências").',
});

const state: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description:
    'O estado da lista no formato que a lista já usa na URL e na consulta (filtros e ordenação do Refine, que o simple-rest traduz em ' +
    '`campo`, `campo_ne`, `campo_gte`, `campo_lte`, `campo_like`, `q`, `_sort`, `_order`). Os filtros são conferidos como a própria lista os conferiria; ' +
    'em `pendencias`, só `resource`, `obra` e `vencimento` (operador `eq`) e a ordenação por `due` ou `since`. Aplicar uma visão só restringe a lista: ' +
    'as regras de acesso continuam valendo.',
  properties: {
    filtros: {
      type: 'array',
      maxItems: VIEW_FILTERS_MAX,
      items: {
        type: 'object',
        required: ['field', 'operator', 'value'],
        properties: {
          field: { type: 'string', maxLength: 120, examples: ['status'] },
          operator: { type: 'string', enum: [...VIEW_OPERATORS] },
          value: { oneOf: [...scalar, { type: 'array', minItems: 1, maxItems: 200, items: { oneOf: scalar.slice(0, 2) } }] },
        },
      },
    },
    ordenacao: {
      type: 'array',
      maxItems: VIEW_SORTS_MAX,
      items: {
        type: 'object',
        required: ['field', 'order'],
        properties: { field: { type: 'string', maxLength: 120 }, order: { type: 'string', enum: ['asc', 'desc'] } },
      },
    },
    colunas: {
      type: 'array',
      minItems: 1,
      maxItems: VIEW_COLUMNS_MAX,
      items: { type: 'string' },
      description: 'Colunas visíveis, em ordem (só nas listas das entidades).',
    },
    tamanhoPagina: { type: 'integer', enum: [...VIEW_PAGE_SIZES], description: 'Registros por página (só nas listas das entidades).' },
  },
};

const codes = (what: string): JsonSchema => ({
  type: 'array',
  maxItems: VIEW_SHARES_MAX,
  items: { type: 'string', minLength: 1, maxLength: 60 },
  description: `${what} com quem a visão é compartilhada (vazio: só a dona vê). Compartilhar exige administrar a entidade (\`manage\` sem condições no assunto; em \`pendencias\`, em tudo).`,
});

const view = (schemas: readonly EntitySchema[]): JsonSchema => ({
  type: 'object',
  required: ['id', 'lista', 'nome', 'estado', 'papeis', 'obras', 'dono', 'donoNome', 'minha', 'version', 'criadoEm', 'atualizadoEm'],
  properties: {
    id: { type: 'integer' },
    lista: lista(schemas),
    nome: { type: 'string' },
    estado: state,
    papeis: codes('Papéis'),
    obras: codes('Obras'),
    dono: { type: 'string', description: 'E-mail de quem criou a visão.' },
    donoNome: { type: 'string' },
    minha: { type: 'boolean', description: 'A pessoa conectada criou a visão (pode alterá-la e excluí-la).' },
    version: { type: 'integer', minimum: 1 },
    criadoEm: { type: 'string', format: 'date-time' },
    atualizadoEm: { type: 'string', format: 'date-time' },
  },
});

const nome = { type: 'string', minLength: 1, maxLength: VIEW_NAME_MAX, examples: ['Alta prioridade nas minhas obras'] };
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const WHO = 'Só quem criou a visão a altera ou exclui: 403 numa visão compartilhada com a pessoa, 404 na visão particular de outra pessoa.';

export function savedViewPaths(schemas: readonly EntitySchema[]): Record<string, JsonSchema> {
  const v = view(schemas);
  return {
    '/visoes': {
      get: {
        tags: TAGS,
        operationId: 'listarVisoes',
        summary: 'As visões salvas de uma lista que a pessoa vê',
        description:
          'As da pessoa e as compartilhadas com um dos seus papéis ou uma das suas obras, com a visão padrão da pessoa e se ela pode compartilhar. ' +
          'A contagem de cada visão é a da própria lista com os filtros dela (`_start=0&_end=0`, total em `x-total-count`). 403: uma lista que a pessoa não lê.',
        parameters: [{ name: 'lista', in: 'query', required: true, schema: lista(schemas) }],
        responses: {
          200: {
            description: 'Visões da lista.',
            content: json({
              type: 'object',
              required: ['lista', 'podeCompartilhar', 'padrao', 'visoes'],
              properties: {
                lista: { type: 'string' },
                podeCompartilhar: { type: 'boolean' },
                padrao: { type: ['integer', 'null'], description: 'A visão padrão da pessoa nesta lista (aplicada ao abrir a lista sem filtros na URL).' },
                visoes: { type: 'array', items: v },
              },
            }),
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
      post: {
        tags: TAGS,
        operationId: 'criarVisao',
        summary: 'Salva o estado atual de uma lista como visão',
        description: `Nome único por pessoa e lista; no máximo ${VIEWS_PER_LIST_MAX} visões por pessoa e lista. 400 com mensagens por campo; 403 ao compartilhar sem administrar a entidade.`,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['lista', 'nome', 'estado'],
            properties: { lista: lista(schemas), nome, estado: state, papeis: codes('Papéis'), obras: codes('Obras') },
          }),
        },
        responses: { 201: { description: 'Visão salva.', content: json(v) }, 400: r('BadRequest'), 401: r('Unauthorized'), 403: r('Forbidden') },
      },
    },
    '/visoes/padrao': {
      put: {
        tags: TAGS,
        operationId: 'definirVisaoPadrao',
        summary: 'Define (ou tira) a visão padrão da pessoa numa lista',
        description: 'A visão deve ser da lista e visível para a pessoa (404 se não for); `visao: null` tira a padrão.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['lista', 'visao'],
            properties: { lista: lista(schemas), visao: { type: ['integer', 'null'], minimum: 1 } },
          }),
        },
        responses: {
          200: {
            description: 'A padrão da lista.',
            content: json({ type: 'object', required: ['lista', 'visao'], properties: { lista: { type: 'string' }, visao: { type: ['integer', 'null'] } } }),
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
    '/visoes/{id}': {
      patch: {
        tags: TAGS,
        operationId: 'alterarVisao',
        summary: 'Altera uma visão salva (nome, estado, compartilhamento)',
        description: `Com a \`version\` lida: 409 se outra alteração veio antes. ${WHO} Compartilhar com novos papéis ou obras exige administrar a entidade (403).`,
        parameters: [idParam],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['version'],
            properties: { version: { type: 'integer', minimum: 1 }, nome, estado: state, papeis: codes('Papéis'), obras: codes('Obras') },
          }),
        },
        responses: {
          200: { description: 'Visão alterada.', content: json(v) },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
      delete: {
        tags: TAGS,
        operationId: 'excluirVisao',
        summary: 'Exclui uma visão salva',
        description: `${WHO} Quem a tinha como padrão volta à lista sem visão.`,
        parameters: [idParam],
        responses: {
          200: {
            description: 'Excluída.',
            content: json({ type: 'object', required: ['id', 'mensagem'], properties: { id: { type: 'integer' }, mensagem: { type: 'string' } } }),
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
  };
}
