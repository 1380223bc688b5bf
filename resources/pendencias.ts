/**
 * "Minhas pendências" in bulk (issue 25): the declaration of `POST /api/v1/pendencias/lote`
 * (resources/api-route.ts), served by src/server/workflow/pendencias-bulk.ts and called by the inbox
 * (src/app/modules/pendencias).
 */
import { z } from 'zod';
import { defineRoute, documentedAs, type RouteAnswer, type RouteBody } from './api-route';

/** Records one bulk step may take. */
export const BULK_MAX = 100;

const bulkItem = z.object({ resource: z.string(), id: z.int(), version: z.int() });
const ITEMS_MESSAGE = `Envie de 1 a ${BULK_MAX} registros por vez.`;
const TRANSITION_MESSAGE = 'Informe a ação (nome da transição).';

export const pendenciasEmLote = defineRoute({
  method: 'post',
  path: '/pendencias/lote',
  operationId: 'pendenciasEmLote',
  tags: ['Minhas pendências'],
  summary: 'Uma ação em vários registros de uma vez',
  description:
    `Até ${BULK_MAX} registros. Cada um passa pela mesma transição de um a um, em sua própria transação (mesmas verificações, histórico e e-mails). ` +
    'Só para ações sem comentário obrigatório nem campos a preencher; as falhas vêm em `failed` com o motivo.',
  body: z.object({
    transition: z.string({ error: TRANSITION_MESSAGE }).trim().min(1, TRANSITION_MESSAGE),
    // Each record (a module with a workflow, its id and the version read) is checked by the route, one message per key.
    items: documentedAs(
      z.array(z.unknown(), { error: ITEMS_MESSAGE }).min(1, { error: ITEMS_MESSAGE, abort: true }).max(BULK_MAX, ITEMS_MESSAGE),
      z.array(bulkItem).min(1).max(BULK_MAX),
    ) as unknown as z.ZodType<unknown[], BulkItem[]>,
  }),
  invalid: 'Pedido de ação em lote inválido.',
  answers: {
    200: {
      description: 'O que foi feito e o que não foi (com o motivo).',
      schema: z.object({
        ok: z.array(z.object({ resource: z.string(), id: z.int(), version: z.int(), state: z.string(), stateLabel: z.string() })),
        failed: z.array(z.object({ resource: z.string(), id: z.union([z.int(), z.string()]), message: z.string() })),
      }),
    },
    400: 'BadRequest',
    401: 'Unauthorized',
  },
});

/** One record of a bulk step (the version read, so a changed record is refused). */
export type BulkItem = z.output<typeof bulkItem>;
/** The records moved and those refused, each with its reason. */
export type BulkResult = RouteAnswer<typeof pendenciasEmLote>;
export type BulkRequest = RouteBody<typeof pendenciasEmLote>;

export const PENDENCIAS_ROUTES = [pendenciasEmLote];
