/**
 * The impracticable days of a site in a period, as one SQL statement: the site's daily reports
 * (`diario`) the caller may read (the engine's read rules as SQL, `readWhere`), out of the draft
 * states, with at least one shift (`clima` row) marked 'Impraticável'. Nothing is loaded into
 * memory but the answer: the totals and the list are aggregated by the database.
 */
import { sql } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { readWhere, type Actor } from '../crud/record-access';
import type { LostDay, LostDays } from '../../../schemas/dias-impraticaveis-types';
import type { Period } from './period';

export const IMPRACTICABLE = 'Impraticável';

export type { LostDay, LostDays };

const diario = () => schemaByName('diario') as EntitySchema;

/** The states a report is a draft in (never counted: not yet a document of record). */
export const draftStates = (s: EntitySchema = diario()) => (s.workflow?.states ?? []).filter((x) => x.draft).map((x) => x.value);

export async function lostDays(db: Db, actor: Actor, obra: string, period: Period): Promise<LostDays> {
  const schema = diario();
  const access = readWhere(schema, actor);
  const drafts = draftStates(schema);
  const notDraft = drafts.length ? sql`coalesce("status", '') not in (${sql.join(drafts)})` : sql`true`;
  const shifts = sql`jsonb_array_elements(case when jsonb_typeof("clima") = 'array' then "clima" else '[]'::jsonb end)`;
  const hasImpracticable = sql`exists (select 1 from ${shifts} as s(e) where s.e ->> 'condicao' = ${IMPRACTICABLE})`;
  const base = sql`"obra" = ${obra} and ${notDraft} and ${hasImpracticable} and ${access}`;
  const r = await sql<{ answer: Omit<LostDays, 'obra' | 'de' | 'ate'> }>`
    with r as (
      select id, numero, "data", status, "chuvaMm",
        (select count(*) from ${shifts} as s(e)) as total,
        (select coalesce(jsonb_agg(s.e ->> 'periodo' order by s.n), '[]'::jsonb) from ${shifts} with ordinality as s(e, n)
          where s.e ->> 'condicao' = ${IMPRACTICABLE}) as turnos,
        (select coalesce(jsonb_agg(s.e ->> 'tempo' order by s.n), '[]'::jsonb) from ${shifts} with ordinality as s(e, n)
          where s.e ->> 'condicao' = ${IMPRACTICABLE}) as tempo
      from diario
      where "data" between ${period.de}::date and ${period.ate}::date and ${base}
    )
    select jsonb_build_object(
      'dias', (select count(distinct "data") from r),
      'turnos', (select coalesce(sum(jsonb_array_length(turnos)), 0) from r),
      'diasInteiros', (select count(distinct "data") from r where jsonb_array_length(turnos) = total),
      'lista', (select coalesce(jsonb_agg(jsonb_build_object(
          'id', id, 'numero', numero, 'data', to_char("data", 'YYYY-MM-DD'), 'status', status,
          'turnos', turnos, 'tempo', tempo, 'chuvaMm', "chuvaMm"::float8
        ) order by "data", numero, id), '[]'::jsonb) from r),
      'ultimoDia', (select to_char(max("data"), 'YYYY-MM-DD') from diario where ${base})
    ) as answer`.execute(db);
  const a = r.rows[0].answer;
  return {
    obra,
    de: period.de,
    ate: period.ate,
    dias: Number(a.dias),
    turnos: Number(a.turnos),
    diasInteiros: Number(a.diasInteiros),
    lista: a.lista,
    ultimoDia: a.ultimoDia,
  };
}
