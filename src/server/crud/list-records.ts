import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { flattenExtra } from '../db/columns';
import { filterWhere, orderBy, type ListParams } from './list-query';
import { factsOf } from './list-facts';
import { countEstimateThreshold, countExactLimit, mayExceed, plannedRows } from './list-count';
import { stripUnreadable } from './read-fields';
import { withoutStaffMails } from './external-privacy';
import { pageTitlesOf, pageTitlesSql, withTitles, TITLES_PROPERTY } from './reference-titles';
import { guardDb, readWhere, type Actor, type Row } from './record-access';

/** The page and the set of matching rows of a list (client filters and access rules on the same indexed predicates). */
export function listParts(db: Db, schema: EntitySchema, actor: Actor, p: ListParams) {
  const access = readWhere(schema, actor, factsOf(p));
  const where = filterWhere(schema, p);
  const page = db
    .selectFrom(schema.name)
    .selectAll()
    .where(where)
    .where(access)
    .orderBy(orderBy(schema, p))
    .limit(p.end - p.start)
    .offset(p.start);
  const matching = db.selectFrom(schema.name).where(where).where(access);
  return { page, matching };
}

/**
 * The page as JSON: `{ rows, titles }`, the titles of the page's references looked up once per
 * reference field for the page's keys (crud/reference-titles.ts `pageTitlesSql`, over the rows
 * aliased `p`), in the same statement; `rowsWithTitles` gives each row its `_titles`.
 */
const pageJson = (page: ReturnType<typeof listParts>['page'], titles?: ReturnType<typeof pageTitlesSql>) =>
  sql<PageJson>`(select json_build_object('rows', coalesce(json_agg(p), '[]'::json)${titles ? sql`, 'titles', ${titles}` : sql``}) from (${page}) p)`;

type PageJson = { rows: Row[]; titles?: unknown };

/** The page's rows, each with the `_titles` of its references. */
function rowsWithTitles(page: unknown): Row[] {
  const { rows, titles } = (page ?? { rows: [] }) as PageJson;
  return (rows ?? []).map((r) => {
    const t = pageTitlesOf(r, titles);
    return t ? { ...r, [TITLES_PROPERTY]: t } : r;
  });
}

/**
 * One statement: the page as JSON and the total of the filtered rows (access rules included). With
 * `countLimit`, the count stops after that many rows (a lower bound when it reaches it).
 */
export function buildListQuery(db: Db, schema: EntitySchema, actor: Actor, p: ListParams, parts = listParts(db, schema, actor, p), countLimit?: number) {
  const titles = pageTitlesSql(schema, actor, 'p');
  const { page, matching } = parts;
  const total =
    countLimit === undefined
      ? matching.select((eb) => eb.fn.countAll<string>().as('c'))
      : db
          .selectFrom(
            matching
              .select(sql`1`.as('x'))
              .limit(countLimit)
              .as('m'),
          )
          .select((eb) => eb.fn.countAll<string>().as('c'));
  return db.selectNoFrom([sql<string>`(${total})`.as('total'), pageJson(page, titles).as('rows')]);
}

/** How a list's total was obtained: counted, the planner's estimate ("cerca de"), or a lower bound ("mais de"). */
export type TotalKind = 'exact' | 'estimate' | 'atLeast';

/**
 * The list's page and total (list-count.ts). Above `countEstimateThreshold()` rows by the
 * planner's estimate, the total is that estimate and no count runs; on a table that may hold more
 * than `countExactLimit()` rows, the count stops one row past the limit (or past the page's end)
 * and a total that reaches it is a lower bound.
 */
export async function listRecords(db: Db, schema: EntitySchema, actor: Actor, p: ListParams) {
  const threshold = countEstimateThreshold();
  const limit = countExactLimit();
  let total: number;
  let raw: Row[];
  let kind: TotalKind = 'exact';
  const parts = listParts(db, schema, actor, p);
  const mayExceedRows = (n: number) => n > 0 && guardDb(schema, () => mayExceed(db, schema.name, n));
  const estimate = (await mayExceedRows(threshold)) ? await guardDb(schema, () => plannedRows(db, parts.matching.select(sql`1`.as('x')))) : 0;
  if (threshold > 0 && estimate > threshold) {
    const r = await guardDb(schema, () => db.selectNoFrom([pageJson(parts.page, pageTitlesSql(schema, actor, 'p')).as('rows')]).executeTakeFirstOrThrow());
    raw = rowsWithTitles(r.rows);
    total = Math.max(Math.round(estimate), p.start + raw.length);
    kind = 'estimate';
  } else {
    const countLimit = (await mayExceedRows(limit)) ? Math.max(limit, p.end) + 1 : undefined;
    const r = await guardDb(schema, () => buildListQuery(db, schema, actor, p, parts, countLimit).executeTakeFirstOrThrow());
    raw = rowsWithTitles(r.rows);
    total = Number(r.total);
    if (countLimit !== undefined && total >= countLimit) kind = 'atLeast';
  }
  // Decision 29: an external reader receives people of the staff by name only.
  // The titles of the references the reader may read stay with the row (reference-titles.ts).
  const rows = await withoutStaffMails(
    db,
    actor,
    schema,
    raw.map((r) => withTitles(r, (row) => stripUnreadable(actor.ability, schema, flattenExtra(row)))),
  );
  return { rows, total, kind };
}
