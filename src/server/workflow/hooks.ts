/**
 * The named server-side checks (`guard`) and effects (`after`) that workflows declare: they look
 * at or change other records than the one moving, inside the same transaction. The feature code
 * that owns a name registers its function (`registerGuard`, `registerAfter`, from the entity files
 * imported by `src/server/modules/register.ts`); the transition engine calls it by the name the
 * schema's transition gives. `missingTransitionHooks` is checked at start (`createApp`).
 */
import type { EntitySchema } from '../../../schemas/kinds';
import { CODE_SCHEMAS } from '../../../schemas';
import { unknownHookEntities } from '../crud/hooks-registry';
import type { Db } from '../db/connect';
import type { WorkflowActor } from './definition';

export interface HookContext {
  trx: Db;
  schema: EntitySchema;
  row: Record<string, unknown>;
  actor: WorkflowActor;
  /** The step being taken (`to` null: it keeps the state) and its comment. */
  step?: { name: string; label: string; from: string; to: string | null; comment: string | null };
  /** Queue the e-mails of a record that moved as a consequence (same transaction). */
  notifyMoved: (schema: EntitySchema, before: Record<string, unknown>, after: Record<string, unknown>, label: string) => Promise<void>;
  /**
   * Work to do once the step is committed, outside its transaction (e.g. rendering a document to
   * mail): `db` is the connection pool. Run in order before the step answers; a failure is logged,
   * the step stays taken.
   */
  afterCommit?: (fn: (db: Db) => Promise<void>) => void;
}

export type TransitionHook = (ctx: HookContext) => Promise<void>;

const GUARDS = new Map<string, TransitionHook>();
const AFTER = new Map<string, TransitionHook>();

function register(kind: 'guard' | 'after', map: Map<string, TransitionHook>, name: string, fn: TransitionHook): void {
  const known = map.get(name);
  if (known && known !== fn) throw new Error(`Workflow ${kind} "${name}" is registered twice.`);
  map.set(name, fn);
}

/** A check before a step (named by a transition's `guard`); throws an ApiError to refuse it. */
export const registerGuard = (name: string, fn: TransitionHook): void => register('guard', GUARDS, name, fn);
/** An effect after a step (named by a transition's `after`), in the step's transaction. */
export const registerAfter = (name: string, fn: TransitionHook): void => register('after', AFTER, name, fn);

function named(kind: 'guard' | 'after', map: Map<string, TransitionHook>, name: string): TransitionHook {
  const fn = map.get(name);
  if (!fn) throw new Error(`Workflow ${kind} "${name}" is not registered (src/server/modules/register.ts).`);
  return fn;
}
export const guardNamed = (name: string): TransitionHook => named('guard', GUARDS, name);
export const afterNamed = (name: string): TransitionHook => named('after', AFTER, name);

/**
 * The effects declared by the workflow's `onLeave` for a step from `from` to `to`: those of each
 * group of states that holds `from` and not `to` (none for a step that keeps the state).
 */
export function leaveEffects(schema: EntitySchema, from: string, to: string | null | undefined): string[] {
  if (!to || to === from) return [];
  return (schema.workflow?.onLeave ?? []).filter((l) => l.states.includes(from) && !l.states.includes(to)).map((l) => l.after);
}

/** Every `guard` and `after` the schemas' transitions (and their workflows' `onLeave`) name that has no registered function, as `schema.transition: guard name`. */
export function missingTransitionHooks(schemas: readonly EntitySchema[]): string[] {
  const missing: string[] = [];
  for (const s of schemas) {
    for (const t of s.workflow?.transitions ?? []) {
      if (t.guard && !GUARDS.has(t.guard)) missing.push(`${s.name}.${t.name}: guard ${t.guard}`);
      if (t.after && !AFTER.has(t.after)) missing.push(`${s.name}.${t.name}: after ${t.after}`);
    }
    for (const leave of s.workflow?.onLeave ?? []) if (!AFTER.has(leave.after)) missing.push(`${s.name}.onLeave: after ${leave.after}`);
  }
  return missing;
}

/**
 * At start: every guard and effect the schemas' transitions name is registered, and every entity
 * with registered hooks is a schema (a misspelt name would silently disable its rules).
 */
export function checkHookRegistry(schemas: readonly EntitySchema[], all: readonly EntitySchema[] = CODE_SCHEMAS): void {
  const problems = [
    ...missingTransitionHooks(schemas).map((m) => `unregistered workflow hook ${m}`),
    ...unknownHookEntities(all).map((n) => `entity hooks registered for unknown schema "${n}"`),
  ];
  if (problems.length) throw new Error(`Hook registry (src/server/modules/register.ts): ${problems.join('; ')}.`);
}
