/**
 * What every rule file of src/access/rules receives: the CASL builders and the facts about the user
 * the rules test. `ability.ts` builds one context per user and calls the rule files in the order of
 * docs/access.md's decisions (CASL: for the same action and subject a later rule wins, so the order
 * of the `can` / `cannot` calls is part of the rules). Isomorphic.
 */
import type { AbilityBuilder } from '@casl/ability';
import type { AbilityOptions, AppAbility } from '../ability-types';
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
  /**
   * The value a condition naming "the user" as the person who holds an item compares with: `me`, or,
   * while the user stands in for absent people (`emNomeDe`, issue 25), `{ $in: [me, ...emNomeDe] }`.
   * Used for items of work (a contract's gestor, a list's verifier), never for what is personal
   * (ethics reports, absences, one's own drafts): docs/access.md decision 31.
   */
  mine: string | { $in: string[] };
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

/** `RuleContext.mine` of a user: their e-mail, plus those of the people they stand in for. */
export function mineOf(user: PortalUser): string | { $in: string[] } {
  const me = user.email;
  const others = (user.emNomeDe ?? []).filter((m) => m && m !== me);
  return me && others.length ? { $in: [me, ...new Set(others)] } : me;
}

export function ruleContext(user: PortalUser, builder: AbilityBuilder<AppAbility>, environment: 'prod' | 'dev', options: AbilityOptions): RuleContext {
  return {
    can: builder.can,
    cannot: builder.cannot,
    user,
    has: (role) => user.roles.includes(role),
    me: user.email,
    mine: mineOf(user),
    sites: user.obra,
    empresa: user.empresa,
    perms: permissionsOf(user),
    environment,
    options,
  };
}
