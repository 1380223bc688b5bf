import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { historyOrigin } from '../http/request-context';

/** JSON with object keys sorted, so values compare equal whatever order PostgreSQL's jsonb keeps. */
export function stableJson(v: unknown): string {
  return JSON.stringify(v ?? null, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
  );
}

export type Changes = Record<string, { de: unknown; para: unknown }>;

/** Field-level differences between two versions of a record (schema fields only). */
export function diffRecords(schema: EntitySchema, before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const out: Changes = {};
  for (const f of schema.fields) {
    const a = before[f.name] ?? null;
    const b = after[f.name] ?? null;
    if (stableJson(a) !== stableJson(b)) out[f.name] = { de: a, para: b };
  }
  return out;
}

/**
 * Decision 31 of docs/access.md: the absent person a substitute acted for ("por Fulano, em nome de
 * Beltrano"), registered with the core tables (src/server/modules/register.ts).
 */
export const AUDIT_CORE_SQL = [`ALTER TABLE auditoria ADD COLUMN IF NOT EXISTS em_nome_de text`];

/** A workflow step as the history keeps it. */
export interface AuditTransition {
  name: string;
  label: string;
  from: string | null;
  to: string | null;
}

export async function writeAudit(
  db: Db,
  schema: EntitySchema,
  id: number,
  /** 'restore': back from the trash; 'revert': an earlier version's fields written back (issue 35). */
  action: 'create' | 'update' | 'delete' | 'transition' | 'restore' | 'revert',
  /** The signed-in author; null for a public page's write (the survey link). */
  user: string | null,
  changes: Changes,
  /** A workflow step, or only a note (the trash's "Movido para a lixeira"). */
  step?: { transition?: AuditTransition; comment?: string | null },
  /** The absent person the author stood in for (decision 31), when the write needed it. */
  emNomeDe?: string | null,
) {
  await db
    .insertInto('auditoria')
    .values({
      recurso: schema.resource,
      registro_id: id,
      acao: action,
      usuario: user,
      alteracoes: sql`cast(${JSON.stringify(changes)} as jsonb)`,
      transicao: step?.transition ? sql`cast(${JSON.stringify(step.transition)} as jsonb)` : null,
      comentario: step?.comment ?? null,
      ...(emNomeDe ? { em_nome_de: emNomeDe } : {}),
      ...historyOrigin(), // the request's address, device and id (the audit trail, issue 35)
    })
    .execute();
}

/** Many creations' history entries in one statement (crud/batch-create.ts): the rows `writeAudit` writes one by one. */
export async function writeCreateAudits(db: Db, schema: EntitySchema, user: string, entries: { id: number; changes: Changes; comment?: string }[]) {
  if (!entries.length) return;
  const origin = historyOrigin();
  await db
    .insertInto('auditoria')
    .values(
      entries.map((e) => ({
        recurso: schema.resource,
        registro_id: e.id,
        acao: 'create',
        usuario: user,
        alteracoes: sql`cast(${JSON.stringify(e.changes)} as jsonb)`,
        transicao: null,
        comentario: e.comment ?? null,
        ...origin,
      })),
    )
    .execute();
}

/**
 * A deleted record as it was just before deletion, rebuilt from its `delete` history entry (every
 * field's last value), so that its history is shown only under the rules of the record it describes.
 */
export async function deletedRecordAsWas(db: Db, schema: EntitySchema, id: number): Promise<Record<string, unknown> | undefined> {
  const r = await db
    .selectFrom('auditoria')
    .select(['acao', 'usuario', 'alteracoes'])
    .where('recurso', '=', schema.resource)
    .where('registro_id', '=', id)
    .where('acao', 'in', ['delete', 'create'])
    .orderBy('em', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const deleted = r.find((x) => x.acao === 'delete');
  if (!deleted) return undefined;
  const changes = (typeof deleted.alteracoes === 'string' ? JSON.parse(deleted.alteracoes) : (deleted.alteracoes ?? {})) as Changes;
  const out: Record<string, unknown> = { id };
  for (const [k, v] of Object.entries(changes)) out[k] = v?.de ?? null;
  const created = r.find((x) => x.acao === 'create');
  if (created) out.created_by = created.usuario;
  return out;
}
