/**
 * The types of the portal's CASL ability, apart from its rules (src/access/ability.ts composes
 * them; the rule files in src/access/rules/ only need these types, so they do not import it back).
 * Isomorphic.
 */
import type { ForcedSubject, MongoAbility, MongoQuery, RawRuleOf } from '@casl/ability';
import type { Action, Subject } from './subjects';

/** A record checked against the rules: `subject('RDO', row)` or a plain object carrying its type. */
export type SubjectRecord = ForcedSubject<Subject> & Record<string, unknown>;

/** Subjects are type strings or plain records (tagged with `subject(type, record)`). */
export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>], MongoQuery>;
export type AppRawRule = RawRuleOf<AppAbility>;

export interface AbilityOptions {
  /** Defaults to 'prod' (the shipped configuration). */
  environment?: 'prod' | 'dev';
  /**
   * Fields for the internal team only, by subject (schema fields marked `internal`, e.g. an
   * administrator's custom field): clients and partners can neither read nor write them.
   */
  internalFields?: Readonly<Record<string, readonly string[]>>;
  /**
   * Draft states by subject (workflow states marked `draft`, see `draftStatesOf`): clients and
   * partners never receive a record in one of them (docs/access.md decision 29).
   */
  draftStates?: Readonly<Record<string, readonly DraftStates[]>>;
}

/** The states of one workflow field that are drafts. */
export interface DraftStates {
  field: string;
  values: readonly string[];
}
