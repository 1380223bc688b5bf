/** OpenAPI of the daily report's own routes beside its CRUD: the copy of the previous day, the form's options and the PDF (src/server/rdo/routes.ts). */
import { schemaByName } from '../../../schemas';
import { RDO_SECTIONS } from '../../../schemas/configuracao-rdo';
import { parameterRef as P, responseRef as r } from './components';
import { fieldValueSchema, type JsonSchema } from './field-schemas';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/**
 * The item schema of a `rows` field of an entity, with only `keys` (in that order); `required` lists
 * the sub-fields the answer always carries.
 */
function rowItem(entity: string, field: string, keys: string[], required: string[] = []): JsonSchema {
  const subs = schemaByName(entity)?.fields.find((f) => f.name === field)?.fields ?? [];
  const properties = Object.fromEntries(
    keys.map((k) => {
      const sub = subs.find((s) => s.name === k);
      return [k, sub ? fieldValueSchema(sub) : { type: 'string' }];
    }),
  );
  return { type: 'object', ...(required.length ? { required } : {}), properties };
}

const obraQuery = {
  name: 'obra',
  in: 'query',
  required: true,
  description: 'A obra (código da lista de obras).',
  schema: { type: 'string', minLength: 1, maxLength: 20 },
};

export function rdoPaths(): Record<string, JsonSchema> {
  const tags = ['Diários de obra'];
  const copy = {
    type: 'object',
    required: ['obra', 'data', 'dataOcupada', 'maoDeObra', 'equipamentos', 'atividades', 'origem'],
    properties: {
      obra: { type: 'string' },
      data: { type: ['string', 'null'], format: 'date', description: 'Hoje, ou null quando a obra já tem um diário com a data de hoje.' },
      dataOcupada: { type: 'boolean', description: 'A obra já tem um diário com a data de hoje (dois diários da obra não podem ter a mesma data).' },
      maoDeObra: {
        type: 'array',
        items: rowItem('diario', 'maoDeObra', ['empresa', 'funcao', 'quantidade']),
        description: 'As linhas de mão de obra do diário anterior (empresa, função e quantidade).',
      },
      equipamentos: {
        type: 'array',
        items: rowItem('diario', 'equipamentos', ['equipamento', 'quantidade']),
        description: 'As linhas de equipamentos do diário anterior (equipamento e quantidade).',
      },
      atividades: {
        type: 'array',
        items: rowItem('diario', 'atividades', ['eapItem', 'descricao', 'unidade']),
        description: 'As atividades ainda em andamento no diário anterior (avanço abaixo de 100% ou não informado), sem quantidade.',
      },
      origem: {
        type: 'object',
        required: ['id', 'numero', 'data'],
        description: 'O diário de onde os dados foram copiados (GET /diarios/{id}).',
        properties: {
          id: { type: 'integer', minimum: 1 },
          numero: { type: ['integer', 'null'], description: 'Nº do RDO na obra.' },
          data: { type: ['string', 'null'], format: 'date' },
        },
      },
    },
  };
  const options = {
    type: 'object',
    required: ['obra', 'turnos', 'maoDeObra', 'equipamentos', 'estacoes', 'obrigatorias'],
    properties: {
      obra: { type: 'string' },
      turnos: {
        type: 'array',
        items: rowItem('configuracaoRdo', 'turnos', ['periodo', 'inicio', 'fim'], ['periodo', 'inicio', 'fim']),
        description: 'Os turnos de trabalho: cada um vira uma linha de clima no novo diário.',
      },
      maoDeObra: {
        type: 'array',
        items: rowItem('configuracaoRdo', 'maoDeObra', ['empresa', 'funcao'], ['empresa', 'funcao']),
        description: 'As empresas e funções oferecidas nas linhas de mão de obra (vazia: texto livre).',
      },
      equipamentos: {
        type: 'array',
        items: rowItem('configuracaoRdo', 'equipamentos', ['equipamento'], ['equipamento']),
        description: 'Os equipamentos oferecidos nas linhas de equipamentos (vazia: texto livre).',
      },
      estacoes: {
        type: 'array',
        items: rowItem('configuracaoRdo', 'estacoes', ['nome', 'codigo', 'fonte'], ['nome']),
        description: 'As estações meteorológicas de onde se lê a chuva da obra.',
      },
      obrigatorias: {
        type: 'array',
        items: { type: 'string', enum: RDO_SECTIONS.map(([name]) => name) },
        description: 'As seções que os diários da obra devem preencher (a API recusa um diário da obra sem elas).',
      },
    },
  };
  return {
    '/diarios/copia-anterior': {
      get: {
        tags,
        operationId: 'copiaDoDiarioAnterior',
        summary: 'Dados para um novo diário copiados do último diário da obra ("Copiar do dia anterior")',
        description:
          'O último diário da obra (por data e número) que a pessoa pode ler dá ao novo diário a mão de obra, os equipamentos e as atividades ' +
          'em andamento; nunca a data, o número, as fotos nem as ocorrências. Campos que a pessoa não pode ler não são copiados. ' +
          'Nada é gravado: o corpo serve de ponto de partida para POST /diarios.',
        parameters: [obraQuery],
        responses: {
          200: { description: 'O corpo do novo diário e o diário de origem.', content: json(copy) },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
    '/diarios/opcoes': {
      get: {
        tags,
        operationId: 'opcoesDoDiario',
        summary: 'A configuração do RDO da obra que o formulário do diário oferece',
        description:
          'Turnos, listas de mão de obra e equipamentos, estações meteorológicas e seções obrigatórias da configuração do RDO da obra ' +
          '(listas vazias quando a obra não tem configuração). Para quem pode criar, alterar, ler ou configurar os diários da obra.',
        parameters: [obraQuery],
        responses: {
          200: { description: 'A configuração da obra.', content: json(options) },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
        },
      },
    },
    '/diarios/{id}/pdf': {
      parameters: [P('id')],
      get: {
        tags,
        operationId: 'pdfDoDiario',
        summary: 'O diário em PDF, com as assinaturas',
        description:
          'O diário como documento PDF (anexo), com o bloco das assinaturas conferidas contra o conteúdo gravado. ' +
          'Mesmas regras de leitura do registro (GET /diarios/{id}): campos que a pessoa não pode ler ficam de fora.',
        responses: {
          200: {
            description: 'O PDF do diário.',
            headers: {
              'content-disposition': { description: 'attachment, com o nome do arquivo.', schema: { type: 'string' } },
            },
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
        },
      },
    },
  };
}
