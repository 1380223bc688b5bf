/**
 * Refine action names → CASL actions (access.md, "Refine's action names").
 *
 * list/show → read; create → create; edit → update, except `edit` for the
 * subjects whose rules speak of `edit`; delete → delete. Any other (custom)
 * action passes through unchanged. Isomorphic.
 */
import type { Subject } from './subjects';

/** Subjects whose edit permission is the CASL action `edit` (not `update`). */
export const EDIT_ACTION_SUBJECTS: readonly string[] = ['POSVENDAS', 'Contratos', 'SEGUROS', 'TicketSgi', 'Diretorio'];

export type RefineCrudAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

/** The default mapping of the Refine CRUD actions for one subject. */
export function refineActionMap(subject: Subject | string): Record<RefineCrudAction, string> {
  return {
    list: 'read',
    show: 'read',
    create: 'create',
    edit: EDIT_ACTION_SUBJECTS.includes(subject) ? 'edit' : 'update',
    delete: 'delete',
  };
}

/**
 * The CASL action Refine's `can({ resource, action })` stands for.
 * `overrides` is a schema's `actions` (EntitySchema.actions), which wins over the defaults.
 */
export function toCaslAction(
  subject: Subject | string,
  refineAction: string,
  overrides?: Partial<Record<RefineCrudAction, string>>,
): string {
  const override = overrides?.[refineAction as RefineCrudAction];
  if (typeof override === 'string' && override) return override;
  const map = refineActionMap(subject);
  return Object.prototype.hasOwnProperty.call(map, refineAction) ? map[refineAction as RefineCrudAction] : refineAction;
}
