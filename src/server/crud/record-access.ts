/**
 * The records' access basics shared by the repository (repository.ts), its lists (list-records.ts)
 * and history (record-history.ts): rows and actors, database-error mapping, the rules that govern
 * an entity (its parent's with `accessVia`), the read WHERE and single-row checks.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { subject } from '@casl/ability';
import type { EntitySchema } from '../../../schemas/kinds';
import { schemaByName } from '../../../schemas';
import type { AppAbility } from '../../access/ability';
import { toCaslAction } from '../../access/refine-actions';
import { accessWhere } from '../access/rules-to-sql';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { ApiError, fromDatabaseError } from '../http/errors';
import { forbiddenMessage, notFoundMessage } from './messages';

export type Row = Record<string, unknown> & { id: number; version: number };

export interface Actor {
  email: string;
  name?: string;
  ability: AppAbility;
  /** External user (docs/access.md decision 1). */
  client?: boolean;
  roles?: string[];
  /** E-mails of the absent people the actor stands in for (docs/access.md decision 31). */
  emNomeDe?: string[];
}

/** The caller as the workflow engine sees it (src/server/workflow): always told whether external, with roles. */
export interface WorkflowActor {
  email: string;
  name?: string;
  ability: AppAbility;
  /** External user (client, supplier, law firm): decision 1 of docs/access.md. */
  client: boolean;
  roles: string[];
  /** E-mails of the absent people this actor stands in for (PortalUser.emNomeDe). */
  emNomeDe?: string[];
}

export const tableOf = (s: EntitySchema) => sql.table(s.name);

function fieldOfConstraint(schema: EntitySchema) {
  return (c: string) => {
    const m = new RegExp(`^${schema.name}_(.+)_(key|fk|check)$`).exec(c);
    return m?.[1];
  };
}

export async function guardDb<T>(schema: EntitySchema, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const api = e instanceof ApiError ? e : fromDatabaseError(e, fieldOfConstraint(schema));
    throw api ?? e;
  }
}

/** The schema whose rules govern `schema` (its parent with `accessVia`, else itself). */
export function governing(schema: EntitySchema): { parent?: EntitySchema; via?: string } {
  if (!schema.accessVia) return {};
  const f = schema.fields.find((x) => x.name === schema.accessVia);
  const parent = f?.ref ? schemaByName(f.ref) : undefined;
  if (!parent) throw new Error(`accessVia inválido em ${schema.name}`);
  return { parent, via: f!.name };
}

/** The rows of `schema` the actor may list, as SQL (403 without the list right), as lists and aggregates apply it. */
export function readWhere(schema: EntitySchema, actor: Actor, facts?: ReadonlyMap<string, readonly string[]>): Expression<SqlBool> {
  const { parent, via } = governing(schema);
  const access = accessWhere(actor.ability, readActionOf(schema) as never, parent ?? schema, parent ? { table: 'acc' } : { facts });
  if (access.forbidden) throw new ApiError(403, forbiddenMessage(schema, 'read', true));
  if (!parent || access.unrestricted) return access.where;
  return sql<SqlBool>`${sql.ref(via!)} in (select acc.id from ${sql.table(parent.name)} acc where ${access.where})`;
}

/**
 * The CASL action that reads this entity's records (its `list` action: action plans are read with
 * `readAcoes`, which every staff user has, docs/access.md decision 3), for lists, single reads and history.
 */
export const readActionOf = (schema: EntitySchema) => toCaslAction(schema.subject, 'list', schema.actions);

export const actionFor = (schema: EntitySchema, refineAction: 'create' | 'edit' | 'delete' | 'show') =>
  toCaslAction(schema.subject, refineAction, schema.actions);

/** May the actor do `action` on this record (checked on its parent with `accessVia`)? */
export async function canOn(db: Db, schema: EntitySchema, actor: Actor, action: string, record: Record<string, unknown>): Promise<boolean> {
  const { parent, via } = governing(schema);
  if (!parent) return actor.ability.can(action as never, subject(schema.subject, { ...record }) as never);
  const parentId = record[via!];
  if (parentId === null || parentId === undefined) return actor.ability.can(action as never, parent.subject as never) && !hasConditions(actor, action, parent);
  const r = await sql<{ row: Record<string, unknown> }>`select to_jsonb(t.*) as row from ${sql.table(parent.name)} t where id = ${Number(parentId)}`.execute(
    db,
  );
  const parentRow = r.rows[0]?.row && flattenExtra(r.rows[0].row);
  if (!parentRow) return false;
  return actor.ability.can(action as never, subject(parent.subject, { ...parentRow }) as never);
}

const hasConditions = (actor: Actor, action: string, s: EntitySchema) =>
  actor.ability.rulesFor(action as never, s.subject as never).every((r) => !!r.conditions);

export async function selectOne(db: Db, schema: EntitySchema, id: number, forUpdate = false): Promise<Row | undefined> {
  const lock = forUpdate ? sql` for update` : sql``;
  const r = await sql<{ row: Row }>`select to_jsonb(t.*) as row from ${tableOf(schema)} t where id = ${id}${lock}`.execute(db);
  return r.rows[0] && flattenExtra(r.rows[0].row);
}

export function parseId(schema: EntitySchema, raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, notFoundMessage(schema));
  return Number(raw);
}
