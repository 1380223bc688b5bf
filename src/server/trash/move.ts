/**
 * Deleting a record moves it to the trash (issue 35): in the deletion's transaction, the record and
 * what goes with it ('cascade') are copied as stored into one `lixeira` entry, their file links
 * pass to the entry, and their rows are deleted (children first). Anything else pointing at them
 * refuses the deletion (409 naming it). Each record's history says it went to the trash.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { diffRecords, writeAudit } from '../crud/audit';
import { namedFiles } from '../storage/file-access';
import { dependentsOf, parentsFirst, refuseDependents, withCascade, type StoredRow } from './graph';
import { TRASH_OWNER, type FileLink } from './tables';

/** The text a trash entry is listed by: the record's title field, else its number. */
export function titleOf(schema: EntitySchema, row: Record<string, unknown>): string {
  const v = flattenExtra(row)[schema.titleField];
  return v === null || v === undefined || v === '' ? `${schema.label} nº ${String(row.id)}` : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Moves the record `id` (already checked: it exists, the caller may delete it) to the trash; returns the entry id. */
export async function moveToTrash(trx: Db, schema: EntitySchema, id: number, by: string): Promise<number> {
  const r = await sql<{ row: Record<string, unknown> }>`select to_jsonb(t.*) as row from ${sql.table(schema.name)} t where id = ${id} for update`.execute(trx);
  const root: StoredRow = { schema, row: r.rows[0].row };
  const rows = await withCascade(trx, root);
  refuseDependents(schema, await dependentsOf(trx, rows));
  const links: FileLink[] = [];
  for (const { schema: s, row } of rows) {
    const own = await sql<FileLink>`delete from arquivo_vinculo where recurso = ${s.resource} and registro_id = ${Number(row.id)}
      returning key, recurso, registro_id, campo`.execute(trx);
    links.push(...own.rows.map((l) => ({ ...l, registro_id: Number(l.registro_id) })));
    // Files the record names without a link yet (stored before links existed) are held too.
    for (const key of namedFiles(s, flattenExtra(row))) {
      if (!links.some((l) => l.key === key)) links.push({ key, recurso: s.resource, registro_id: Number(row.id), campo: '' });
    }
  }
  const stored = rows.map(({ schema: s, row }) => ({ tabela: s.name, recurso: s.resource, id: Number(row.id), row }));
  const entry = await sql<{ id: string }>`insert into lixeira (recurso, registro_id, titulo, registro, linhas, vinculos, excluido_por)
    values (${schema.resource}, ${id}, ${titleOf(schema, root.row)}, cast(${JSON.stringify(root.row)} as jsonb),
      cast(${JSON.stringify(stored)} as jsonb), cast(${JSON.stringify(links)} as jsonb), ${by}) returning id`.execute(trx);
  const trashId = Number(entry.rows[0].id);
  for (const key of new Set(links.map((l) => l.key))) {
    await sql`insert into arquivo_vinculo (key, recurso, registro_id, campo) values (${key}, ${TRASH_OWNER}, ${trashId}, 'lixeira')
      on conflict do nothing`.execute(trx);
  }
  const rootTitle = `${schema.label} ${titleOf(schema, root.row)}`;
  for (const { schema: s, row } of parentsFirst(rows).reverse()) {
    await sql`delete from ${sql.table(s.name)} where id = ${Number(row.id)}`.execute(trx);
    const note = s === schema && Number(row.id) === id ? 'Movido para a lixeira.' : `Movido para a lixeira com ${rootTitle}.`;
    await writeAudit(trx, s, Number(row.id), 'delete', by, diffRecords(s, flattenExtra(row), {}), { comment: note });
  }
  return trashId;
}
