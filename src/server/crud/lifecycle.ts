/**
 * The engine's lifecycle of a record (issue 37): what the engine folders above the generic CRUD do
 * to every entity's writes — the workflow's edit rules (src/server/workflow/edit-rules.ts), the
 * SLA's clocks (src/server/sla/engine.ts), the files a record names (src/server/storage/file-access.ts)
 * and the trash a deletion goes to (src/server/trash/move.ts), and the transitions' routes of an
 * entity (src/server/workflow/transition-routes.ts). The repository, the CRUD's routes and the
 * workflow's steps call them through here, so the CRUD imports none of those folders; they are registered once
 * at start by `src/server/modules/engine-lifecycle.ts` (imported first by `src/server/modules/register.ts`).
 * An entity's own rules stay in the hooks registry (hooks-registry.ts).
 */
import type { Hono } from 'hono';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import type { Actor } from './record-access';

type Rec = Record<string, unknown>;

/** The edit right in a record's current state (src/server/workflow/edit-rules.ts). */
export interface EditRight {
  /** CASL action to check against the record. */
  action: string;
  /** Only these fields may change (all writable fields when absent). */
  fields?: string[];
  /** Message when the right is missing (the state is read-only). */
  refusal?: string;
}

export interface EngineLifecycle {
  /** Throws (400) when an edit body changes the workflow's state field. */
  refuseStateEdit: (schema: EntitySchema, body: Rec, before: Rec) => void;
  /** The edit right the record's state gives (`usual` unless the state declares `editBy`); throws 403 when none. */
  stateEditRight: (schema: EntitySchema, record: Rec, usual: string, can: (action: string) => boolean) => EditRight;
  /** Throws when the record's state does not allow deletion. */
  refuseDeleteInState: (schema: EntitySchema, record: Rec) => void;
  /** After a row is stored (a create, an update, a workflow step): recomputes and stores its SLA; the row (mutated) is returned. */
  afterStore: <T extends Rec>(trx: Db, schema: EntitySchema, row: T) => Promise<T>;
  /** When a record is saved: the files it newly names are checked and linked to it. */
  attachFiles: (trx: Db, schema: EntitySchema, actor: Actor, id: number, before: Rec | undefined, after: Rec) => Promise<void>;
  /** A deletion (already allowed): the record and what goes with it go to the trash; returns the entry id. */
  moveToTrash: (trx: Db, schema: EntitySchema, id: number, by: string) => Promise<number>;
  /** Adds the routes of a record beyond the CRUD (the workflow's transitions) to an entity's routes (routes.ts). */
  recordRoutes: (r: Hono<AppEnv>, db: Db, current: () => EntitySchema) => void;
}

let registered: EngineLifecycle | undefined;

/** Installs the engine's lifecycle (once at start; a second call replaces it). */
export function registerEngineLifecycle(lifecycle: EngineLifecycle): void {
  registered = lifecycle;
}

/** The registered lifecycle; a write before `src/server/modules/register.ts` was imported is a wiring error. */
export function engineLifecycle(): EngineLifecycle {
  if (!registered) throw new Error('Engine lifecycle not registered: import src/server/modules/register.ts before writing records.');
  return registered;
}
