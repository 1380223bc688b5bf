/** OpenAPI of the search across every module (src/server/search, issue 39): `GET /busca`. */
import type { EntitySchema } from '../../../schemas/kinds';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from '../../../resources/search';
import { searchParts } from '../search/parts';
import { MAX_QUERY_LENGTH } from '../search/parse';
import { responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

const text = { type: 'string' };
const nullableText = { type: ['string', 'null'] };

const hit = {
  type: 'object',
  required: ['recurso', 'modulo', 'id', 'codigo', 'titulo', 'estado', 'obra', 'trecho', 'atualizadoEm'],
  properties: {
    recurso: { type: 'string', description: 'O recurso REST do módulo (o registro é `GET /{recurso}/{id}`).' },
    modulo: { type: 'string', description: 'Nome do módulo para exibição.' },
    id: { type: 'integer' },
    codigo: { ...nullableText, description: 'Código ou número do registro (nº do RDO, código SGI, nº do contrato), quando tem e difere do título.' },
    titulo: text,
    estado: {
      type: ['object', 'null'],
      required: ['valor', 'rotulo', 'cor'],
      properties: { valor: text, rotulo: text, cor: { type: 'string', description: 'Cor da etiqueta (antd).' } },
      description: 'A situação no fluxo, quando o módulo tem um.',
    },
    obra: {
      type: ['object', 'null'],
      required: ['id', 'nome'],
      properties: { id: text, nome: { ...nullableText, description: 'Nome da obra, quando a pessoa pode ver a obra.' } },
    },
    trecho: {
      type: ['object', 'null'],
      required: ['campo', 'partes'],
      description: 'Onde as palavras apareceram: um trecho de um campo que a pessoa pode ler, com as palavras encontradas marcadas.',
      properties: {
        campo: { type: 'string', description: 'O rótulo do campo.' },
        partes: {
          type: 'array',
          items: {
            type: 'object',
            required: ['texto'],
            properties: { texto: text, destaque: { type: 'boolean', description: 'Parte encontrada pela busca.' } },
          },
        },
      },
    },
    atualizadoEm: { type: 'string', format: 'date-time' },
  },
};

const answer = {
  type: 'object',
  required: ['q', 'resultados', 'modulos'],
  properties: {
    q: text,
    resultados: { type: 'array', items: hit, description: 'Código exato primeiro, depois início de código, relevância e os alterados há menos tempo.' },
    modulos: {
      type: 'array',
      description: 'Os módulos com resultados, na ordem do seu melhor resultado.',
      items: {
        type: 'object',
        required: ['recurso', 'modulo', 'quantidade', 'mais'],
        properties: {
          recurso: text,
          modulo: text,
          quantidade: { type: 'integer', description: 'Resultados do módulo até `limite`.' },
          mais: { type: 'boolean', description: 'Há mais resultados no módulo do que `limite` (filtre pelo módulo para vê-los).' },
        },
      },
    },
    aviso: { type: 'string', description: 'Quando não havia o que buscar (só pontuação, uma letra só).' },
  },
};

export function searchPaths(schemas: readonly EntitySchema[]): Record<string, JsonSchema> {
  const modules = schemas.filter((s) => searchParts(s).length).map((s) => s.resource);
  return {
    '/busca': {
      get: {
        tags: ['Busca'],
        operationId: 'buscar',
        summary: 'Uma busca em todos os módulos que a pessoa pode ver',
        description:
          'Busca por código e número (exato e pelo início, pontuação ignorada: CNPJ com ou sem pontos), palavras em português pelo radical e sem acentos, ' +
          'e pequenos erros de digitação. Só nos registros que as listas mostrariam à pessoa (as mesmas regras de acesso), casando só com os campos que ela pode ler: ' +
          'usuários externos nunca encontram um registro por um campo interno nem por um e-mail da equipe (docs/access.md). ' +
          'Vazio: resposta vazia; só pontuação: resposta vazia com `aviso`.',
        parameters: [
          { name: 'q', in: 'query', required: false, description: 'O que buscar.', schema: { type: 'string', maxLength: MAX_QUERY_LENGTH } },
          {
            name: 'modulo',
            in: 'query',
            required: false,
            description: `Só estes módulos (recursos REST separados por vírgula): ${modules.join(', ')}. Desconhecido ou sem busca: 400; um que a pessoa não pode listar: 403.`,
            schema: { type: 'string' },
          },
          {
            name: 'limite',
            in: 'query',
            required: false,
            description: `Resultados na resposta (padrão ${SEARCH_DEFAULT_LIMIT}).`,
            schema: { type: 'integer', minimum: 1, maximum: SEARCH_MAX_LIMIT, default: SEARCH_DEFAULT_LIMIT },
          },
        ],
        responses: {
          200: { description: 'Resultados.', content: { 'application/json': { schema: answer } } },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
    },
  };
}
