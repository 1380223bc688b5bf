/**
 * Decision 31 of docs/access.md: the roles a person "acts through in workflows", which their
 * substitute must also hold (otherwise the substitute could not do the work, however many items
 * name the absent person). A role counts when some workflow's `roleInbox` names it, or when it
 * grants, on its own, the CASL action of an inbox transition (or a state's inbox work) of some
 * workflow, which a staff member without roles does not have. Global roles (`acesso_total`,
 * `mkt_read`…) are not required: they are no one's workflow post, and a substitute never receives
 * them through the absence.
 */
import type { EntitySchema } from '../../../schemas/kinds';
import { defineAbilityFor, type AppAbility } from '../../access/ability';
import { ROLES, type Role } from '../../access/roles';

const PROBE_MAIL = 'pessoa.sonda@portal.invalid';

function probe(roles: string[]): AppAbility {
  return defineAbilityFor({ id_user: 'sonda', username: 'sonda', email: PROBE_MAIL, name: 'Sonda', roles, obra: [], empresa: [], tipo: '' });
}

/** The (action, subject) pairs of the inbox work of the schemas' workflows (staff steps). */
function inboxWork(schemas: readonly EntitySchema[]): { action: string; subject: string }[] {
  const out = new Map<string, { action: string; subject: string }>();
  for (const s of schemas) {
    const wf = s.workflow;
    if (!wf) continue;
    const actions = [
      ...wf.transitions.filter((t) => t.inbox !== false && t.audience !== 'cliente').map((t) => t.action),
      ...wf.states.flatMap((st) => (st.inbox ? [st.inbox.action] : [])),
    ];
    for (const action of actions) out.set(`${action} ${s.subject}`, { action, subject: s.subject });
  }
  return [...out.values()];
}

const cache = new WeakMap<readonly EntitySchema[], ReadonlySet<string>>();

/** The staff roles through which people act in the schemas' workflows (computed once per schema list). */
export function workflowRoles(schemas: readonly EntitySchema[]): ReadonlySet<string> {
  const hit = cache.get(schemas);
  if (hit) return hit;
  const out = new Set<string>();
  const staffRoles = (Object.keys(ROLES) as Role[]).filter((r) => ROLES[r].scope === 'staff' || ROLES[r].scope === 'both');
  for (const s of schemas)
    for (const roles of Object.values(s.workflow?.roleInbox ?? {})) for (const r of roles) if (staffRoles.includes(r as Role)) out.add(r);
  const work = inboxWork(schemas);
  const none = probe([]);
  const can = (a: AppAbility, w: { action: string; subject: string }) => a.can(w.action as never, w.subject as never);
  for (const role of staffRoles) {
    const ability = probe([role]);
    if (work.some((w) => can(ability, w) && !can(none, w))) out.add(role);
  }
  cache.set(schemas, out);
  return out;
}

/** The roles of `absentRoles` through which the absent person works that `substituteRoles` lacks. */
export function missingWorkflowRoles(schemas: readonly EntitySchema[], absentRoles: readonly string[], substituteRoles: readonly string[]): string[] {
  const needed = workflowRoles(schemas);
  const has = new Set(substituteRoles);
  return [...new Set(absentRoles)].filter((r) => needed.has(r) && !has.has(r));
}
