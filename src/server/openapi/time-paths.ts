/**
 * OpenAPI of the time-and-accountability routes (issue 25): the business calendar
 * (src/server/sla/calendar-routes.ts), the SLA policies per entity (src/server/sla/routes.ts), the
 * e-mail action links (src/server/workflow/email-actions.ts), the caller's preferences
 * (src/server/preferences/store.ts) and the live events stream (src/server/events/routes.ts).
 */
import { WEEKDAY_NAMES } from '../sla/calendar-config';
import { PREFERENCES_CHANGE_SCHEMA, PREFERENCES_SCHEMA } from './notification-paths';
import type { JsonSchema } from './field-schemas';

const res = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const body = (schema: JsonSchema) => ({ required: true, content: json(schema) });

const interval = {
  type: 'array',
  prefixItems: [
    { type: 'integer', minimum: 0, maximum: 1440 },
    { type: 'integer', minimum: 0, maximum: 1440 },
  ],
  minItems: 2,
  maxItems: 2,
  description: 'Início e fim, em minutos desde a meia-noite local (480 = 08:00).',
};
const weeklyHours = {
  type: 'array',
  minItems: 7,
  maxItems: 7,
  description: `Intervalos de trabalho de cada dia, de ${WEEKDAY_NAMES[0]} a ${WEEKDAY_NAMES[6]}; um dia sem intervalos não é útil. Intervalos do mesmo dia não se sobrepõem.`,
  items: { type: 'array', items: interval },
};
const calendar = {
  type: 'object',
  required: ['horas', 'timeZone', 'version', 'podeEditar'],
  properties: {
    horas: weeklyHours,
    cidade: { type: ['string', 'null'], description: 'Cidade da empresa: os feriados de abrangência "Cidade" valem para ela.' },
    timeZone: { type: 'string', examples: ['America/Sao_Paulo'] },
    version: { type: 'integer' },
    updatedAt: { type: ['string', 'null'], format: 'date-time' },
    updatedBy: { type: ['string', 'null'] },
    podeEditar: { type: 'boolean', description: 'A pessoa pode alterar o calendário (administradores).' },
    feriadosNacionais: {
      type: 'array',
      description: 'Feriados nacionais dos anos pedidos (os da empresa e da cidade ficam em /feriados).',
      items: { type: 'object', properties: { date: { type: 'string', format: 'date' }, name: { type: 'string' } } },
    },
  },
};

const slaTarget = {
  type: 'object',
  required: ['key', 'label', 'kind'],
  properties: {
    key: { type: 'string' },
    label: { type: 'string' },
    kind: { type: 'string', enum: ['primeira-resposta', 'resolucao', 'estado'] },
    from: { type: 'array', items: { type: 'string' } },
    fulfilIn: { type: 'array', items: { type: 'string' } },
    amount: { type: 'number', exclusiveMinimum: 0 },
    unit: { type: 'string', enum: ['horas', 'dias'] },
    dueField: { type: 'string' },
    doneAtField: { type: 'string' },
  },
};
const slaDecl = {
  type: 'object',
  required: ['policies'],
  properties: {
    startField: { type: 'string', description: 'Campo de data em que o relógio começa (padrão: a criação do registro).' },
    pauseIn: { type: 'array', items: { type: 'string' }, description: 'Situações em que o relógio para.' },
    reminderPercent: { type: 'integer', minimum: 0, maximum: 99, description: 'Lembrete quando resta esta parte (%) do prazo; 0: sem lembrete.' },
    escalateTo: {
      type: 'object',
      required: ['roles'],
      properties: {
        roles: { type: 'array', items: { type: 'string' }, description: 'Perfis que recebem o escalonamento após a violação.' },
        manager: { type: 'boolean', description: 'Também o gestor imediato (cadastro de usuários) de quem tem o registro.' },
      },
    },
    policies: {
      type: 'array',
      minItems: 1,
      description: 'A primeira política cujas condições valem se aplica.',
      items: {
        type: 'object',
        required: ['name', 'targets'],
        properties: {
          name: { type: 'string' },
          when: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } },
          targets: { type: 'array', minItems: 1, items: slaTarget },
        },
      },
    },
  },
};
const option = { type: 'object', properties: { value: { type: 'string' }, label: { type: 'string' } } };

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
  const resource = {
    name: 'resource',
    in: 'path',
    required: true,
    description: 'Recurso com SLA (posvendas, ticketsSgi, projetos…).',
    schema: { type: 'string' },
  };
  return {
    '/calendario': {
      get: {
        tags: ['Prazos e SLA'],
        operationId: 'calendario',
        summary: 'Calendário útil da empresa',
        description: 'Horário de trabalho de cada dia, cidade, fuso e os feriados nacionais dos anos pedidos. Só colaboradores.',
        parameters: [
          { name: 'ano', in: 'query', description: 'Até cinco anos (padrão: este e o próximo).', schema: { type: 'integer', minimum: 1970, maximum: 2100 } },
        ],
        responses: { 200: { description: 'Calendário.', content: json(calendar) }, 400: res('BadRequest'), 401: res('Unauthorized'), 403: res('Forbidden') },
      },
      put: {
        tags: ['Prazos e SLA'],
        operationId: 'alterarCalendario',
        summary: 'Altera o horário de trabalho e a cidade (administradores)',
        description:
          'Com a versão lida: 409 quando alguém alterou antes. Recusado inteiro (400, erros por dia em horas.0…horas.6) quando há intervalos sobrepostos ou fora do dia.',
        requestBody: body({
          type: 'object',
          required: ['version', 'horas'],
          additionalProperties: false,
          properties: { version: { type: 'integer', minimum: 0 }, horas: weeklyHours, cidade: { type: ['string', 'null'], maxLength: 120 } },
        }),
        responses: {
          200: { description: 'Calendário gravado.', content: json(calendar) },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          403: res('Forbidden'),
          409: res('Conflict'),
        },
      },
    },
    '/sla/{resource}': {
      get: {
        tags: ['Prazos e SLA'],
        operationId: 'sla',
        summary: 'Políticas de SLA em vigor de uma entidade',
        description: 'Para quem lê a entidade (colaboradores): a política em vigor, a declarada no esquema e o vocabulário da tela de edição.',
        parameters: [resource],
        responses: {
          200: {
            description: 'Política e vocabulário.',
            content: json({
              type: 'object',
              properties: {
                resource: { type: 'string' },
                label: { type: 'string' },
                version: { type: 'integer' },
                sla: slaDecl,
                declared: slaDecl,
                canEdit: { type: 'boolean' },
                states: {
                  type: 'array',
                  items: { type: 'object', properties: { value: { type: 'string' }, label: { type: 'string' }, final: { type: 'boolean' } } },
                },
                initial: { type: ['string', 'null'] },
                fields: {
                  type: 'array',
                  items: { type: 'object', properties: { name: { type: 'string' }, label: { type: 'string' }, kind: { type: 'string' } } },
                },
                dateFields: {
                  type: 'array',
                  items: { type: 'object', properties: { name: { type: 'string' }, label: { type: 'string' }, kind: { type: 'string' } } },
                },
                roles: { type: 'array', items: option },
              },
            }),
          },
          401: res('Unauthorized'),
          403: res('Forbidden'),
          404: res('NotFound'),
        },
      },
      put: {
        tags: ['Prazos e SLA'],
        operationId: 'alterarSla',
        summary: 'Substitui as políticas de SLA (administradores da entidade)',
        description:
          'Com a versão lida (409 quando mudou). Os prazos dos registros abertos seguem as novas metas na mesma transação. 400 com mensagens por chave e nada gravado.',
        parameters: [resource],
        requestBody: body({ type: 'object', required: ['version', 'sla'], properties: { version: { type: 'integer', minimum: 0 }, sla: slaDecl } }),
        responses: {
          200: {
            description: 'Política gravada.',
            content: json({ type: 'object', properties: { resource: { type: 'string' }, version: { type: 'integer' }, sla: slaDecl } }),
          },
          400: res('BadRequest'),
          401: res('Unauthorized'),
          403: res('Forbidden'),
          404: res('NotFound'),
          409: res('Conflict'),
        },
      },
    },
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
