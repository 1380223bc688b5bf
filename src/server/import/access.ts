/**
 * Who may import into an entity: staff (an external user imports nothing, docs/access.md decision
 * 1) who may create or edit its records (a rule for the action, conditions checked per row by the
 * write itself); and who sees an import: the person who sent it, or an administrator.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import { importRights } from '../../../resources/importacao';
import { ApiError } from '../http/errors';
import type { Actor } from '../crud/record-access';
import type { ImportRow } from './store';

export const EXTERNAL_REFUSAL = 'A importação de planilhas é só para a equipe da empresa.';

/** May the actor import into the entity (staff with a create or edit rule on its governing subject)? */
export function mayImport(schema: EntitySchema, actor: Actor): boolean {
  if (actor.client) return false;
  const { subject, actions } = importRights(schema);
  return actions.some((a) => actor.ability.can(a as never, subject as never));
}

export function checkMayImport(schema: EntitySchema, actor: Actor): void {
  if (actor.client) throw new ApiError(403, EXTERNAL_REFUSAL);
  if (!mayImport(schema, actor)) {
    throw new ApiError(403, `Você não tem permissão para criar nem alterar ${schema.labelPlural.toLowerCase()}: a importação não está disponível.`);
  }
}

export const isImportAdmin = (actor: Actor) => actor.ability.can('manage' as never, 'all' as never);

/** The import, when the actor may see it (its sender or an administrator); else 404. */
export function visibleTo(row: ImportRow | undefined, actor: Actor): ImportRow {
  if (!row || (row.pessoa.toLowerCase() !== actor.email.toLowerCase() && !isImportAdmin(actor))) throw new ApiError(404, 'Importação não encontrada.');
  return row;
}
