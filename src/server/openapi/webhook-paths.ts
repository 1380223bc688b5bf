/**
 * OpenAPI of the webhooks' admin routes (issue 41, src/server/webhooks/routes.ts): the
 * subscriptions, the secret's rotation, the reactivation, the delivery log and "reenviar".
 * Contracts: resources/webhooks.ts.
 */
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS as L } from '../../../resources/webhooks';
import { TOTAL_COUNT_HEADERS, responseRef as r } from './components';
import type { JsonSchema } from './field-schemas';
import { adminOperation } from './admin-operation';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const dateTime = (nullable = false): JsonSchema => ({ type: nullable ? ['string', 'null'] : 'string', format: 'date-time' });
const noStore = { 'Cache-Control': { description: '`no-store`: o segredo não fica em cache.', schema: { type: 'string' } } };

const webhook: JsonSchema = {
  type: 'object',
  required: ['id', 'nome', 'url', 'eventos', 'contaServico', 'situacao', 'falhasConsecutivas', 'dono', 'segredoAnteriorAte', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'integer' },
    nome: { type: 'string' },
    url: { type: 'string', format: 'uri' },
    eventos: { type: 'array', items: { type: 'string' } },
    contaServico: { type: 'integer', description: 'A conta de serviço com cujo acesso o registro de cada entrega é lido.' },
    situacao: { type: 'string', enum: ['ativo', 'pausado'] },
    falhasConsecutivas: { type: 'integer', description: 'Entregas abandonadas seguidas (zera numa entrega recebida ou ao reativar).' },
    dono: { type: 'string', format: 'email', description: 'Quem criou o webhook: recebe o e-mail quando ele é pausado.' },
    segredoAnteriorAte: { ...dateTime(true), description: 'Até quando o segredo anterior ainda assina as entregas (rotação).' },
    createdAt: dateTime(),
    updatedAt: dateTime(),
  },
};
const withSecret: JsonSchema = {
  ...webhook,
  required: [...(webhook.required as string[]), 'segredo'],
  properties: { ...(webhook.properties as JsonSchema), segredo: { type: 'string', description: 'O segredo de assinatura, só nesta resposta.' } },
};
const body = (update: boolean): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  ...(update ? {} : { required: ['nome', 'url', 'eventos', 'contaServico'] }),
  properties: {
    nome: { type: 'string', minLength: 1, maxLength: L.nome },
    url: { type: 'string', format: 'uri', maxLength: L.url, description: 'HTTPS; endereços privados, de loopback, link-local e de metadados são recusados.' },
    eventos: {
      type: 'array',
      minItems: 1,
      maxItems: L.eventos,
      items: { type: 'string', examples: ['contratos.criado', 'contratos.transicao.aprovar'] },
      description: '`<recurso>.criado|alterado|excluido|restaurado|transicao`, `<recurso>.transicao.<nome>` ou um evento de sistema.',
    },
    contaServico: { type: 'integer', minimum: 1 },
    segredo: { type: 'string', minLength: L.segredoMin, maxLength: L.segredoMax, description: 'Gerado quando ausente.' },
  },
});
const payload: JsonSchema = {
  type: 'object',
  required: ['id', 'evento', 'em', 'ator', 'recurso', 'registro'],
  properties: {
    id: { type: 'string', description: `O id do evento (também no cabeçalho \`${WEBHOOK_HEADERS.id}\`).` },
    evento: { type: 'string' },
    em: dateTime(),
    ator: { type: 'object', properties: { nome: { type: 'string' }, email: { type: 'string' } } },
    recurso: { type: ['string', 'null'] },
    registro: { type: ['object', 'null'], description: 'O registro como a conta de serviço o lê; numa exclusão, só o `id`.' },
  },
};
const delivery: JsonSchema = {
  type: 'object',
  required: [
    'id',
    'eventoId',
    'evento',
    'situacao',
    'tentativas',
    'statusHttp',
    'duracaoMs',
    'resposta',
    'erro',
    'criadaEm',
    'ultimaTentativaEm',
    'entregueEm',
    'payload',
  ],
  properties: {
    id: { type: 'integer' },
    eventoId: { type: 'string' },
    evento: { type: 'string' },
    situacao: { type: 'string', enum: ['pendente', 'entregue', 'falhou', 'desistiu'] },
    tentativas: { type: 'integer' },
    statusHttp: { type: ['integer', 'null'] },
    duracaoMs: { type: ['integer', 'null'] },
    resposta: { type: ['string', 'null'], description: 'O começo da resposta (até 1 KB).' },
    erro: { type: ['string', 'null'] },
    criadaEm: dateTime(),
    ultimaTentativaEm: dateTime(true),
    entregueEm: dateTime(true),
    payload,
  },
};

const id = { name: 'id', in: 'path', required: true, description: 'Id do webhook.', schema: { type: 'integer', minimum: 1 } };
const entrega = { name: 'entrega', in: 'path', required: true, description: 'Id da entrega.', schema: { type: 'integer', minimum: 1 } };
const op = adminOperation;

export function webhookPaths(): Record<string, JsonSchema> {
  return {
    '/webhooks': {
      get: op('webhooks', 'Webhooks', 'Todos, sem os segredos.', {
        200: { description: 'Webhooks.', headers: TOTAL_COUNT_HEADERS, content: json({ type: 'array', items: webhook }) },
      }),
      post: op(
        'criarWebhook',
        'Cria um webhook',
        `Endereço HTTPS conferido depois da resolução DNS, eventos do catálogo, segredo de ao menos ${L.segredoMin} caracteres. Dados inválidos: 400 por campo, nada gravado.`,
        { 201: { description: 'Criado (com o segredo).', headers: noStore, content: json(withSecret) }, 400: r('BadRequest') },
        { requestBody: { required: true, content: json(body(false)) } },
      ),
    },
    '/webhooks/{id}': {
      get: op(
        'webhook',
        'Um webhook',
        'Sem o segredo.',
        { 200: { description: 'Webhook.', content: json(webhook) }, 404: r('NotFound') },
        { parameters: [id] },
      ),
      patch: op(
        'alterarWebhook',
        'Altera um webhook',
        'Os campos ausentes ficam como estão.',
        { 200: { description: 'Alterado.', content: json(webhook) }, 400: r('BadRequest'), 404: r('NotFound') },
        { parameters: [id], requestBody: { required: true, content: json(body(true)) } },
      ),
      delete: op(
        'excluirWebhook',
        'Exclui um webhook',
        'Com o seu registro de entregas.',
        { 204: { description: 'Excluído.' }, 404: r('NotFound') },
        { parameters: [id] },
      ),
    },
    '/webhooks/{id}/rotacionar-segredo': {
      post: op(
        'rotacionarSegredoWebhook',
        'Troca o segredo de assinatura',
        `O segredo anterior continua assinando (uma segunda assinatura em \`${WEBHOOK_HEADERS.signature}\`) durante a carência (padrão 24 h, até ${L.carenciaHorasMax} h).`,
        { 200: { description: 'Trocado (com o novo segredo).', headers: noStore, content: json(withSecret) }, 400: r('BadRequest'), 404: r('NotFound') },
        {
          parameters: [id],
          requestBody: {
            content: json({
              type: 'object',
              additionalProperties: false,
              properties: {
                segredo: { type: 'string', minLength: L.segredoMin, maxLength: L.segredoMax },
                carenciaHoras: { type: 'integer', minimum: 0, maximum: L.carenciaHorasMax, default: 24 },
              },
            }),
          },
        },
      ),
    },
    '/webhooks/{id}/reativar': {
      post: op(
        'reativarWebhook',
        'Reativa um webhook pausado',
        'As falhas seguidas voltam a zero; os eventos seguintes são entregues.',
        {
          200: { description: 'Reativado.', content: json(webhook) },
          404: r('NotFound'),
        },
        { parameters: [id] },
      ),
    },
    '/webhooks/{id}/testar': {
      post: op(
        'testarWebhook',
        'Envia um evento de teste',
        'Um evento `ping` (sem registro) só para este webhook, entregue e assinado como os demais; aparece no registro de entregas. Um webhook pausado: 409.',
        { 201: { description: 'Na fila.', content: json(delivery) }, 404: r('NotFound'), 409: r('Conflict') },
        { parameters: [id] },
      ),
    },
    '/webhooks/{id}/entregas': {
      get: op(
        'entregasWebhook',
        'Registro de entregas',
        'As 200 mais recentes: situação, tentativas, status HTTP, duração e o começo da resposta.',
        {
          200: { description: 'Entregas.', headers: TOTAL_COUNT_HEADERS, content: json({ type: 'array', items: delivery }) },
          404: r('NotFound'),
        },
        { parameters: [id] },
      ),
    },
    '/webhooks/{id}/entregas/{entrega}/reenviar': {
      post: op(
        'reenviarEntregaWebhook',
        'Reenvia uma entrega',
        'Volta para a fila com novas tentativas. Uma entrega já recebida (2xx) não é enviada de novo: 409.',
        { 200: { description: 'Na fila.', content: json(delivery) }, 404: r('NotFound'), 409: r('Conflict') },
        { parameters: [id, entrega] },
      ),
    },
  };
}
