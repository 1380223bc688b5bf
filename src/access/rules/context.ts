/**
 * What every rule file of src/access/rules receives: the CASL builders and the facts about the user
 * the rules test. `ability.ts` builds one context per user and calls the rule files in the order of
 * docs/access.md's decisions (CASL: for the same action and subject a later rule wins, so the order
 * of the `can` / `cannot` calls is part of the rules). Isomorphic.
 */
import type { AbilityBuilder } from '@casl/ability';
import type { AbilityOptions, AppAbility } from '../ability';
import type { Role } from '../roles';
import { permissionsOf, type PortalUser } from '../user';

export interface RuleContext {
  can: AbilityBuilder<AppAbility>['can'];
  cannot: AbilityBuilder<AppAbility>['cannot'];
  user: PortalUser;
  /** Whether the user carries the role (only roles of `ROLES`, src/access/roles.ts). */
  has: (role: Role) => boolean;
  /**
   * The user's e-mail ('' when none). Conditions naming "the user" are only added when it is set,
   * so that an empty e-mail never matches records with an empty person.
   */
  me: string;
  /** The user's sites (`obra`). */
  sites: string[];
  /** The user's companies (`empresa`). */
  empresa: string[];
  /** `permissionsOf(user)`: roles, e-mail and companies, matched by folder access lists (decision 18). */
  perms: string[];
  environment: 'prod' | 'dev';
  options: AbilityOptions;
}

/** One group of rules: adds its `can` / `cannot` calls to the builder. */
export type RuleSet = (ctx: RuleContext) => void;

export function ruleContext(user: PortalUser, builder: AbilityBuilder<AppAbility>, environment: 'prod' | 'dev', options: AbilityOptions): RuleContext {
  return {
    can: builder.can,
    cannot: builder.cannot,
    user,
    has: (role) => user.roles.includes(role),
    me: user.email,
    sites: user.obra,
    empresa: user.empresa,
    perms: permissionsOf(user),
    environment,
    options,
  };
}
