/**
 * What a personal calendar feed holds (issue 41), computed at each read with the person's access
 * now: the directory's sites and roles (an inactive person has no feed), the sites they substitute
 * on and the absences they stand in for, then the same CASL ability as a request.
 * - Their pending items with a deadline ("Minhas pendências" with an SLA due date), timed events.
 * - For the people of a site, the planned activities of its schedule (EAP items with planned dates)
 *   as all-day events, when they may see that schedule (src/server/schedule/scope.ts). The daily
 *   reports waiting for someone (to conclude, to sign) are among the pending items.
 * - For whoever writes a site's daily reports, the working days whose report is missing or due
 *   (rdo-deadlines.ts), timed at the end of that day's working hours.
 * - For the insurance people and a policy's responsible person, the end in force of the running
 *   policies they may read (policy-expiries.ts), all-day events.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import type { AppAbility } from '../../access/ability';
import { isExternalUser, type PortalUser } from '../../access/user';
import type { Db } from '../db/connect';
import { serverConfig } from '../config';
import { formatDateBr } from '../time';
import { withDirectoryAccess } from '../site-users/directory';
import { withDelegation } from '../delegation/absences';
import { listPendencias } from '../workflow/pendencias';
import { recordUrl } from '../workflow/notify';
import type { WorkflowActor } from '../workflow/definition';
import { scheduleScopeFor } from '../schedule/scope';
import { DEADLINE_MINUTES, type FeedEvent } from './ics';
import { rdoDeadlineEvents } from './rdo-deadlines';
import { policyExpiryEvents } from './policy-expiries';

/** Most pending items and activities per feed (a calendar is not the full list). */
const MAX_PENDING = 200;
const MAX_SITES = 20;
const MAX_ACTIVITIES = 500;
/** Activities that ended more than this many days ago are left out. */
const PAST_DAYS = 90;

export interface FeedDeps {
  db: Db;
  schemas: () => readonly EntitySchema[];
  abilityOf: (user: PortalUser) => AppAbility;
}

/** The person as the rules see them now; null when the directory marks them inactive. */
export async function currentUser(db: Db, stored: PortalUser, schemas: readonly EntitySchema[]): Promise<PortalUser | null> {
  let user = await withDirectoryAccess(db, stored);
  if (!user) return null;
  if (user.roles.includes('site_manager_substituto')) {
    const r = await sql<{ id: string }>`select "Id_Lista" as id from obra
      where lower("siteManagerSubstituto" ->> 'mail') = ${user.email.toLowerCase()}`.execute(db);
    user = { ...user, obrasSubstituto: r.rows.map((x) => String(x.id)) };
  }
  if (schemas.some((s) => s.name === 'ausencia')) user = await withDelegation(db, user);
  return user;
}

const host = () => new URL(serverConfig().publicUrl).hostname || 'portal';

async function pendingEvents(deps: FeedDeps, actor: WorkflowActor): Promise<FeedEvent[]> {
  const schemas = [...deps.schemas()];
  const { items } = await listPendencias(deps.db, schemas, actor, { start: '0', end: String(MAX_PENDING), sort: 'due', order: 'asc' });
  const bySchema = new Map(schemas.map((s) => [s.resource, s]));
  return items.flatMap((p) => {
    const schema = bySchema.get(p.resource);
    if (!p.due || !schema) return [];
    const due = new Date(p.due);
    const what = p.actions.map((a) => a.label).join(', ');
    return [
      {
        uid: `pendencia-${p.resource}-${p.id}@${host()}`,
        summary: `Prazo: ${p.label} ${p.title}`,
        description: [
          `Situação: ${p.stateLabel}`,
          p.obra ? `Obra: ${p.obra}` : '',
          what ? `O que fazer: ${what}` : '',
          p.emNomeDe ? `Em nome de: ${p.emNomeDe}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
        url: recordUrl(schema, p.id),
        at: { start: new Date(due.getTime() - DEADLINE_MINUTES * 60_000), minutes: DEADLINE_MINUTES },
        categories: 'Pendências',
      },
    ];
  });
}

async function activityEvents(deps: FeedDeps, user: PortalUser, ability: AppAbility): Promise<FeedEvent[]> {
  const eap = deps.schemas().find((s) => s.name === 'eapOs');
  const ids = [...new Set([...(user.obra ?? []), ...(user.obrasSubstituto ?? [])])].slice(0, MAX_SITES);
  if (!eap || !ids.length) return [];
  const sites = await sql<{ id: string; nome: string | null; sm: string | null }>`
    select "Id_Lista" as id, nome, lower("siteManager" ->> 'mail') as sm from obra
    where "Id_Lista" in (${sql.join(ids)})`.execute(deps.db);
  const out: FeedEvent[] = [];
  for (const site of sites.rows) {
    const scope = scheduleScopeFor(ability, { id: String(site.id), sm: site.sm });
    if (!scope) continue;
    const rows = await sql<{ id: string; codigo: string; descricao: string | null; inicio: string | null; fim: string | null }>`
      select e.id, e.codigo, e.descricao, to_char(e."inicioPrevisto", 'YYYY-MM-DD') as inicio, to_char(e."terminoPrevisto", 'YYYY-MM-DD') as fim
      from "eapOs" e where e.obra::text = ${String(site.id)} and ${scope.eap}
        and coalesce(e."terminoPrevisto", e."inicioPrevisto") >= current_date - ${PAST_DAYS}::int
      order by e.codigo limit ${MAX_ACTIVITIES}`.execute(deps.db);
    for (const r of rows.rows) {
      const start = r.inicio ?? r.fim!;
      const end = r.fim && r.fim >= start ? r.fim : start;
      out.push({
        uid: `atividade-${r.id}@${host()}`,
        summary: `Obra ${site.id}: ${r.codigo} ${r.descricao ?? ''} (planejado)`.replace(/\s+/g, ' '),
        description: [
          site.nome ? `Obra: ${site.id} – ${site.nome}` : `Obra: ${site.id}`,
          `Início previsto: ${formatDateBr(r.inicio) || '—'}`,
          `Término previsto: ${formatDateBr(r.fim) || '—'}`,
        ].join('\n'),
        url: recordUrl(eap, r.id),
        days: { start, end },
        categories: 'Cronograma',
      });
    }
  }
  return out;
}

/** The events of the person's feed, or null when the person may no longer have one (inactive). */
export async function feedEvents(deps: FeedDeps, stored: PortalUser): Promise<{ name: string; events: FeedEvent[] } | null> {
  const user = await currentUser(deps.db, stored, deps.schemas());
  if (!user) return null;
  const ability = deps.abilityOf(user);
  const actor: WorkflowActor = { email: user.email, name: user.name, ability, client: isExternalUser(user), roles: user.roles, emNomeDe: user.emNomeDe };
  const events = [
    ...(await pendingEvents(deps, actor)),
    ...(await activityEvents(deps, user, ability)),
    ...(await rdoDeadlineEvents(deps, user, ability, host())),
    ...(await policyExpiryEvents(deps.db, actor, host())),
  ];
  return { name: `Portal – ${user.name || user.email}`, events };
}
