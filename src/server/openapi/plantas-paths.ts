/** OpenAPI of a site's plans and the pins on them (src/server/plantas/, issue 42). */
import { PLANTA_DISCIPLINAS, PLANTA_MAX_FOLHAS, PLANTA_MAX_LADO_PT } from '../../../schemas/folha-planta';
import { ITEM_VERIFICACAO_STATUS } from '../../../schemas/item-verificacao';
import {
  MINIATURA_FOLHA_PX,
  PIN_KINDS,
  PINNABLE,
  RELATORIO_ITENS_MAX,
  RELATORIO_ITENS_MAX_DESTINATARIOS,
  RELATORIO_ITENS_MAX_MENSAGEM,
} from '../../../resources/plantas';
import { plantaMaxMb } from '../plantas/pdf-check';
import { TOTAL_COUNT_HEADERS, responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const tags = ['Plantas'];
const nullable = (type: string, extra: JsonSchema = {}) => ({ type: [type, 'null'], ...extra });
const count = { type: 'integer', minimum: 0 };
const fraction = { type: 'number', minimum: 0, maximum: 1 };
const sheetId = { name: 'id', in: 'path', required: true, description: 'A folha de planta (GET /plantas/{id}).', schema: { type: 'integer', minimum: 1 } };
const chave = {
  name: 'chave',
  in: 'path',
  required: true,
  description: '`item-<id>` (um item de verificação) ou `pino-<id>` (um registro fixado).',
  schema: { type: 'string', pattern: '^(item|pino)-[0-9]{1,15}$' },
};
const errors = { 400: r('BadRequest'), 401: r('Unauthorized'), 403: r('Forbidden'), 404: r('NotFound') };

const folha: JsonSchema = {
  type: 'object',
  required: ['id', 'codigo', 'titulo', 'ativa', 'itens', 'outrosPinos', 'revisaoMudou'],
  properties: {
    id: { type: 'integer' },
    codigo: { type: 'string' },
    titulo: { type: 'string' },
    disciplina: nullable('string'),
    revisao: nullable('string'),
    revisaoAnterior: nullable('string'),
    pagina: nullable('integer', { description: 'A página do PDF que é esta folha.' }),
    largura: nullable('number', { description: 'Em pontos PDF (1/72 pol.), com a rotação da página aplicada.' }),
    altura: nullable('number'),
    ativa: { type: 'boolean', description: 'Falso: a folha não consta da última revisão do documento.' },
    conjunto: nullable('string', { description: 'O documento de origem: `pdf:<código>` ou `projeto:<id>`.' }),
    projeto: nullable('integer'),
    arquivo: {
      type: ['object', 'null'],
      properties: { key: { type: 'string' }, name: { type: 'string' }, size: { type: 'integer' }, url: { type: 'string' } },
    },
    itens: {
      type: 'object',
      required: ['total', 'atrasados', 'porSituacao'],
      properties: { total: count, atrasados: count, porSituacao: { type: 'object', additionalProperties: count } },
      description: 'Os itens de verificação da folha que a pessoa pode ler.',
    },
    outrosPinos: { ...count, description: 'Registros de outros módulos fixados na folha.' },
    revisaoMudou: { ...count, description: 'Pinos que aguardam a confirmação da posição depois de uma nova revisão.' },
  },
};

const pino: JsonSchema = {
  type: 'object',
  required: ['chave', 'recurso', 'id', 'tipo', 'x', 'y', 'titulo', 'atrasado', 'revisaoMudou'],
  properties: {
    chave: { type: 'string' },
    recurso: { type: 'string', enum: PIN_KINDS.map((k) => k.value) },
    id: { type: 'integer' },
    item: nullable('integer', { description: 'O item do checklist (não conformidade).' }),
    tipo: { type: 'string' },
    x: fraction,
    y: fraction,
    titulo: { type: 'string' },
    codigo: nullable('string'),
    estado: {
      type: ['object', 'null'],
      properties: { valor: { type: 'string' }, rotulo: { type: 'string' }, cor: { type: 'string' } },
    },
    disciplina: nullable('string'),
    empresa: nullable('string', { description: 'CNPJ da empresa responsável (ou envolvida).' }),
    prazo: nullable('string', { format: 'date-time' }),
    atrasado: { type: 'boolean' },
    revisaoMudou: { type: 'boolean' },
    revisaoAnterior: nullable('string'),
  },
};

const resultado: JsonSchema = {
  type: 'object',
  required: ['obra', 'conjunto', 'revisao', 'folhas', 'retiradas', 'pinosMarcados'],
  properties: {
    obra: { type: 'string' },
    conjunto: { type: 'string' },
    revisao: { type: 'string' },
    folhas: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'codigo', 'pagina', 'situacao'],
        properties: {
          id: { type: 'integer' },
          codigo: { type: 'string' },
          pagina: { type: 'integer' },
          situacao: { type: 'string', enum: ['nova', 'substituida'] },
        },
      },
    },
    retiradas: { type: 'array', items: { type: 'integer' }, description: 'Folhas que a nova revisão não tem mais (não vigentes).' },
    pinosMarcados: { ...count, description: 'Pinos marcados "revisão mudou".' },
  },
};

const query = (name: string, description: string, schema: JsonSchema) => ({ name, in: 'query', required: false, description, schema });
const point = { type: 'object', properties: { x: fraction, y: fraction }, additionalProperties: false };

const obraParam = { name: 'obra', in: 'path', required: true, schema: { type: 'string', maxLength: 20 } };

/** The punch-list report of a site and its e-mail to a company (src/server/plantas/report-routes.ts). */
function punchReportPaths(): Record<string, JsonSchema> {
  return {
    '/obras/{obra}/itens-verificacao/relatorio.pdf': {
      parameters: [obraParam],
      get: {
        tags,
        operationId: 'relatorioItensVerificacao',
        summary: 'O relatório em PDF dos itens de verificação da obra, com o recorte da planta em volta de cada pino',
        description:
          'Os itens que a pessoa pode ler (as regras da lista: um fornecedor recebe só os da sua empresa, sem campos internos), por número, ' +
          `no máximo ${RELATORIO_ITENS_MAX}. Cada item traz situação, prioridade, disciplina, empresa, responsável, prazo, local, o recorte da folha ` +
          'com o pino (ou "Planta indisponível"), até 4 fotos e o histórico. Sem itens, o PDF diz "Nenhum item de verificação com esses filtros."',
        parameters: [
          query('empresa', 'O CNPJ da empresa responsável (14 dígitos, com ou sem pontuação).', { type: 'string', pattern: '^[0-9./-]{14,18}$' }),
          query('disciplina', 'Disciplina.', { type: 'string', enum: PLANTA_DISCIPLINAS }),
          {
            ...query('status', 'Situação; repetido ou separado por vírgulas.', { type: 'array', items: { type: 'string', enum: ITEM_VERIFICACAO_STATUS } }),
            style: 'form',
            explode: true,
          },
        ],
        responses: {
          200: {
            description: 'O PDF (Content-Disposition: attachment; filename="itens-verificacao-obra-<obra>-<aaaa-mm-dd>.pdf").',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors,
        },
      },
    },
    '/obras/{obra}/itens-verificacao/relatorio/enviar': {
      parameters: [obraParam],
      post: {
        tags,
        operationId: 'enviarRelatorioItensVerificacao',
        summary: 'Envia por e-mail a uma empresa o PDF dos seus itens de verificação em aberto na obra',
        description:
          'Para quem pode alterar os itens de verificação da obra (fornecedores e clientes: 403). O anexo traz os itens Aberto, Em correção e ' +
          'Reaberto da empresa, como a empresa os vê (sem campos internos). Destinatários: `para` ou, sem ele, o e-mail cadastrado da empresa. ' +
          '400 por campo: empresa ausente ou desconhecida, e-mail inválido, nenhum destinatário, empresa sem itens em aberto na obra.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['empresa'],
            properties: {
              empresa: { type: 'string', pattern: '^[0-9./-]{14,18}$', description: 'O CNPJ da empresa (14 dígitos, com ou sem pontuação).' },
              para: { type: 'array', maxItems: RELATORIO_ITENS_MAX_DESTINATARIOS, items: { type: 'string', format: 'email' } },
              mensagem: { type: 'string', maxLength: RELATORIO_ITENS_MAX_MENSAGEM },
            },
          }),
        },
        responses: {
          202: {
            description: 'O e-mail foi posto na fila.',
            content: json({
              type: 'object',
              required: ['para', 'itens'],
              properties: { para: { type: 'array', items: { type: 'string' } }, itens: count },
            }),
          },
          ...errors,
        },
      },
    },
  };
}

export function plantasPaths(): Record<string, JsonSchema> {
  const limits = `PDF de até ${plantaMaxMb()} MB (PLANTA_MAX_MB), até ${PLANTA_MAX_FOLHAS} páginas de no máximo ${PLANTA_MAX_LADO_PT} × ${PLANTA_MAX_LADO_PT} pt, sem senha nem criptografia.`;
  return {
    '/obras/{obra}/plantas': {
      parameters: [{ name: 'obra', in: 'path', required: true, schema: { type: 'string', maxLength: 20 } }],
      get: {
        tags,
        operationId: 'plantasDaObra',
        summary: 'As folhas de planta da obra, com os itens de verificação de cada uma por situação',
        description:
          'As folhas que a pessoa pode ler (as vigentes primeiro), cada uma com o PDF e a página de origem, o tamanho em pontos, ' +
          'os itens de verificação que a pessoa pode ler por situação e os atrasados, os pinos de outros registros e os que aguardam confirmação.',
        responses: {
          200: { description: 'As folhas que a pessoa pode ler.', headers: TOTAL_COUNT_HEADERS, content: json({ type: 'array', items: folha }) },
          ...errors,
        },
      },
      post: {
        tags,
        operationId: 'enviarPlanta',
        summary: 'Envia o PDF de uma planta: cada página vira uma folha; o mesmo código com nova revisão substitui as folhas e marca os pinos',
        description: `${limits} Nada é guardado se o arquivo ou os campos forem recusados (400 por campo).`,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file', 'codigo'],
                properties: {
                  file: { type: 'string', format: 'binary', description: 'O PDF.' },
                  codigo: { type: 'string', maxLength: 60, description: 'Código do documento; várias páginas recebem -01, -02…' },
                  titulo: { type: 'string', maxLength: 200, description: 'Padrão: o nome do arquivo.' },
                  disciplina: { type: 'string', enum: PLANTA_DISCIPLINAS },
                  revisao: { type: 'string', maxLength: 5, description: 'Padrão: 0.' },
                },
              },
            },
          },
        },
        responses: { 201: { description: 'As folhas criadas ou substituídas.', content: json(resultado) }, ...errors },
      },
    },
    '/projetos/{id}/planta': {
      parameters: [{ name: 'id', in: 'path', required: true, description: 'O documento CRE.', schema: { type: 'integer', minimum: 1 } }],
      post: {
        tags,
        operationId: 'marcarDocumentoComoPlanta',
        summary: 'Marca um documento CRE como planta: cada página do PDF vira uma folha da obra do documento',
        description: `Feito de novo depois de uma nova revisão do documento, substitui as folhas dele e marca os pinos. ${limits}`,
        requestBody: {
          required: false,
          content: json({
            type: 'object',
            additionalProperties: false,
            properties: { arquivo: { type: 'string', description: 'A chave de um dos PDFs do documento (dispensável se ele tem só um).' } },
          }),
        },
        responses: { 201: { description: 'As folhas criadas ou substituídas.', content: json(resultado) }, ...errors },
      },
    },
    '/plantas/{id}/pinos': {
      parameters: [sheetId],
      get: {
        tags,
        operationId: 'pinosDaFolha',
        summary: 'Os pinos da folha: itens de verificação e registros fixados, cada um com a sua situação',
        description: 'Cada registro aparece só se a pessoa pode lê-lo pelas regras do módulo dele. Posições de 0 a 1 a partir do canto superior esquerdo.',
        parameters: [
          query('status', 'Situação do registro.', { type: 'string', maxLength: 60 }),
          query('empresa', 'CNPJ da empresa responsável.', { type: 'string', pattern: '^[0-9]{14}$' }),
          query('disciplina', 'Disciplina.', { type: 'string', enum: PLANTA_DISCIPLINAS }),
          query('tipo', 'Tipo de pino.', { type: 'string', enum: PIN_KINDS.map((k) => k.value) }),
          query('atrasados', 'Só os atrasados.', { type: 'string', enum: ['true', 'false', '1', '0'] }),
        ],
        responses: {
          200: { description: 'Os pinos que a pessoa pode ver.', headers: TOTAL_COUNT_HEADERS, content: json({ type: 'array', items: pino }) },
          ...errors,
        },
      },
      post: {
        tags,
        operationId: 'fixarRegistroNaFolha',
        summary: 'Fixa na folha um registro de outro módulo da mesma obra',
        description:
          'O registro precisa existir, ser da obra da folha e poder ser lido pela pessoa; o ponto fica dentro da folha (0 a 1); uma não conformidade ' +
          'de checklist indica o item. Pede o direito de alterar a folha ou de editar o registro. Fixar de novo o mesmo registro move o pino.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['recurso', 'id', 'x', 'y'],
            additionalProperties: false,
            properties: {
              recurso: { type: 'string', enum: PINNABLE.map((k) => k.resource) },
              id: { type: 'integer', minimum: 1 },
              item: { type: 'integer', minimum: 1, maximum: 999, description: 'Não conformidade de checklist: o número do item.' },
              x: fraction,
              y: fraction,
            },
          }),
        },
        responses: { 201: { description: 'O pino.', content: json(pino) }, ...errors },
      },
    },
    '/plantas/{id}/pinos/{chave}/confirmar': {
      parameters: [sheetId, chave],
      post: {
        tags,
        operationId: 'confirmarPino',
        summary: 'Confirma (ou reposiciona) um pino depois de uma nova revisão da folha',
        description:
          'Sem corpo, confirma a posição; com `x` e `y`, move o pino. Um item pede o direito de editá-lo; outro registro, o de alterar a folha ou editar o registro.',
        requestBody: { required: false, content: json(point) },
        responses: { 200: { description: 'O pino, sem "revisão mudou".', content: json(pino) }, ...errors },
      },
    },
    '/plantas/{id}/pinos/{chave}': {
      parameters: [sheetId, chave],
      delete: {
        tags,
        operationId: 'retirarPino',
        summary: 'Retira da folha o pino de um registro (um item de verificação sai editando o item)',
        description: 'Pede o direito de alterar a folha ou de editar o registro fixado.',
        responses: { 200: { description: 'O pino retirado.', content: json(pino) }, ...errors },
      },
    },
    '/plantas/{id}/miniatura': {
      parameters: [sheetId],
      get: {
        tags,
        operationId: 'miniaturaDaFolha',
        summary: 'A miniatura da folha: a página do PDF como imagem WebP pequena, fundo branco',
        description:
          `Cerca de ${MINIATURA_FOLHA_PX} px no lado maior. Lida por quem lê a folha (a mesma regra de GET /plantas/{id}); 404 para quem não lê, ` +
          'para uma folha sem PDF e para um PDF que não pôde ser lido. Gerada na primeira vez e guardada no armazenamento de arquivos (uma nova ' +
          'revisão, um novo PDF: outra miniatura). A resposta tem `ETag` forte e `Cache-Control: private`: com `If-None-Match` igual, 304 sem corpo.',
        parameters: [
          query('v', 'Ignorado pelo servidor: o app põe aqui o PDF e a página da folha, para os caches (um novo arquivo, um novo endereço).', {
            type: 'string',
          }),
          {
            name: 'If-None-Match',
            in: 'header',
            required: false,
            description: 'O `ETag` de uma resposta anterior: 304 se a miniatura é a mesma.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          200: {
            description: 'A imagem.',
            headers: {
              ETag: { description: 'Identifica o PDF, a página e o tamanho da miniatura.', schema: { type: 'string' } },
              'Cache-Control': { description: '`private, max-age=3600`.', schema: { type: 'string' } },
            },
            content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
          },
          304: { description: 'A mesma miniatura do `ETag` enviado em `If-None-Match`.' },
          ...errors,
        },
      },
    },
    ...punchReportPaths(),
  };
}
