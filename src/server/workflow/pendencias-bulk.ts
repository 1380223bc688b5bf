/**
 * `POST /pendencias/lote` ("Minhas pendências" in bulk): one transition on up to BULK_MAX records,
 * each in its own transaction through `takeTransition`. Split from ./pendencias.ts.
 */
import { ADMIN_TRANSITION, type EntitySchema, type WorkflowTransition } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { findTransition, stateLabel, type WorkflowActor } from './definition';
import { takeTransition } from './transition';
import type { BulkItem, BulkRequest, BulkResult } from '../../../resources/pendencias';

export type { BulkItem, BulkRequest, BulkResult };

/** A transition as A's dialogs may extend it (fields the dialog asks for). */
type Step = WorkflowTransition & { asks?: string[] };

/** The records of a bulk step (its shape checked by its declaration, resources/pendencias.ts), or 400 with a message per key. */
function parseItems(schemas: EntitySchema[], raw: readonly unknown[]): BulkItem[] {
  const errors: Record<string, string[]> = {};
  raw.forEach((r, i) => {
    const it = (typeof r === 'object' && r !== null ? r : {}) as Record<string, unknown>;
    if (typeof it.resource !== 'string' || !schemas.some((s) => s.resource === it.resource && s.workflow)) {
      errors[`items.${i}.resource`] = ['Módulo desconhecido ou sem fluxo de situações.'];
    }
    if (!Number.isSafeInteger(Number(it.id)) || Number(it.id) <= 0 || typeof it.id === 'boolean') errors[`items.${i}.id`] = ['Identificador inválido.'];
    if (it.version === undefined || it.version === null || !Number.isSafeInteger(Number(it.version)) || typeof it.version === 'boolean') {
      errors[`items.${i}.version`] = ['Informe a versão do registro.'];
    }
  });
  if (Object.keys(errors).length) throw new ApiError(400, 'Pedido de ação em lote inválido.', errors);
  return (raw as Record<string, unknown>[]).map((it) => ({ resource: it.resource as string, id: Number(it.id), version: Number(it.version) }));
}

/** Why a step cannot be taken in bulk (it asks something of the person), or undefined. */
function notBulkable(t: Step): string | undefined {
  if (t.name === ADMIN_TRANSITION) return `"${t.label}" não pode ser feita em lote.`;
  if (t.comment === 'required') return `"${t.label}" pede um comentário: faça-a no registro.`;
  if (t.asks?.length) return `"${t.label}" pede dados no diálogo: faça-a no registro.`;
  return undefined;
}

/**
 * `POST /pendencias/lote`: one transition on up to BULK_MAX records, each in its own transaction
 * through `takeTransition` (same checks, history and e-mails as a single step). The answer lists
 * what was done and, with its pt-BR reason, what was not.
 */
export async function bulkTransition(
  db: Db,
  schemas: EntitySchema[],
  actor: WorkflowActor,
  body: { transition: string; items: readonly unknown[] },
): Promise<BulkResult> {
  const { transition } = body;
  const items = parseItems(schemas, body.items);
  const bySchema = new Map(schemas.map((s) => [s.resource, s]));
  const result: BulkResult = { ok: [], failed: [] };
  for (const item of items) {
    const schema = bySchema.get(item.resource)!;
    const wf = schema.workflow!;
    const t = findTransition(wf, transition);
    const refused = t ? notBulkable(t) : 'Ação não encontrada neste fluxo.';
    if (refused) {
      result.failed.push({ resource: item.resource, id: item.id, message: refused });
      continue;
    }
    try {
      const after = await takeTransition(db, schema, actor, String(item.id), transition, { version: item.version });
      const state = String(after[wf.field]);
      result.ok.push({ resource: item.resource, id: item.id, version: Number(after.version), state, stateLabel: stateLabel(wf, state) });
    } catch (err) {
      if (!(err instanceof ApiError)) console.error('[pendencias] erro na ação em lote', item.resource, item.id, err);
      const message = err instanceof ApiError ? err.message : 'Erro interno ao processar este registro. Tente novamente.';
      result.failed.push({ resource: item.resource, id: item.id, message });
    }
  }
  return result;
}
