/**
 * OpenAPI of the notifications (issue 41): the preferences per kind and channel (the body of
 * `/preferencias`, src/server/preferences/store.ts) and the person's push devices (`/push`,
 * src/server/push/routes.ts). Contracts: resources/notificacoes.ts.
 */
import { NOTICE_CHANNELS, NOTICE_CHANNEL_LABELS, NOTICE_KINDS, NOTICE_KIND_INFO } from '../../../resources/notificacoes';
import { TOTAL_COUNT_HEADERS } from './components';
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const channels = (required: boolean): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  ...(required ? { required: [...NOTICE_CHANNELS] } : { minProperties: 1 }),
  properties: Object.fromEntries(NOTICE_CHANNELS.map((c) => [c, { type: 'boolean', description: NOTICE_CHANNEL_LABELS[c] }])),
});

const kinds = (required: boolean): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  ...(required ? { required: [...NOTICE_KINDS] } : {}),
  description: `Por tipo de aviso, os canais: ${NOTICE_KINDS.map((k) => `\`${k}\` (${NOTICE_KIND_INFO[k].label})`).join(', ')}.`,
  properties: Object.fromEntries(NOTICE_KINDS.map((k) => [k, { ...channels(required), description: NOTICE_KIND_INFO[k].help }])),
});

const RESUMO = 'Recebe o resumo diário das pendências por e-mail (o mesmo que `notificacoes.pendencia.resumo`).';

/** `GET /preferencias` and the answer of its PUT. */
export const PREFERENCES_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['resumoDiario', 'notificacoes'],
  properties: { resumoDiario: { type: 'boolean', description: RESUMO }, notificacoes: kinds(true) },
};

/** The body of `PUT /preferencias`: any of the keys, only what changes. */
export const PREFERENCES_CHANGE_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { resumoDiario: { type: 'boolean', description: RESUMO }, notificacoes: kinds(false) },
};

const device: JsonSchema = {
  type: 'object',
  required: ['id', 'aparelho', 'servico', 'endpoint', 'criadoEm', 'ultimoEnvioEm'],
  properties: {
    id: { type: 'integer' },
    aparelho: { type: 'string', description: 'O aparelho em palavras (ex.: "Chrome no Android"), do navegador ou do nome enviado.' },
    servico: { type: 'string', description: 'O serviço de push do navegador (ex.: fcm.googleapis.com).' },
    endpoint: { type: 'string', format: 'uri', description: 'O endereço da assinatura (o aplicativo reconhece "este aparelho" por ele).' },
    criadoEm: { type: 'string', format: 'date-time' },
    ultimoEnvioEm: { type: ['string', 'null'], format: 'date-time' },
  },
};

const subscription: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoint', 'keys'],
  description: 'O `PushSubscription.toJSON()` do navegador.',
  properties: {
    endpoint: {
      type: 'string',
      format: 'uri',
      maxLength: 2048,
      description: 'https de um serviço de push de navegador (Chrome/Android, Edge, Firefox, Safari) ou de um host de `PUSH_SERVICE_HOSTS`.',
    },
    expirationTime: { type: ['number', 'null'] },
    keys: {
      type: 'object',
      required: ['p256dh', 'auth'],
      properties: {
        p256dh: { type: 'string', pattern: '^[A-Za-z0-9_-]+={0,2}$', description: 'base64url da chave pública P-256 do navegador (65 bytes).' },
        auth: { type: 'string', pattern: '^[A-Za-z0-9_-]+={0,2}$', description: 'base64url do segredo de autenticação (16 bytes).' },
      },
    },
    aparelho: { type: 'string', maxLength: 120, description: 'Nome do aparelho; sem ele, o do navegador (User-Agent).' },
  },
};

export function notificationPaths(): Record<string, JsonSchema> {
  const tags = ['Perfil'];
  return {
    '/push/chave': {
      get: {
        tags,
        operationId: 'chavePush',
        summary: 'A chave pública VAPID do servidor',
        description: 'O `applicationServerKey` (base64url) da assinatura de push no navegador.',
        responses: {
          200: {
            description: 'Chave.',
            content: json({ type: 'object', required: ['chavePublica'], properties: { chavePublica: { type: 'string' } } }),
          },
          401: res('Unauthorized'),
          403: res('Forbidden'),
        },
      },
    },
    '/push/assinaturas': {
      get: {
        tags,
        operationId: 'aparelhosPush',
        summary: 'Os aparelhos da pessoa conectada com notificações ligadas',
        description:
          'Cada pessoa vê só os seus, os ativados mais recentemente primeiro. Um aparelho que o serviço de push deu por expirado (404/410) já não aparece.',
        responses: {
          200: { description: 'Aparelhos.', headers: TOTAL_COUNT_HEADERS, content: json({ type: 'array', items: device }) },
          401: res('Unauthorized'),
          403: res('Forbidden'),
        },
      },
      post: {
        tags,
        operationId: 'assinarPush',
        summary: 'Liga as notificações neste aparelho',
        description:
          'Guarda a assinatura de push do navegador para a pessoa conectada. O mesmo endereço enviado de novo é atualizado (e passa para quem o enviou). Uma assinatura que não é de um serviço de push de navegador, ou com chaves de outro tamanho, recebe 400 por campo e nada é gravado.',
        requestBody: { required: true, content: json(subscription) },
        responses: {
          201: { description: 'Aparelho guardado.', content: json(device) },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          403: res('Forbidden'),
        },
      },
    },
    '/push/assinaturas/{id}': {
      delete: {
        tags,
        operationId: 'removerAparelhoPush',
        summary: 'Desliga as notificações de um aparelho da própria pessoa',
        description: 'Apaga a assinatura; o aparelho não recebe mais avisos. 404 para um aparelho de outra pessoa ou que não existe.',
        parameters: [{ name: 'id', in: 'path', required: true, description: 'Número do aparelho.', schema: { type: 'integer', minimum: 1 } }],
        responses: { 204: { description: 'Removido.' }, 401: res('Unauthorized'), 403: res('Forbidden'), 404: res('NotFound') },
      },
    },
  };
}
