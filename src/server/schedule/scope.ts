/**
 * Whose data a schedule computation sees. A planner (`data_planejada` on the site's RDO, docs/access.md
 * decision 5) plans the whole site, and whoever reads the site's daily reports reads its schedule
 * (decision 30): every EAP item of the site and the progress of every daily report of the site
 * count. Anyone else sees the curve of what their read rules let them list:
 * the EAP items (`EapOS`), the site reports (`RDO`) and the work-order reports (`DiarioOs`); with
 * no read rule on `EapOS` at all there is no schedule for them (403).
 */
import { subject } from '@casl/ability';
import { sql, type Expression, type SqlBool } from 'kysely';
import { schemaByName } from '../../../schemas';
import type { EntitySchema } from '../../../schemas/kinds';
import type { AppAbility } from '../../access/ability';
import { accessWhere } from '../access/rules-to-sql';
import { readActionOf } from '../crud/record-access';

export interface ScheduleScope {
  /** Over `"eapOs" e`. */
  eap: Expression<SqlBool>;
  /** Over `diario r`. */
  rdo: Expression<SqlBool>;
  /** Over `"diarioOs" r`. */
  os: Expression<SqlBool>;
}

const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;

/** The whole site: the daily job and the warning sent to the site manager. */
export const SITE_SCOPE: ScheduleScope = { eap: TRUE, rdo: TRUE, os: TRUE };

const schema = (name: string) => schemaByName(name) as EntitySchema;

export const isPlanner = (ability: AppAbility, obra: string) => ability.can('data_planejada' as never, subject('RDO', { obra }) as never);
export const canWarn = (ability: AppAbility, obra: string) => ability.can('aviso-atraso' as never, subject('RDO', { obra }) as never);

/** A site as the schedule checks it: its id and its site manager's e-mail. */
export interface ScheduleSite {
  id: string;
  sm: string | null;
}

/**
 * Access.md decision 30: whoever reads the site's daily reports (RDO) reads its schedule: a report
 * of the site, by its site manager, is what is checked (site manager and substitute of the site,
 * `rdo_by_obra` on their sites, `controladoria`, `mkt_read`, `admin_rdo`, `planejamento`).
 */
export const readsSiteReports = (ability: AppAbility, site: ScheduleSite) =>
  ability.can('read' as never, subject('RDO', { obra: site.id, ...(site.sm ? { siteManager: { mail: site.sm } } : {}) }) as never);

function readable(ability: AppAbility, s: EntitySchema, table: string): Expression<SqlBool> | undefined {
  const a = accessWhere(ability, readActionOf(s) as never, s, { table });
  return a.forbidden ? undefined : a.where;
}

/** The caller's scope on a site, or undefined when the caller may not see its schedule. */
export function scheduleScopeFor(ability: AppAbility, site: ScheduleSite): ScheduleScope | undefined {
  if (isPlanner(ability, site.id) || readsSiteReports(ability, site)) return SITE_SCOPE;
  const eap = readable(ability, schema('eapOs'), 'e');
  if (!eap) return undefined;
  return { eap, rdo: readable(ability, schema('diario'), 'r') ?? FALSE, os: readable(ability, schema('diarioOs'), 'r') ?? FALSE };
}
