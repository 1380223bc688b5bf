/**
 * Refine action names → CASL actions (docs/access.md, "Refine's action names and the entities").
 *
 * list/show → read; create → create; edit → update, except `edit` for the
 * subjects whose schemas all declare `actions.edit: 'edit'`; delete → delete. Any other (custom)
 * action passes through unchanged. A schema's own `actions`, when given, win. Isomorphic.
 */
import { CODE_SCHEMAS } from '../../schemas';
import type { EntitySchema } from '../../schemas/kinds';
import type { Subject } from './subjects';

/**
 * Subjects whose edit permission is the CASL action `edit` (not `update`), for a check made without
 * the schema's `actions`: those whose every entity declares `actions: { edit: 'edit' }` (derived, so
 * the schema stays the one place that says it).
 */
export function editActionSubjects(schemas: readonly EntitySchema[]): string[] {
  const bySubject = new Map<string, boolean>();
  for (const s of schemas) bySubject.set(s.subject, (bySubject.get(s.subject) ?? true) && s.actions?.edit === 'edit');
  return [...bySubject].filter(([, edit]) => edit).map(([s]) => s);
}

export const EDIT_ACTION_SUBJECTS: readonly string[] = editActionSubjects(CODE_SCHEMAS);

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
export function toCaslAction(subject: Subject | string, refineAction: string, overrides?: Partial<Record<RefineCrudAction, string>>): string {
  const override = overrides?.[refineAction as RefineCrudAction];
  if (typeof override === 'string' && override) return override;
  const map = refineActionMap(subject);
  return Object.prototype.hasOwnProperty.call(map, refineAction) ? map[refineAction as RefineCrudAction] : refineAction;
}
