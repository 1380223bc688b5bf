/**
 * The SLA policies of an entity at run time (issue 25): the declarations of
 * `GET/PUT /api/v1/sla/{resource}` (resources/api-route.ts), served by src/server/sla/routes.ts and
 * read by the SLA editor (src/app/modules/sla). A policy is the schema's `sla` (schemas/sla-types.ts).
 */
import { z } from 'zod';
import type { SlaDecl } from '../schemas/sla-types';
import { checkedByHandler, defineRoute, type RouteAnswer } from './api-route';

const TAGS = ['Prazos e SLA'];

const slaTarget = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['primeira-resposta', 'resolucao', 'estado']),
  from: z.array(z.string()).optional(),
  fulfilIn: z.array(z.string()).optional(),
  amount: z.number().positive().optional(),
  unit: z.enum(['horas', 'dias']).optional(),
  dueField: z.string().optional(),
  doneAtField: z.string().optional(),
});

/** A policy as the API carries it: the shape of `SlaDecl`. */
const slaDecl = z.object({
  startField: z.string().optional().meta({ description: 'Campo de data em que o relógio começa (padrão: a criação do registro).' }),
  pauseIn: z.array(z.string()).optional().meta({ description: 'Situações em que o relógio para.' }),
  reminderPercent: z.int().min(0).max(99).optional().meta({ description: 'Lembrete quando resta esta parte (%) do prazo; 0: sem lembrete.' }),
  escalateTo: z
    .object({
      roles: z.array(z.string()).meta({ description: 'Perfis que recebem o escalonamento após a violação.' }),
      manager: z.boolean().optional().meta({ description: 'Também o gestor imediato (cadastro de usuários) de quem tem o registro.' }),
    })
    .optional(),
  policies: z
    .array(
      z.object({
        name: z.string(),
        when: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
        targets: z.array(slaTarget).min(1),
      }),
    )
    .min(1)
    .meta({ description: 'A primeira política cujas condições valem se aplica.' }),
}) satisfies z.ZodType<SlaDecl>;

const resource = z.object({ resource: z.string().meta({ description: 'Recurso com SLA (posvendas, ticketsSgi, projetos…).' }) });
const named = { name: z.string(), label: z.string(), kind: z.string() };

export const sla = defineRoute({
  method: 'get',
  path: '/sla/{resource}',
  operationId: 'sla',
  tags: TAGS,
  summary: 'Políticas de SLA em vigor de uma entidade',
  description: 'Para quem lê a entidade (colaboradores): a política em vigor, a declarada no esquema e o vocabulário da tela de edição.',
  params: resource,
  answers: {
    200: {
      description: 'Política e vocabulário.',
      schema: z.object({
        resource: z.string(),
        label: z.string(),
        version: z.int(),
        sla: slaDecl,
        declared: slaDecl.optional(),
        canEdit: z.boolean(),
        states: z.array(z.object({ value: z.string(), label: z.string(), final: z.boolean() })),
        initial: z.string().nullable(),
        fields: z.array(z.object({ ...named, options: z.array(z.string()).optional() })),
        dateFields: z.array(z.object(named)),
        roles: z.array(z.object({ value: z.string(), label: z.string() })),
      }),
    },
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'NotFound',
  },
});

export const alterarSla = defineRoute({
  method: 'put',
  path: '/sla/{resource}',
  operationId: 'alterarSla',
  tags: TAGS,
  summary: 'Substitui as políticas de SLA (administradores da entidade)',
  description:
    'Com a versão lida (409 quando mudou). Os prazos dos registros abertos seguem as novas metas na mesma transação. 400 com mensagens por chave e nada gravado.',
  params: resource,
  body: z.object({
    version: z.int({ error: 'Informe um número inteiro.' }).min(0, 'Informe um número inteiro.'),
    // Checked by the route against the entity's fields, states and roles (src/server/sla/policy.ts).
    sla: checkedByHandler(slaDecl),
  }),
  invalid: 'Informe a versão da política que você leu.',
  answers: {
    200: { description: 'Política gravada.', schema: z.object({ resource: z.string(), version: z.int(), sla: slaDecl }) },
    400: 'BadRequest',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'NotFound',
    409: 'Conflict',
  },
});

export const SLA_ROUTES = [sla, alterarSla];

/** `GET /api/v1/sla/{resource}`: the effective policy, the declared one, and the entity's words for the editor. */
export type SlaPolicyAnswer = RouteAnswer<typeof sla>;
/** `PUT /api/v1/sla/{resource}`: the stored policy. */
export type SlaPolicySaved = RouteAnswer<typeof alterarSla>;
