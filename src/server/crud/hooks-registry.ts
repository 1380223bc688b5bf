/**
 * Entity hooks: the business rules of one entity that go beyond field validation, registered by
 * the feature code that owns them (`src/server/modules/register.ts` imports one file per entity)
 * and called by the generic engine (`repository.ts`), which imports no feature.
 *
 * Every hook runs inside the write's transaction (except `beforeValidate`, before it) and may
 * refuse the write by throwing an ApiError; nothing is stored then. Hooks of one entity run in
 * the order they were registered.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import type { AppAbility } from '../../access/ability';
import type { Db } from '../db/connect';

type Rec = Record<string, unknown>;

/** Who writes (the seed and system effects write without one). */
export interface HookActor {
  email: string;
  name?: string;
  ability: AppAbility;
  /** External user (docs/access.md decision 1). */
  client?: boolean;
  roles?: string[];
}

/** `beforeValidate`: the body as sent, before validation; returns the body to validate (server-set defaults). */
export type BeforeValidateHook = (ctx: { db: Db; schema: EntitySchema; actor: HookActor; body: unknown }) => unknown;

export interface WriteContext {
  trx: Db;
  schema: EntitySchema;
  actor?: HookActor;
  op: 'create' | 'update';
  before?: Rec;
  /** The record as it will be after the write (with what earlier hooks set). */
  after: Rec;
}
/** `beforeChange`: after validation and the permission checks; may refuse, or return server-set values. */
export type WriteRule = (ctx: WriteContext) => Promise<Rec | void>;

/** `afterCreate`: once the new row exists (e.g. a new site's library). */
export type AfterCreateRule = (ctx: { trx: Db; schema: EntitySchema; actor?: HookActor; row: Rec }) => Promise<void>;

/** `afterChange`: after a create or an update is stored and its history written. */
export type AfterChangeRule = (ctx: { trx: Db; schema: EntitySchema; actor?: HookActor; op: 'create' | 'update'; before?: Rec; row: Rec }) => Promise<void>;

/**
 * `beforeCreateBatch`: the entity's `beforeChange` rules of a create, for many new records at once
 * (the spreadsheet import, crud/batch-create.ts): each record gets the outcome those rules give it
 * written one by one in order — refused with the same ApiError, or the values they set — with a few
 * queries for the whole batch instead of a few per record. Registered in the same call as the rules
 * it stands for, which it then covers; an entity with a `beforeChange` rule no batch rule covers is
 * written one record at a time.
 */
export type BatchCreateRule = (ctx: {
  trx: Db;
  schema: EntitySchema;
  actor?: HookActor;
  /** The records as they will be stored (validated, with what earlier batch rules set). */
  records: Rec[];
}) => Promise<({ error: Error } | { set?: Rec })[]>;

/** `beforeDelete`: what must hold before a record is deleted. */
export type DeleteRule = (ctx: { trx: Db; schema: EntitySchema; before: Rec }) => Promise<void>;

/** `beforeRestore`: what must hold before a record comes back from the trash (its row as it was stored). */
export type RestoreRule = (ctx: { trx: Db; schema: EntitySchema; row: Rec }) => Promise<void>;

export interface EntityHooks {
  beforeValidate?: BeforeValidateHook | BeforeValidateHook[];
  beforeChange?: WriteRule | WriteRule[];
  beforeCreateBatch?: BatchCreateRule;
  afterCreate?: AfterCreateRule | AfterCreateRule[];
  afterChange?: AfterChangeRule | AfterChangeRule[];
  beforeDelete?: DeleteRule | DeleteRule[];
  beforeRestore?: RestoreRule | RestoreRule[];
}

type ListedHooks = Omit<EntityHooks, 'beforeCreateBatch'>;
type HookLists = { [K in keyof ListedHooks]-?: Extract<NonNullable<ListedHooks[K]>, unknown[]> } & { beforeCreateBatch: BatchCreateRule[] };

const registry = new Map<string, HookLists>();
/** Per entity, the `beforeChange` rules a batch rule stands for (registered in the same call). */
const coveredByBatch = new Map<string, Set<WriteRule>>();

const empty = (): HookLists => ({
  beforeValidate: [],
  beforeChange: [],
  beforeCreateBatch: [],
  afterCreate: [],
  afterChange: [],
  beforeDelete: [],
  beforeRestore: [],
});
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Adds hooks to an entity (by schema name); several modules may register for the same entity. */
export function registerEntityHooks(schemaName: string, hooks: EntityHooks): void {
  const lists = registry.get(schemaName) ?? empty();
  lists.beforeValidate.push(...asList(hooks.beforeValidate));
  lists.beforeChange.push(...asList(hooks.beforeChange));
  if (hooks.beforeCreateBatch) {
    lists.beforeCreateBatch.push(hooks.beforeCreateBatch);
    const covered = coveredByBatch.get(schemaName) ?? coveredByBatch.set(schemaName, new Set()).get(schemaName)!;
    for (const rule of asList(hooks.beforeChange)) covered.add(rule);
  }
  lists.afterCreate.push(...asList(hooks.afterCreate));
  lists.afterChange.push(...asList(hooks.afterChange));
  lists.beforeDelete.push(...asList(hooks.beforeDelete));
  lists.beforeRestore.push(...asList(hooks.beforeRestore));
  registry.set(schemaName, lists);
}

/** The hooks registered for an entity (empty lists when none). */
export function entityHooks(schemaName: string): Readonly<HookLists> {
  return registry.get(schemaName) ?? empty();
}

/** Whether every `beforeChange` rule of the entity has a batch version (`beforeCreateBatch`). */
export const createRulesBatchable = (schemaName: string): boolean =>
  entityHooks(schemaName).beforeChange.every((rule) => coveredByBatch.get(schemaName)?.has(rule));

/** Names of the entities with hooks (checked against the schemas at start, `checkHookRegistry` in src/server/workflow/hooks.ts). */
export const entitiesWithHooks = (): string[] => [...registry.keys()];

/** Entity names hooks were registered for that are not schemas (a typo would silently disable a rule). */
export function unknownHookEntities(schemas: readonly EntitySchema[]): string[] {
  const names = new Set(schemas.map((s) => s.name));
  return entitiesWithHooks().filter((n) => !names.has(n));
}

/**
 * A check every write of every entity passes first — create, update, delete, a workflow step, a
 * restore from the trash — whatever route or job made it (the spreadsheet import, a bulk action, an
 * e-mail button): e.g. a module in maintenance (src/server/maintenance/write-gate.ts). Throws to refuse.
 */
export type WriteGate = (ctx: { db: Db; schema: EntitySchema; actor?: HookActor }) => Promise<void>;

const gates: WriteGate[] = [];

export function registerWriteGate(gate: WriteGate): void {
  if (!gates.includes(gate)) gates.push(gate);
}

export async function runWriteGates(ctx: Parameters<WriteGate>[0]): Promise<void> {
  for (const gate of gates) await gate(ctx);
}

export async function runBeforeValidate(ctx: Omit<Parameters<BeforeValidateHook>[0], 'body'>, body: unknown): Promise<unknown> {
  for (const hook of entityHooks(ctx.schema.name).beforeValidate) body = await hook({ ...ctx, body });
  return body;
}

/** Runs the entity's `beforeChange` hooks; each sees the values the earlier ones set. Returns all of them. */
export async function runBeforeChange(ctx: WriteContext): Promise<Rec> {
  let extra: Rec = {};
  for (const rule of entityHooks(ctx.schema.name).beforeChange) {
    const out = await rule({ ...ctx, after: { ...ctx.after, ...extra } });
    if (out) extra = { ...extra, ...out };
  }
  return extra;
}

/**
 * Runs the entity's batch rules of a create in order (each sees what the earlier ones set; a record
 * one of them refuses is not shown to the next). Returns, per record, its refusal or the values set.
 */
export async function runBeforeCreateBatch(ctx: Omit<Parameters<BatchCreateRule>[0], 'records'>, records: Rec[]): Promise<({ error: Error } | { set: Rec })[]> {
  const out: ({ error: Error } | { set: Rec })[] = records.map(() => ({ set: {} }));
  for (const rule of entityHooks(ctx.schema.name).beforeCreateBatch) {
    const open = out.flatMap((o, i) => ('set' in o ? [i] : []));
    if (!open.length) break;
    const results = await rule({ ...ctx, records: open.map((i) => ({ ...records[i], ...(out[i] as { set: Rec }).set })) });
    open.forEach((i, k) => {
      const r = results[k];
      if (r && 'error' in r) out[i] = { error: r.error };
      else if (r?.set) out[i] = { set: { ...(out[i] as { set: Rec }).set, ...r.set } };
    });
  }
  return out;
}

export async function runAfterCreate(ctx: Parameters<AfterCreateRule>[0]): Promise<void> {
  for (const rule of entityHooks(ctx.schema.name).afterCreate) await rule(ctx);
}

export async function runAfterChange(ctx: Parameters<AfterChangeRule>[0]): Promise<void> {
  for (const rule of entityHooks(ctx.schema.name).afterChange) await rule(ctx);
}

export async function runBeforeDelete(ctx: Parameters<DeleteRule>[0]): Promise<void> {
  for (const rule of entityHooks(ctx.schema.name).beforeDelete) await rule(ctx);
}

export async function runBeforeRestore(ctx: Parameters<RestoreRule>[0]): Promise<void> {
  for (const rule of entityHooks(ctx.schema.name).beforeRestore) await rule(ctx);
}
