/**
 * Work on a record that is not a workflow step but still waits for someone, declared by the feature
 * that owns it (issue 36: a concluded daily report waits for its signatures). "Minhas pendências",
 * the bell and the home page's queue list it like the steps: the feature gives, for the caller, the
 * SQL condition of the records awaiting them, and the action as the inbox shows it (done on the
 * record's page: `?acao=<name>` opens it there). The engine imports no feature; the feature
 * registers here (src/server/modules/register.ts imports it).
 */
import type { RawBuilder, SqlBool } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { WorkflowActor } from './definition';

export interface PendingWork {
  /** The action's name (`?acao=` on the record page) and its pt-BR label. */
  name: string;
  label: string;
  /** The records of `schema` awaiting `actor` (the caller's read rules are the feature's to apply); undefined: none can. */
  where: (schema: EntitySchema, actor: WorkflowActor) => RawBuilder<SqlBool> | undefined;
}

const WORK = new Map<string, PendingWork[]>();

export function registerPendingWork(entity: string, work: PendingWork): void {
  const list = WORK.get(entity) ?? [];
  if (list.some((w) => w.name === work.name && w !== work)) throw new Error(`Pending work "${work.name}" of ${entity} is registered twice.`);
  if (!list.includes(work)) WORK.set(entity, [...list, work]);
}

export const pendingWorkOf = (entity: string): PendingWork[] => WORK.get(entity) ?? [];
