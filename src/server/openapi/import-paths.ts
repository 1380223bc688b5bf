/** OpenAPI of the spreadsheet import (src/server/import/routes.ts, issue 38). */
import { MAX_CELL_CHARS, MAX_COLUMNS, MAX_FILE_BYTES, MAX_ROWS } from '../import/limits';
import { MODES, PHASES, ROLES, ROW_ACTIONS, SITUATION_LABELS } from '../import/views';
import { responseRef as r } from './components';
import { ref, type JsonSchema } from './field-schemas';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const binary = { type: 'string', format: 'binary' };
const tags = ['Importação'];
const id = { name: 'id', in: 'path', required: true, description: 'Número da importação.', schema: { type: 'integer', minimum: 1 } };
const nullable = (type: string, extra: JsonSchema = {}) => ({ type: [type, 'null'], ...extra });
const count = { type: 'integer', minimum: 0 };

const summary: JsonSchema = {
  type: 'object',
  required: ['id', 'recurso', 'arquivo', 'situacao', 'total', 'processadas', 'criadas', 'atualizadas', 'iguais', 'erros', 'ignoradas'],
  properties: {
    id: { type: 'integer' },
    recurso: { type: 'string', description: 'O recurso de destino (contratos, obras…).' },
    entidade: { type: 'string', description: 'O nome do cadastro para exibição.' },
    arquivo: { type: 'string' },
    formato: { type: 'string', enum: ['xlsx', 'csv', 'mspdi'], description: '`mspdi`: cronograma do MS Project salvo como XML (só na EAP).' },
    pessoa: { type: 'string', description: 'Quem enviou.' },
    pessoaNome: nullable('string'),
    situacao: { type: 'string', enum: Object.keys(SITUATION_LABELS) },
    situacaoTexto: { type: 'string' },
    etapa: nullable('string', { enum: [...PHASES, null] }),
    modo: nullable('string', { enum: [...MODES, null], description: 'tudo: tudo ou nada, numa transação; validas: só as linhas válidas.' }),
    total: { ...count, description: 'Linhas de dados do arquivo.' },
    processadas: { ...count, description: 'Linhas já processadas na etapa em curso (ou na última).' },
    criadas: count,
    atualizadas: count,
    iguais: count,
    erros: count,
    ignoradas: count,
    mensagem: nullable('string', { description: 'O resumo da última etapa, ou por que falhou.' }),
    criadoEm: { type: 'string', format: 'date-time' },
    iniciadoEm: nullable('string', { format: 'date-time' }),
    concluidoEm: nullable('string', { format: 'date-time' }),
    restanteSegundos: nullable('integer', { description: 'Estimativa do tempo que falta, enquanto roda.' }),
  },
};

const detail: JsonSchema = {
  allOf: [
    summary,
    {
      type: 'object',
      required: ['colunas', 'campos', 'chave', 'notas'],
      properties: {
        colunas: {
          type: 'array',
          items: {
            type: 'object',
            required: ['coluna', 'letra', 'campo'],
            properties: {
              coluna: { type: 'string', description: 'O título da coluna; `Aba "…"`: uma lista lida de uma aba própria da planilha.' },
              letra: { type: 'string', description: 'A letra da coluna; "Aba" numa lista lida de uma aba própria.' },
              campo: nullable('string', { description: 'O campo da coluna; null: ignorada.' }),
            },
          },
        },
        campos: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'label', 'kind', 'obrigatorio', 'papel'],
            properties: {
              name: { type: 'string' },
              label: { type: 'string' },
              kind: { type: 'string' },
              obrigatorio: { type: 'boolean', description: 'Um registro novo precisa desta coluna.' },
              papel: {
                type: 'string',
                enum: [...ROLES],
                description: 'valor, chave (acha o registro a atualizar), situacao, somenteLeitura ou naoImportavel.',
              },
              opcoes: { type: 'array', items: { type: 'object', properties: { value: { type: 'string' }, label: { type: 'string' } } } },
            },
          },
        },
        chave: { type: 'array', items: { type: 'string' }, description: 'Os campos da chave natural (`id`: a coluna ID da exportação).' },
        notas: { type: 'array', items: { type: 'string' }, description: 'O que a pessoa deve saber do arquivo (linhas e colunas ocultas, fórmulas…).' },
        leitura: {
          type: 'object',
          description: 'Linha do cabeçalho, aba, codificação e separador lidos; `abas`: as listas lidas de abas próprias (aba → campo).',
        },
      },
    },
  ],
};

const outcome: JsonSchema = {
  type: 'object',
  required: ['linha', 'acao'],
  properties: {
    linha: { type: 'integer', description: 'A linha na planilha (1 = cabeçalho).' },
    acao: { type: 'string', enum: [...ROW_ACTIONS] },
    registroId: nullable('integer'),
    mensagem: nullable('string'),
    erros: nullable('object', { additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Mensagens por campo, as mesmas da API.' }),
    alteracoes: nullable('object', { description: 'Campo → { de, para } de uma atualização.' }),
  },
};

const xlsxResponse = (description: string) => ({
  description,
  headers: { 'content-disposition': { description: 'attachment, com o nome do arquivo.', schema: { type: 'string' } } },
  content: { [XLSX]: { schema: binary } },
});

export function importPaths(): Record<string, JsonSchema> {
  return {
    '/importacoes': {
      get: {
        tags,
        operationId: 'importacoes',
        summary: 'As importações da pessoa (todas, para administradores com `todas=true`)',
        description: 'Mais recentes primeiro, com a situação, o progresso e as contagens de cada uma; total em x-total-count.',
        parameters: [
          { name: '_start', in: 'query', schema: { type: 'integer', minimum: 0 } },
          { name: '_end', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'recurso', in: 'query', description: 'Só as deste recurso.', schema: { type: 'string' } },
          { name: 'todas', in: 'query', description: 'Administradores: as de todas as pessoas.', schema: { type: 'string', enum: ['true', 'false'] } },
        ],
        responses: {
          200: {
            description: 'Mais recentes primeiro.',
            headers: { 'x-total-count': { schema: { type: 'integer' } } },
            content: json({
              type: 'object',
              required: ['itens', 'total'],
              properties: { itens: { type: 'array', items: summary }, total: { type: 'integer' } },
            }),
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
        },
      },
      post: {
        tags,
        operationId: 'enviarPlanilha',
        summary: 'Envia uma planilha (.xlsx ou .csv) ou um cronograma do MS Project (.xml) para importar num cadastro',
        description:
          `Só para a equipe que pode criar ou alterar registros do cadastro. Até ${MAX_FILE_BYTES / 1024 / 1024} MB, ${MAX_ROWS.toLocaleString('pt-BR')} linhas, ` +
          `${MAX_COLUMNS} colunas e ${MAX_CELL_CHARS.toLocaleString('pt-BR')} caracteres por célula. Recusados com 400 e nada gravado: arquivo vazio ou sem dados, ` +
          'de outro tipo, corrompido ou cortado, com macros (.xlsm), protegido por senha, que se expande demais (zip bomb), com DOCTYPE (entity bomb), ' +
          'CSV com codificações misturadas, cabeçalho com células mescladas ou colunas repetidas. CSV: `;`, `,` ou tab; UTF-8 (com ou sem BOM) ou Windows-1252. ' +
          'Devolve as colunas lidas e o mapeamento proposto (por rótulo ou nome do campo, e o último usado pela pessoa neste cadastro). ' +
          'Na EAP (`recurso=eap-os`), aceita também o cronograma do MS Project salvo como XML (MSPDI, `.xml`): cada tarefa vira uma linha ' +
          '(código da EDT, nome, item pai, início e término, peso pelo trabalho) da obra e área informadas; um XML com DOCTYPE é recusado.',
        parameters: [
          { name: 'recurso', in: 'query', required: true, description: 'O recurso de destino (ex.: `contratos`).', schema: { type: 'string' } },
          { name: 'obra', in: 'query', description: 'Cronograma do MS Project (.xml): a obra da EAP (obrigatória).', schema: { type: 'string' } },
          {
            name: 'area',
            in: 'query',
            description: 'Cronograma do MS Project (.xml): a área da EAP (padrão FIELD).',
            schema: { type: 'string', enum: ['FIELD', 'AUTOMACAO'] },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { ...binary, description: 'A planilha.' } } } },
          },
        },
        responses: {
          201: { description: 'Planilha lida.', content: json(detail) },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          413: { description: 'O arquivo excede o limite de envio do servidor.', content: json(ref('Erro')) },
        },
      },
    },
    '/importacoes/modelo': {
      get: {
        tags,
        operationId: 'modeloImportacao',
        summary: 'O modelo de planilha de um cadastro',
        description:
          'Do esquema em vigor (campos personalizados incluídos): cabeçalhos com os rótulos (obrigatórios com " *" e uma nota), uma linha de exemplo, ' +
          'listas suspensas nas opções e em Sim/Não, e a aba "Valores" com as opções e os registros que a pessoa pode usar em cada referência.',
        parameters: [{ name: 'recurso', in: 'query', required: true, description: 'O recurso (ex.: `contratos`).', schema: { type: 'string' } }],
        responses: { 200: xlsxResponse('O modelo (.xlsx).'), 400: r('BadRequest'), 401: r('Unauthorized'), 403: r('Forbidden') },
      },
    },
    '/importacoes/{id}': {
      get: {
        tags,
        operationId: 'importacao',
        summary: 'Uma importação: situação, progresso, colunas e mapeamento',
        description: 'Só para quem a enviou (ou um administrador). Enquanto roda, `processadas` de `total` e `restanteSegundos` dão o progresso.',
        parameters: [id],
        responses: { 200: { description: 'A importação.', content: json(detail) }, 401: r('Unauthorized'), 404: r('NotFound') },
      },
    },
    '/importacoes/{id}/simular': {
      post: {
        tags,
        operationId: 'simularImportacao',
        summary: 'Simula a importação (nada é gravado), em segundo plano',
        description:
          'Cada linha passa pela mesma gravação da API (validação, permissões, regras, chave natural) e é desfeita: o relatório por linha e campo ' +
          'sai em `/linhas`. O mapeamento enviado fica como o último da pessoa neste cadastro. 400 quando faltam colunas obrigatórias e não há a chave para atualizar.',
        parameters: [id],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: { mapeamento: { type: 'object', additionalProperties: { type: ['string', 'null'] }, description: 'Coluna → campo (null: ignorar).' } },
          }),
        },
        responses: {
          202: { description: 'Simulação iniciada.', content: json(detail) },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    },
    '/importacoes/{id}/importar': {
      post: {
        tags,
        operationId: 'executarImportacao',
        summary: 'Importa depois da simulação, em segundo plano',
        description:
          '`tudo` (padrão): numa transação, tudo ou nada (recusado com 400 se a simulação teve erros). `validas`: só as linhas válidas na simulação. ' +
          'Uma linha cujo registro mudou depois da simulação é recusada, nunca sobrescrita. O histórico de cada registro diz "Importado de <arquivo>, linha N".',
        parameters: [id],
        requestBody: { required: false, content: json({ type: 'object', properties: { modo: { type: 'string', enum: [...MODES] } } }) },
        responses: {
          202: { description: 'Importação iniciada.', content: json(detail) },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          403: r('Forbidden'),
          404: r('NotFound'),
          409: r('Conflict'),
        },
      },
    },
    '/importacoes/{id}/cancelar': {
      post: {
        tags,
        operationId: 'cancelarImportacao',
        summary: 'Pede para parar a simulação ou a importação em curso',
        description:
          'Tudo ou nada: nada fica gravado. Só as válidas: os lotes já concluídos ficam. 409 quando a importação não está em andamento ou o cancelamento já foi pedido.',
        parameters: [id],
        responses: { 202: { description: 'Pedido registrado.', content: json(detail) }, 401: r('Unauthorized'), 404: r('NotFound'), 409: r('Conflict') },
      },
    },
    '/importacoes/{id}/linhas': {
      get: {
        tags,
        operationId: 'linhasImportacao',
        summary: 'O resultado de cada linha da simulação ou da importação',
        description:
          'O que cada linha fará (ou fez): criar, atualizar (com antes e depois por campo), sem alteração, erro (mensagens por campo, as mesmas da API) ou ignorada.',
        parameters: [
          id,
          { name: 'etapa', in: 'query', schema: { type: 'string', enum: [...PHASES] } },
          { name: 'acao', in: 'query', schema: { type: 'string', enum: [...ROW_ACTIONS] } },
          { name: '_start', in: 'query', schema: { type: 'integer', minimum: 0 } },
          { name: '_end', in: 'query', schema: { type: 'integer', minimum: 1 } },
        ],
        responses: {
          200: {
            description: 'Linhas em ordem.',
            headers: { 'x-total-count': { schema: { type: 'integer' } } },
            content: json({
              type: 'object',
              required: ['linhas', 'total'],
              properties: { linhas: { type: 'array', items: outcome }, total: { type: 'integer' } },
            }),
          },
          400: r('BadRequest'),
          401: r('Unauthorized'),
          404: r('NotFound'),
        },
      },
    },
    '/importacoes/{id}/resultado': {
      get: {
        tags,
        operationId: 'resultadoImportacao',
        summary: 'A mesma planilha com a coluna "Resultado" de cada linha',
        description:
          'As colunas e linhas do arquivo enviado, mais "Resultado": o que a linha fará (depois da simulação) ou fez (depois da importação), ou por que foi recusada.',
        parameters: [id],
        responses: { 200: xlsxResponse('A planilha de resultado (.xlsx).'), 401: r('Unauthorized'), 404: r('NotFound'), 409: r('Conflict') },
      },
    },
  };
}
