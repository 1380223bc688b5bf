/**
 * People as the portal's directory (table `usuario`) knows them, turned into workflow actors
 * outside a request: to decide which buttons a recipient's e-mail carries and what waits for each
 * person in the daily digest. Same rules as a request (`defineAbilityFor`), from the directory's
 * roles and sites; the signed-in request still decides for itself when the person acts.
 */
import { sql } from 'kysely';
import type { EntitySchema } from '../../../schemas/kinds';
import { defineAbilityFor, draftStatesOf } from '../../access/ability';
import { isExternalUser, normalizeUser, type PortalUser } from '../../access/user';
import type { Db } from '../db/connect';
import { serverConfig } from '../config';
import type { WorkflowActor } from './definition';

export type MailActor = WorkflowActor & { user: PortalUser };

/**
 * Active directory people with these e-mails (all active people when `emails` is undefined), as
 * actors keyed by lower-case e-mail. Addresses without an active row are left out.
 */
export async function mailActors(db: Db, schemas: readonly EntitySchema[], emails?: string[]): Promise<Map<string, MailActor>> {
  const out = new Map<string, MailActor>();
  if (emails && !emails.length) return out;
  const only = emails ? sql`and lower(email) in (${sql.join(emails.map((e) => e.toLowerCase()))})` : sql``;
  const r = await sql<Record<string, unknown>>`
    select lower(email) as email, nome, tipo, empresa, obra, roles, specific_rules from usuario
    where coalesce(ativo, true) ${only} order by lower(email)`.execute(db);
  if (!r.rows.length) return out;
  const substitutes = await sql<{ email: string; obra: string }>`
    select lower("siteManagerSubstituto" ->> 'mail') as email, "Id_Lista" as obra from obra
    where "siteManagerSubstituto" ->> 'mail' is not null`.execute(db);
  const options = { environment: serverConfig().environment, draftStates: draftStatesOf(schemas) };
  for (const row of r.rows) {
    const email = String(row.email);
    const user = normalizeUser({ ...row, id_user: email, username: email, email, name: row.nome ?? '' });
    if (user.roles.includes('site_manager_substituto')) {
      const sites = substitutes.rows.filter((s) => s.email === email).map((s) => String(s.obra));
      if (sites.length) user.obrasSubstituto = sites;
    }
    out.set(email, { email, name: user.name || undefined, ability: defineAbilityFor(user, options), client: isExternalUser(user), roles: user.roles, user });
  }
  return out;
}
