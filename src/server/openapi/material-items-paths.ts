/** OpenAPI of a materials list's items from a spreadsheet (src/server/import/material-items-routes.ts, issue 38). */
import { MATERIAL_ITEMS_MODES } from '../../../resources/material-itens-importacao';
import { MAX_FILE_BYTES, MAX_ROWS } from '../import/limits';
import { responseRef as r } from './components';
import { ref, type JsonSchema } from './field-schemas';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const binary = { type: 'string', format: 'binary' };
const tags = ['Importação'];
const id = { name: 'id', in: 'path', required: true, description: 'Número da lista de materiais.', schema: { type: 'integer', minimum: 1 } };
const count = { type: 'integer', minimum: 0 };
const modo = {
  type: 'string',
  enum: [...MATERIAL_ITEMS_MODES],
  default: 'acrescentar',
  description: 'acrescentar: depois dos itens da lista; substituir: no lugar de todos eles.',
};

const report: JsonSchema = {
  type: 'object',
  required: ['arquivo', 'modo', 'linhas', 'validas', 'comErro', 'itensAntes', 'itensDepois', 'colunas', 'erros', 'avisos', 'importado', 'version'],
  properties: {
    arquivo: { type: 'string' },
    modo,
    linhas: { ...count, description: 'Linhas de dados do arquivo.' },
    validas: count,
    comErro: count,
    itensAntes: { ...count, description: 'Itens da lista antes da importação.' },
    itensDepois: { ...count, description: 'Itens da lista como a importação os deixa.' },
    colunas: {
      type: 'array',
      items: {
        type: 'object',
        required: ['coluna', 'campo'],
        properties: { coluna: { type: 'string' }, campo: { type: ['string', 'null'], description: 'O campo do item; null: coluna ignorada.' } },
      },
    },
    erros: {
      type: 'array',
      description: 'As linhas da planilha que não viram item, com as mensagens por campo do item (as mesmas do formulário).',
      items: {
        type: 'object',
        required: ['linha', 'erros'],
        properties: {
          linha: { type: 'integer', minimum: 1 },
          erros: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
    avisos: { type: 'array', items: { type: 'string' } },
    importado: { type: 'boolean', description: 'false na simulação.' },
    version: { type: 'integer', description: 'A versão da lista: a atual na simulação (envie-a na importação), a nova depois de importar.' },
  },
};

const form = (withVersion: boolean): JsonSchema => ({
  'multipart/form-data': {
    schema: {
      type: 'object',
      required: withVersion ? ['file', 'version'] : ['file'],
      properties: {
        file: { ...binary, description: `A planilha (.xlsx ou .csv, até ${MAX_FILE_BYTES / 1024 / 1024} MB e ${MAX_ROWS} linhas).` },
        modo,
        ...(withVersion ? { version: { type: 'integer', description: 'A versão da lista que a simulação mostrou (409 se mudou).' } } : {}),
      },
    },
  },
});

const refusals = {
  400: r('BadRequest'),
  401: r('Unauthorized'),
  403: r('Forbidden'),
  404: r('NotFound'),
  409: r('Conflict'),
  413: { description: 'O arquivo excede o limite de envio do servidor.', content: json(ref('Erro')) },
};

export function materialItemsPaths(): Record<string, JsonSchema> {
  const rules =
    'Só numa lista "Em elaboração" (409 nas outras situações; 403 onde as regras de edição da situação não deixam ninguém alterar) ' +
    'e para quem pode editá-la (403). Arquivo vazio, sem as colunas obrigatórias dos itens, ilegível ou com mais itens do que a lista comporta: 400.';
  return {
    '/materiais/{id}/itens/modelo': {
      get: {
        tags,
        operationId: 'modeloItensMateriais',
        summary: 'O modelo de planilha dos itens de uma lista de materiais',
        description:
          'Cabeçalhos com os rótulos dos campos do item (obrigatórios com " *" e uma nota), uma linha de exemplo e listas suspensas nas opções. ' + rules,
        parameters: [id],
        responses: {
          200: {
            description: 'O modelo (.xlsx).',
            headers: { 'content-disposition': { description: 'attachment, com o nome do arquivo.', schema: { type: 'string' } } },
            content: { [XLSX]: { schema: binary } },
          },
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    },
    '/materiais/{id}/itens/simulacao': {
      post: {
        tags,
        operationId: 'simularItensMateriais',
        summary: 'Simula a importação de itens de uma planilha numa lista de materiais (nada é gravado)',
        description:
          'Colunas pelos rótulos dos campos do item; vírgula decimal e separador de milhar aceitos. Por linha e por campo, as mesmas mensagens do formulário. ' +
          rules,
        parameters: [id],
        requestBody: { required: true, content: form(false) },
        responses: { 200: { description: 'O relatório da simulação.', content: json(report) }, ...refusals },
      },
    },
    '/materiais/{id}/itens/importacao': {
      post: {
        tags,
        operationId: 'importarItensMateriais',
        summary: 'Importa os itens de uma planilha numa lista de materiais, acrescentando ou substituindo',
        description:
          'Uma única alteração da lista (mesmas regras, permissões e validação da edição), registrada no histórico como "Importado de <arquivo>". ' +
          'Tudo ou nada: com uma linha com erro, nada é gravado (400, mensagens em `errors` por `linhas.<linha>.<campo>`). ' +
          'A `version` da lista mudou desde a simulação: 409. ' +
          rules,
        parameters: [id],
        requestBody: { required: true, content: form(true) },
        responses: { 200: { description: 'Itens importados; o relatório e a nova versão da lista.', content: json(report) }, ...refusals },
      },
    },
  };
}
