/**
 * The physical progress of a site in SQL (PostgreSQL and PGlite alike).
 *
 * - Weights: an item's `peso` is its share of its level (siblings under the same parent); a level
 *   whose weights are all empty shares equally. An item's weight in the site is the product of the
 *   shares from the root down, so the leaves' weights add up to 1.
 * - Planned: each leaf with both planned dates is spread linearly over its days, start and end
 *   included; leaves without dates plan nothing.
 * - Realised: the daily reports say, per activity, the item's cumulative progress (`avancoPercent`,
 *   0–100) on that day: site reports (`diario`, `eapItem`) and work-order reports (`diarioOs`,
 *   `eapCodigo` in the same area). A leaf's progress on a day is the highest value reported up to
 *   that day (progress never goes back); a parent's is the weighted progress of its leaves.
 *   Activities naming a code that is not a leaf of the site's EAP do not count.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect';
import type { ScheduleScope } from './scope';

/** The common CTEs: items, shares, weights (tree), leaves and reported progress (prog) up to `asOf`. */
function ctes(obra: string, scope: ScheduleScope, asOf: string | null): RawBuilder<unknown> {
  const until = asOf ? sql`and r.data <= cast(${asOf} as date)` : sql``;
  const acts = (col: string) => sql`jsonb_array_elements(case when jsonb_typeof(r.${sql.ref(col)}) = 'array' then r.${sql.ref(col)} else '[]'::jsonb end)`;
  return sql`
    items as (
      select e.id, e.pai, e.codigo, e.area, e."inicioPrevisto" as ini, e."terminoPrevisto" as fim, coalesce(e.peso, 0)::numeric as peso
      from "eapOs" e where e.obra = ${obra} and ${scope.eap}
    ),
    nodes as (
      select i.*, case when exists (select 1 from items p where p.id = i.pai) then i.pai end as parent from items i
    ),
    shares as (
      select n.*, case when sum(n.peso) over (partition by n.parent) > 0 then n.peso / sum(n.peso) over (partition by n.parent)
        else 1.0 / count(*) over (partition by n.parent) end as share
      from nodes n
    ),
    tree (id, w, depth) as (
      select id, share, 1 from shares where parent is null
      union all
      select s.id, t.w * s.share, t.depth + 1 from shares s join tree t on s.parent = t.id where t.depth < 64
    ),
    leaves as (
      select s.id, s.codigo, s.area, s.ini, s.fim, t.w from shares s join tree t on t.id = s.id
      where not exists (select 1 from shares c where c.parent = s.id)
    ),
    prog as (
      select l.id, r.data, least(100, greatest(0, (a ->> 'avancoPercent')::numeric)) as pct
      from diario r cross join lateral ${acts('atividades')} a
      join leaves l on l.codigo = a ->> 'eapItem'
      where r.obra = ${obra} and ${scope.rdo} and jsonb_typeof(a -> 'avancoPercent') = 'number' ${until}
      union all
      select l.id, r.data, least(100, greatest(0, (a ->> 'avancoPercent')::numeric)) as pct
      from "diarioOs" r cross join lateral ${acts('atividades')} a
      join leaves l on l.codigo = a ->> 'eapCodigo' and l.area = r.area
      where r.obra = ${obra} and ${scope.os} and jsonb_typeof(a -> 'avancoPercent') = 'number' ${until}
    )`;
}

export interface ItemProgress {
  row: Record<string, unknown> & { id: number; version: number; codigo: string; pai: number | null };
  /** Parent among the items in scope (null at the root). */
  parent: number | null;
  /** Share of its level (0–1) and weight in the site (0–1). */
  share: number;
  weight: number;
  leaf: boolean;
  /** Leaves: highest reported progress (0–100), null when never reported. */
  reported: number | null;
  lastReport: string | null;
}

/** Every EAP item of the site in scope with its weights and its own reported progress up to `asOf`. */
export async function itemProgress(db: Db, obra: string, scope: ScheduleScope, asOf: string | null = null): Promise<ItemProgress[]> {
  const r = await sql<{
    row: ItemProgress['row'];
    parent: string | null;
    share: string;
    w: string | null;
    leaf: boolean;
    reported: string | null;
    last: string | null;
  }>`
    with recursive ${ctes(obra, scope, asOf)}
    select to_jsonb(e.*) as row, s.parent, s.share::float8 as share, t.w::float8 as w,
      not exists (select 1 from shares c where c.parent = s.id) as leaf,
      (select max(p.pct)::float8 from prog p where p.id = s.id) as reported,
      (select to_char(max(p.data), 'YYYY-MM-DD') from prog p where p.id = s.id) as last
    from shares s join "eapOs" e on e.id = s.id left join tree t on t.id = s.id
    order by e.codigo`.execute(db);
  return r.rows.map((x) => ({
    row: x.row,
    parent: x.parent === null ? null : Number(x.parent),
    share: Number(x.share),
    weight: x.w === null ? 0 : Number(x.w),
    leaf: x.leaf,
    reported: x.reported === null ? null : Number(x.reported),
    lastReport: x.last,
  }));
}

export interface CurvePoint {
  data: string;
  /** Planned cumulative progress of the site (0–100). */
  previsto: number;
  /** Realised cumulative progress (0–100); null after the last report. */
  realizado: number | null;
}

/**
 * The S-curve: planned and realised cumulative progress on each point, from the first planned or
 * reported day to the last one, every `stepDays` days, plus the last day and the last reported day.
 */
export async function sCurve(db: Db, obra: string, scope: ScheduleScope, stepDays: 1 | 7): Promise<CurvePoint[]> {
  const r = await sql<{ data: string; previsto: number | string; realizado: number | string | null }>`
    with recursive ${ctes(obra, scope, null)},
    bounds as (
      select least((select min(ini) from leaves where fim >= ini), (select min(data) from prog)) as d0,
             greatest((select max(fim) from leaves where fim >= ini), (select max(data) from prog)) as d1,
             (select max(data) from prog) as last
    ),
    points as (
      select cast(g as date) as d from bounds b, generate_series(b.d0, b.d1, cast(${stepDays} as integer) * interval '1 day') g
      union select d1 from bounds where d1 is not null
      union select last from bounds where last is not null
    )
    select to_char(p.d, 'YYYY-MM-DD') as data,
      (100 * coalesce((select sum(l.w * least(1, greatest(0, (p.d - l.ini + 1)::numeric / (l.fim - l.ini + 1))))
        from leaves l where l.ini is not null and l.fim >= l.ini), 0))::float8 as previsto,
      case when p.d <= b.last then (coalesce((select sum(l.w * coalesce(
        (select max(pr.pct) from prog pr where pr.id = l.id and pr.data <= p.d), 0)) from leaves l), 0))::float8 end as realizado
    from points p cross join bounds b
    order by p.d`.execute(db);
  return r.rows.map((x) => ({ data: x.data, previsto: Number(x.previsto), realizado: x.realizado === null ? null : Number(x.realizado) }));
}
