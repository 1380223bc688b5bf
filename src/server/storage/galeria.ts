/**
 * The site gallery: every photo of a site the caller may read — the image fields of the site's
 * records (daily reports, work-order reports, checklists, …) and the library's image documents —
 * in one SQL statement under the caller's read rules, newest first, paged, with thumbnail URLs.
 * `GET /api/v1/obras/:obra/galeria?_start&_end&fonte=&de=&ate=`
 */
import { Hono } from 'hono';
import { sql, type RawBuilder } from 'kysely';
import { schemaByName } from '../../../schemas';
import { gallerySlots } from '../../../resources/gallery';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { actorOf } from '../crud/routes';
import { readWhere, type Actor } from '../crud/record-access';
import { hasReadFieldRules } from '../crud/read-fields';
import type { FileSlot } from './file-access';
import { SAFE_IMAGE_TYPES, THUMBNAIL_SOURCE_TYPES } from './file-types';
import { fileUrlOf, thumbUrlOf } from './routes';

const MAX_PAGE = 200;

export interface GallerySource {
  schema: EntitySchema;
  slot: FileSlot;
}

/** Every source of photos of a site (resources/gallery.ts). */
export function gallerySources(): GallerySource[] {
  return gallerySlots().map(({ schema, field, sub }) => ({ schema, slot: { field, sub } }));
}

/** The date a photo is shown under: the record's `data`-like date field, else its creation day. */
function dateExpr(schema: EntitySchema): RawBuilder<unknown> {
  const f = schema.fields.find((x) => x.kind === 'date' && (x.name === 'data' || x.name.startsWith('data')));
  return f ? sql`t.${sql.ref(f.name)}` : sql`(t.created_at at time zone 'America/Sao_Paulo')::date`;
}

const arr = (e: RawBuilder<unknown>) => sql`case when jsonb_typeof(${e}) = 'array' then ${e} else '[]'::jsonb end`;

function sourceQuery(src: GallerySource, actor: Actor, obra: string): RawBuilder<unknown> | undefined {
  const { schema, slot } = src;
  let access;
  try {
    access = readWhere(schema, actor);
  } catch {
    return undefined; // the caller reads none of these records
  }
  if (hasReadFieldRules(actor.ability, schema) && !actor.ability.can('read' as never, schema.subject as never, slot.field.name)) return undefined;
  const col = sql`t.${sql.ref(slot.field.name)}`;
  const elements = slot.sub
    ? sql`cross join lateral jsonb_array_elements(${arr(col)}) r cross join lateral jsonb_array_elements(${arr(sql`r.value -> ${slot.sub.name}`)}) e`
    : sql`cross join lateral jsonb_array_elements(${arr(col)}) e`;
  const types = slot.sub?.kind === 'images' || slot.field.kind === 'images' ? THUMBNAIL_SOURCE_TYPES : SAFE_IMAGE_TYPES;
  return sql`select ${schema.name}::text as fonte, t.id as registro, ${dateExpr(schema)}::date as data, a.key as key, a.nome as nome, a.tipo as tipo,
      a.tirada_em as tirada_em, a.latitude as latitude, a.longitude as longitude, t.${sql.ref(schema.titleField)}::text as titulo
    from (select * from ${sql.table(schema.name)} where ${sql.ref(schema.obraField!)} = ${obra} and ${access}) t
    ${elements}
    join arquivo a on a.key = e.value ->> 'key'
    where a.tipo in (${sql.join(types)})`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function galleryRoutes(db: Db) {
  const r = new Hono<AppEnv>();
  r.get('/:obra/galeria', async (c) => {
    const actor = actorOf(c);
    const obra = c.req.param('obra');
    const obraSchema = schemaByName('obra')!;
    const site = await db
      .selectFrom('obra')
      .select('id')
      .where('Id_Lista' as never, '=', obra as never)
      .where(readWhere(obraSchema, actor))
      .executeTakeFirst();
    if (!site) throw new ApiError(404, 'Obra não encontrada.');
    const q = c.req.query();
    const errors: Record<string, string[]> = {};
    const start = q._start === undefined ? 0 : Number(q._start);
    const end = q._end === undefined ? start + 48 : Number(q._end);
    if (!Number.isInteger(start) || start < 0) errors._start = ['Informe um número inteiro maior ou igual a zero.'];
    if (!Number.isInteger(end) || end <= start || end - start > MAX_PAGE)
      errors._end = [`Informe um fim maior que o início, com no máximo ${MAX_PAGE} fotos por página.`];
    for (const k of ['de', 'ate'] as const)
      if (q[k] && (!DATE.test(q[k]) || Number.isNaN(Date.parse(`${q[k]}T00:00:00Z`)) || new Date(`${q[k]}T00:00:00Z`).toISOString().slice(0, 10) !== q[k]))
        errors[k] = ['Data inválida (use aaaa-mm-dd).'];
    const all = gallerySources();
    const fontes = (q.fonte ?? '').split(',').filter(Boolean);
    const unknown = fontes.filter((f) => !all.some((s) => s.schema.name === f));
    if (unknown.length) errors.fonte = [`Fonte desconhecida: ${unknown.join(', ')}.`];
    if (Object.keys(errors).length) throw new ApiError(400, 'Verifique os filtros da galeria.', errors);

    const parts = all
      .filter((s) => !fontes.length || fontes.includes(s.schema.name))
      .map((s) => sourceQuery(s, actor, obra))
      .filter((x): x is RawBuilder<unknown> => !!x);
    if (!parts.length) {
      c.header('x-total-count', '0');
      return c.json([]);
    }
    const de = q.de ? sql`and g.data >= ${q.de}::date` : sql``;
    const ate = q.ate ? sql`and g.data <= ${q.ate}::date` : sql``;
    const result = await sql<{ total: string; rows: Record<string, unknown>[] }>`
      with g as (select * from (${sql.join(parts, sql` union all `)}) g where true ${de} ${ate})
      select (select count(*) from g) as total,
             (select coalesce(json_agg(p), '[]'::json) from (select * from g order by data desc nulls last, fonte, registro desc, key limit ${end - start} offset ${start}) p) as rows`.execute(
      db,
    );
    const row = result.rows[0];
    c.header('x-total-count', String(row?.total ?? 0));
    return c.json(
      (row?.rows ?? []).map((p) => ({
        key: p.key,
        nome: p.nome,
        tipo: p.tipo,
        data: p.data ? String(p.data).slice(0, 10) : null,
        fonte: p.fonte,
        recurso: schemaByName(String(p.fonte))?.resource,
        registro: Number(p.registro),
        titulo: p.titulo,
        url: fileUrlOf(String(p.key)),
        thumbUrl: thumbUrlOf(String(p.key)),
        ...(p.tirada_em ? { tiradaEm: new Date(String(p.tirada_em)).toISOString() } : {}),
        ...(p.latitude != null && p.longitude != null ? { latitude: Number(p.latitude), longitude: Number(p.longitude) } : {}),
      })),
    );
  });
  return r;
}
