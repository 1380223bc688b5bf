/**
 * OpenAPI of the time-and-accountability routes (issue 25): the e-mail action links
 * (src/server/workflow/email-actions.ts), the caller's preferences (src/server/preferences/store.ts)
 * and the live events stream (src/server/events/routes.ts). The business calendar and the SLA
 * policies are declared routes (resources/calendario.ts, resources/sla.ts).
 */
import { PREFERENCES_CHANGE_SCHEMA, PREFERENCES_SCHEMA } from './notification-paths';
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const body = (schema: JsonSchema) => ({ required: true, content: json(schema) });

const emailAction = {
  type: 'object',
  properties: {
    resource: { type: 'string' },
    id: { type: 'integer' },
    entity: { type: 'string' },
    title: { type: 'string' },
    state: { type: 'string' },
    stateLabel: { type: 'string' },
    stateColor: { type: ['string', 'null'] },
    version: { type: 'integer' },
    rows: {
      type: 'array',
      description: 'Resumo do registro: pares [rótulo, valor], só com o que a pessoa pode ler.',
      items: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }], minItems: 2, maxItems: 2 },
    },
    due: {
      type: ['object', 'null'],
      description: 'Prazo do registro, já formatado, e se está vencido.',
      properties: { label: { type: 'string' }, late: { type: 'boolean' } },
    },
    transition: { type: 'object', properties: { name: { type: 'string' }, label: { type: 'string' } } },
    expiresAt: { type: 'string', format: 'date-time' },
  },
};
const token = { name: 'token', in: 'path', required: true, description: 'O link assinado do e-mail (uso único, expira).', schema: { type: 'string' } };
// Per kind and channel since issue 41 (src/server/openapi/notification-paths.ts).
const preferences = PREFERENCES_SCHEMA;

export function timePaths(): Record<string, JsonSchema> {
  return {
    '/acoes-email/{token}': {
      get: {
        tags: ['Minhas pendências'],
        operationId: 'acaoEmail',
        summary: 'O que um botão de e-mail fará (não altera nada)',
        description:
          'Exige a sessão da própria pessoa a quem o e-mail foi enviado. 410 quando o link já foi usado; 400 quando expirou ou foi adulterado; 403 para outra pessoa.',
        parameters: [token],
        responses: {
          200: { description: 'Resumo do registro e da ação.', content: json(emailAction) },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          403: res('Forbidden'),
          404: res('NotFound'),
          409: res('Conflict'),
          410: res('Gone'),
        },
      },
      post: {
        tags: ['Minhas pendências'],
        operationId: 'confirmarAcaoEmail',
        summary: 'Confirma a ação do botão de e-mail (uma vez)',
        description: 'Faz a transição como a pessoa conectada, verificada e registrada como um passo comum; o link fica usado na mesma transação.',
        parameters: [token],
        requestBody: body({ type: 'object', properties: { comment: { type: 'string', description: 'Comentário, quando a transição pede.' } } }),
        responses: {
          200: { description: 'O registro depois do passo.', content: json({ type: 'object' }) },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          403: res('Forbidden'),
          404: res('NotFound'),
          409: res('Conflict'),
          410: res('Gone'),
        },
      },
    },
    '/preferencias': {
      get: {
        tags: ['Perfil'],
        operationId: 'preferencias',
        summary: 'As preferências da pessoa conectada',
        description:
          'As preferências de notificação da pessoa conectada (por exemplo, o resumo diário das pendências por e-mail); os valores padrão quando nunca foram alteradas.',
        responses: {
          200: { description: 'Preferências (padrões quando nunca alteradas).', content: json(preferences) },
          401: res('Unauthorized'),
          403: res('Forbidden'),
        },
      },
      put: {
        tags: ['Perfil'],
        operationId: 'alterarPreferencias',
        summary: 'Altera as preferências da pessoa conectada',
        description:
          'Grava as preferências de notificação da pessoa conectada: só as chaves enviadas mudam (por tipo de aviso e canal: e-mail, push, resumo diário); campos desconhecidos são recusados (400 por campo, nada gravado). Aceita o cabeçalho `Idempotency-Key`.',
        requestBody: body(PREFERENCES_CHANGE_SCHEMA),
        responses: {
          200: { description: 'Preferências gravadas.', content: json(preferences) },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          403: res('Forbidden'),
        },
      },
    },
    '/eventos': {
      get: {
        tags: ['Minhas pendências'],
        operationId: 'eventos',
        summary: 'Atualizações ao vivo (server-sent events)',
        description:
          'Fluxo `text/event-stream`: `event: pendencias` quando algo que pode mudar as pendências da pessoa foi gravado (sem dados do registro: o aplicativo relê pela API), e `: ping` a cada 25 s. No máximo algumas conexões por pessoa (429 além disso).',
        responses: {
          200: { description: 'Fluxo de eventos.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          401: res('Unauthorized'),
          429: res('TooManyRequests'),
        },
      },
    },
  };
}
