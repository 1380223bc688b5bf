/**
 * `GET /api/v1/lixeira`: the trash entries the caller may restore (the delete right on the record as
 * it was, decided in SQL on the stored row through the same access rules as the tables), newest
 * first, with the total, in one statement. External users never see the trash.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { SCHEMAS, schemaByResource } from '../../../schemas';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import { accessWhere } from '../access/rules-to-sql';
import { actionFor, governing, type Actor } from '../crud/record-access';
import { readIntegerSetting } from '../settings/store';
import type { TrashItem } from '../../../resources/trash';

export const EXTERNAL_REFUSAL = 'A lixeira é só para colaboradores.';

/** Which entries the actor may handle, as SQL over `lixeira l`; undefined when none at all. */
function mayHandleSql(actor: Actor): RawBuilder<SqlBool> | undefined {
  const open: string[] = [];
  const ruled: RawBuilder<SqlBool>[] = [];
  for (const schema of SCHEMAS) {
    const { parent, via } = governing(schema);
    const access = accessWhere(actor.ability, actionFor(schema, 'delete') as never, parent ?? schema, { table: parent ? 'acc' : 't' });
    if (access.forbidden) continue;
    if (access.unrestricted) {
      open.push(schema.resource);
      continue;
    }
    const t = sql.table(schema.name);
    const cond = parent ? sql`t.${sql.ref(via!)} in (select acc.id from ${sql.table(parent.name)} acc where ${access.where})` : sql`${access.where}`;
    ruled.push(sql<SqlBool>`(l.recurso = ${schema.resource} and exists (select 1 from jsonb_populate_record(null::${t}, l.registro) t where ${cond}))`);
  }
  const parts = [...(open.length ? [sql<SqlBool>`l.recurso in (${sql.join(open)})`] : []), ...ruled];
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : undefined;
}

export interface TrashQuery {
  recurso?: string;
  q?: string;
  start: number;
  end: number;
}

export type { TrashItem };

export async function listTrash(db: Db, actor: Actor, query: TrashQuery): Promise<{ items: TrashItem[]; total: number; dias: number }> {
  if (actor.client) throw new ApiError(403, EXTERNAL_REFUSAL);
  const dias = await readIntegerSetting(db, 'lixeiraDias');
  const allowed = mayHandleSql(actor);
  if (!allowed) return { items: [], total: 0, dias };
  if (query.recurso && !schemaByResource(query.recurso)) throw new ApiError(400, 'Módulo desconhecido.', { recurso: ['Módulo desconhecido.'] });
  const byResource = query.recurso ? sql`and l.recurso = ${query.recurso}` : sql``;
  const byText = query.q?.trim()
    ? sql`and portal_fold(coalesce(l.titulo, '')) like portal_fold(${`%${query.q.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`})`
    : sql``;
  const r = await sql<{
    id: string;
    recurso: string;
    registro_id: string;
    titulo: string | null;
    junto: number;
    excluido_por: string | null;
    excluido_em: Date | string;
    total: string;
  }>`select l.id, l.recurso, l.registro_id, l.titulo, jsonb_array_length(l.linhas) - 1 as junto, l.excluido_por, l.excluido_em,
      count(*) over () as total
    from lixeira l where ${allowed} ${byResource} ${byText}
    order by l.excluido_em desc, l.id desc limit ${query.end - query.start} offset ${query.start}`.execute(db);
  const items = r.rows.map((x) => {
    const at = new Date(x.excluido_em);
    return {
      id: Number(x.id),
      recurso: x.recurso,
      modulo: schemaByResource(x.recurso)?.labelPlural ?? x.recurso,
      registroId: Number(x.registro_id),
      titulo: x.titulo ?? `nº ${x.registro_id}`,
      junto: Number(x.junto),
      excluidoPor: x.excluido_por,
      excluidoEm: at.toISOString(),
      expiraEm: new Date(at.getTime() + dias * 86_400_000).toISOString(),
    };
  });
  return { items, total: Number(r.rows[0]?.total ?? 0), dias };
}
