/**
 * The portal's CASL ability. docs/access.md describes every numbered decision; the rules themselves
 * live next to their entities in src/access/rules/ (one file per subject group), and `rulesFor`
 * below composes them in order: read its table as the index of decisions.
 *
 * Isomorphic: imported by the API (which enforces) and by the app (which hides
 * what the user cannot do). No React, no Node-only modules.
 */
import { AbilityBuilder, createMongoAbility, detectSubjectType as caslDetectSubjectType, subject } from '@casl/ability';
import { packRules, unpackRules, type PackRule } from '@casl/ability/extra';
import type { Action, Subject } from './subjects';
import type { AbilityOptions, AppAbility, AppRawRule, DraftStates, SubjectRecord } from './ability-types';
import { externalKindOf, normalizeUser, type PortalUser } from './user';
import type { EntitySchema } from '../../schemas/kinds';
import { ruleContext, type RuleSet } from './rules/context';
import { clientRules } from './rules/client';
import { companyRules } from './rules/empresa';
import { externalRestrictions, partnerRules } from './rules/external';
import { everyoneRules } from './rules/everyone';
import { devAccessRules, globalRoleRules } from './rules/global';
import { anonymousReportRules, ethicsConfidentialRules, ethicsTeamRules } from './rules/etica';
import { auditTrailRules } from './rules/auditoria';
import { logisticsRules } from './rules/logistica';
import { substituteRules } from './rules/substitute';
import { rdoRules } from './rules/rdo';
import { automacaoRules, fieldRules } from './rules/ordens-servico';
import { contratosRules } from './rules/contratos';
import { projetoFabricaRules, projetoRules } from './rules/projetos';
import { produtoTafRules } from './rules/produtos';
import { interacaoRules, posvendaRules } from './rules/posvenda';
import { obraRules } from './rules/obras';
import { segurosRules } from './rules/seguros';
import { fabricacaoRules } from './rules/fabricacao';
import { sgiRules } from './rules/sgi';
import { bibliotecaRules } from './rules/biblioteca';
import { permissaoRules, usuarioRules } from './rules/usuarios';
import { materiaisRules } from './rules/materiais';
import { juridicoRules } from './rules/juridico';
import { isUsableRule, specificRules } from './rules/specific';
import { ausenciaRules } from './rules/ausencia';
import { punchListRules } from './rules/verificacao';

export type { AbilityOptions, AppAbility, AppRawRule, DraftStates, SubjectRecord } from './ability-types';

/** Draft states of the schemas' workflows, by CASL subject (the API passes them to `defineAbilityFor`). */
export function draftStatesOf(schemas: readonly EntitySchema[]): Record<string, DraftStates[]> {
  const out: Record<string, DraftStates[]> = {};
  for (const s of schemas) {
    const wf = s.workflow;
    const values = wf?.states.filter((st) => st.draft).map((st) => st.value) ?? [];
    if (!wf || !values.length) continue;
    const list = (out[s.subject] ??= []);
    const same = list.find((d) => d.field === wf.field);
    if (same) same.values = [...new Set([...same.values, ...values])];
    else list.push({ field: wf.field, values });
  }
  return out;
}

/** Subject type of a checked value: the tag set by `subject(type, obj)`, else CASL's default detection. */
export function detectSubjectType(value: Record<string, unknown>): Subject {
  const tagged = (value as { __caslSubjectType__?: unknown }).__caslSubjectType__;
  if (typeof tagged === 'string') return tagged as Subject;
  return caslDetectSubjectType(value) as Subject;
}

const abilityOptions = { detectSubjectType };

/**
 * The rules, as a table of contents: decision number of docs/access.md → rule file in
 * src/access/rules/. The order is the order of the `can` / `cannot` calls, and it matters: for the
 * same action and subject a later rule wins (an inverted rule only hides the rules before it).
 */
const CLIENT: readonly RuleSet[] = [
  clientRules, //                 1, 2, 25, 26, 30, 32, 37, 38  rules/client.ts
];

const STAFF: readonly RuleSet[] = [
  everyoneRules, //               3, 26, 27          rules/everyone.ts
  globalRoleRules, //             4, 28              rules/global.ts
  ethicsConfidentialRules, //     27                 rules/etica.ts
  auditTrailRules, //             33                 rules/auditoria.ts
  devAccessRules, //              4                  rules/global.ts
  ethicsTeamRules, //             27, 30             rules/etica.ts
  logisticsRules, //              28                 rules/logistica.ts
  substituteRules, //             28                 rules/substitute.ts
  anonymousReportRules, //        27                 rules/etica.ts
  rdoRules, //                    5                  rules/rdo.ts
  fieldRules, //                  6, 30, 37          rules/ordens-servico.ts
  automacaoRules, //              7, 30              rules/ordens-servico.ts
  contratosRules, //              8                  rules/contratos.ts
  projetoRules, //                9                  rules/projetos.ts
  projetoFabricaRules, //         10                 rules/projetos.ts
  produtoTafRules, //             11                 rules/produtos.ts
  posvendaRules, //               12, 30             rules/posvenda.ts
  obraRules, //                   13                 rules/obras.ts
  segurosRules, //                14                 rules/seguros.ts
  fabricacaoRules, //             15                 rules/fabricacao.ts
  sgiRules, //                    16                 rules/sgi.ts
  interacaoRules, //              17                 rules/posvenda.ts
  bibliotecaRules, //             18                 rules/biblioteca.ts
  permissaoRules, //              19                 rules/usuarios.ts
  materiaisRules, //              20                 rules/materiais.ts
  juridicoRules, //               21                 rules/juridico.ts
  usuarioRules, //                22                 rules/usuarios.ts
  ausenciaRules, //               31                 rules/ausencia.ts
  punchListRules, //              38                 rules/verificacao.ts
];

/** The raw rules of a user (exported for the server, which may cache or log them). */
export function rulesFor(rawUser: PortalUser | unknown, options: AbilityOptions = {}): AppRawRule[] {
  const user = normalizeUser(rawUser);
  const environment = options.environment === 'dev' ? 'dev' : 'prod';
  const builder = new AbilityBuilder<AppAbility>(createMongoAbility);
  const ctx = ruleContext(user, builder, environment, options);
  const external = externalKindOf(user);
  if (external) {
    // 1, 28. External users: their own set only, never a staff or global rule.
    if (external === 'cliente') for (const rules of CLIENT) rules(ctx);
    else partnerRules(ctx, external); //       28        rules/external.ts
    companyRules(ctx, external); //            29        rules/empresa.ts
    externalRestrictions(ctx); //              29        rules/external.ts
    return builder.rules;
  }
  for (const rules of STAFF) rules(ctx);
  companyRules(ctx, undefined); //             29        rules/empresa.ts
  builder.rules.push(...specificRules(user)); // 23      rules/specific.ts
  return builder.rules;
}

/** Decision 31: the ability of a substitute in their own right, built when first asked for. */
const OWN_RIGHT = new WeakMap<AppAbility, () => AppAbility>();

/** The ability of a (possibly malformed) user (docs/access.md, "How a request is checked"). Never throws. */
export function defineAbilityFor(user: PortalUser | unknown, options: AbilityOptions = {}): AppAbility {
  const normal = normalizeUser(user);
  const ability = createMongoAbility<AppAbility>(rulesFor(normal, options), abilityOptions);
  if (normal.emNomeDe?.length) {
    let own: AppAbility | undefined;
    OWN_RIGHT.set(ability, () => (own ??= defineAbilityFor({ ...normal, emNomeDe: undefined }, options)));
  }
  return ability;
}

/**
 * Decision 31: what the user may do in their own right, without the absent people they stand in
 * for (`emNomeDe`); the same ability when they stand in for nobody. The history records "em nome
 * de" only for what this one would not allow.
 */
export function ownRightAbility(ability: AppAbility): AppAbility {
  return OWN_RIGHT.get(ability)?.() ?? ability;
}

/** An ability from raw rules (e.g. received from the API). */
export function abilityFromRules(rules: AppRawRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules, abilityOptions);
}

export type PackedRules = PackRule<AppRawRule>[];

/** Compact JSON-able form of the ability's rules, for the API to send to the app. */
export function packAbilityRules(ability: AppAbility): PackedRules {
  return packRules(ability.rules as AppRawRule[]);
}

/** Rebuilds the same ability from `packAbilityRules` output. Malformed input → an ability that allows nothing. */
export function abilityFromPacked(packed: unknown): AppAbility {
  if (!Array.isArray(packed)) return abilityFromRules([]);
  try {
    const rules = unpackRules(packed as PackedRules).filter(isUsableRule);
    return abilityFromRules(rules);
  } catch {
    return abilityFromRules([]);
  }
}

/**
 * Decision 24: a route whose access rule names a subject and no action is checked
 * with `read`. With `record`, the check is made against that record.
 */
export function canAccessRoute(ability: AppAbility, rule: { subject: Subject; action?: Action }, record?: Record<string, unknown>): boolean {
  const action = rule.action ?? 'read';
  try {
    if (record) return ability.can(action, subject(rule.subject, { ...record }) as SubjectRecord);
    return ability.can(action, rule.subject);
  } catch {
    return false; // an error while checking access denies (the route guard then shows /403)
  }
}
