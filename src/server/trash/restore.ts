/**
 * Restoring a trash entry (issue 35): whoever may delete the record as it was may bring it back,
 * with its number, history and files; the records that went with it come back too, in one
 * transaction. What happened meanwhile may refuse it with a pt-BR 409: a record it points at was
 * deleted, a unique value (or an RDO's site and date) was taken.
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { ApiError } from '../http/errors';
import { writeAudit } from '../crud/audit';
import { actionFor, canOn, type Actor } from '../crud/record-access';
import { runBeforeRestore, runWriteGates } from '../crud/hooks-registry';
import { parentsFirst, type StoredRow } from './graph';
import { TRASH_OWNER, type FileLink } from './tables';

export interface TrashEntry {
  id: number;
  recurso: string;
  registro_id: number;
  titulo: string | null;
  registro: Record<string, unknown>;
  linhas: Array<{ tabela: string; recurso: string; id: number; row: Record<string, unknown> }>;
  vinculos: FileLink[];
  excluido_por: string | null;
  excluido_em: string | Date;
}

export const GONE = 'Este item não está mais na lixeira: foi restaurado ou expirou.';

/** The entry, locked for the caller's transaction; 404 when absent. */
export async function lockedEntry(trx: Db, rawId: string): Promise<TrashEntry> {
  if (!/^\d{1,15}$/.test(rawId)) throw new ApiError(404, GONE);
  const r = await sql<TrashEntry>`select * from lixeira where id = ${Number(rawId)} for update`.execute(trx);
  if (!r.rows[0]) throw new ApiError(404, GONE);
  return { ...r.rows[0], id: Number(r.rows[0].id), registro_id: Number(r.rows[0].registro_id) };
}

/** May the actor restore (or discard) this entry: the delete right on the record as it was. Externals never. */
export async function mayHandle(trx: Db, actor: Actor, entry: TrashEntry): Promise<EntitySchema> {
  const schema = schemaByName(entry.linhas[0]?.tabela ?? '');
  if (!schema || actor.client) throw new ApiError(404, GONE);
  if (!(await canOn(trx, schema, actor, actionFor(schema, 'delete'), flattenExtra(entry.registro)))) {
    throw new ApiError(403, `Só quem pode excluir este registro de ${schema.label.toLowerCase()} pode restaurá-lo.`);
  }
  return schema;
}

function restoreError(e: unknown, schema: EntitySchema): ApiError | undefined {
  const err = e as { code?: string; constraint?: string; message?: string };
  const constraint = err.constraint ?? /constraint "([^"]+)"/.exec(err.message ?? '')?.[1] ?? '';
  const field = schema.fields.find((f) => constraint === `${schema.name}_${f.name}_fk` || constraint === `${schema.name}_${f.name}_key`);
  if (err.code === '23503') {
    const what = field ? `${field.label} aponta para um registro que não existe mais` : 'um registro a que ele se refere não existe mais';
    return new ApiError(409, `Não foi possível restaurar: ${what}. Restaure ou recrie esse registro antes.`);
  }
  if (err.code === '23505') {
    const what = field ? `o valor de ${field.label}` : 'um valor único';
    return new ApiError(409, `Não foi possível restaurar: outro registro de ${schema.label.toLowerCase()} já usa ${what}.`);
  }
  return undefined;
}

/** Puts the entry's records back as they were (version + 1), with their file links; returns the record. */
export async function restoreEntry(trx: Db, actor: Actor, entry: TrashEntry): Promise<{ schema: EntitySchema; id: number; tables: string[] }> {
  const root = await mayHandle(trx, actor, entry);
  const rows: StoredRow[] = entry.linhas.map((l) => ({ schema: schemaByName(l.tabela)!, row: l.row })).filter((r) => r.schema);
  for (const { schema, row } of parentsFirst(rows)) {
    await runWriteGates({ db: trx, schema, actor });
    try {
      await runBeforeRestore({ trx, schema, row: flattenExtra(row) });
    } catch (e) {
      if (e instanceof ApiError) throw new ApiError(409, `Não foi possível restaurar: ${e.message}`);
      throw e;
    }
    const t = sql.table(schema.name);
    try {
      await sql`savepoint restaurar`.execute(trx);
      await sql`insert into ${t} overriding system value select * from jsonb_populate_record(null::${t}, cast(${JSON.stringify(row)} as jsonb))`.execute(trx);
      await sql`release savepoint restaurar`.execute(trx);
    } catch (e) {
      throw restoreError(e, schema) ?? e;
    }
    await sql`update ${t} set version = version + 1, updated_at = now(), updated_by = ${actor.email} where id = ${Number(row.id)}`.execute(trx);
    const note =
      schema === root && Number(row.id) === entry.registro_id ? 'Restaurado da lixeira.' : `Restaurado da lixeira com ${root.label} ${entry.titulo ?? ''}.`;
    await writeAudit(trx, schema, Number(row.id), 'restore', actor.email, {}, { comment: note.replace(/ \.$/, '.') });
  }
  await sql`delete from arquivo_vinculo where recurso = ${TRASH_OWNER} and registro_id = ${entry.id}`.execute(trx);
  for (const l of entry.vinculos.filter((x) => x.campo)) {
    await sql`insert into arquivo_vinculo (key, recurso, registro_id, campo) select ${l.key}, ${l.recurso}, ${l.registro_id}, ${l.campo}
      where exists (select 1 from arquivo where key = ${l.key}) on conflict do nothing`.execute(trx);
  }
  await sql`delete from lixeira where id = ${entry.id}`.execute(trx);
  return { schema: root, id: entry.registro_id, tables: [...new Set(rows.map((r) => r.schema.name))] };
}
