/** A staff user's own rules (`specific_rules`), docs/access.md decision 23. */
import { mongoQueryMatcher } from '@casl/ability';
import type { AppRawRule } from '../ability-types';
import { parseSpecificRules, type PortalUser } from '../user';

/**
 * Whether a raw rule (from `specific_rules`, or received packed from the API) can be used: its
 * conditions must parse with the Mongo matcher now, so that a later `can()` never throws.
 */
export function isUsableRule(rule: AppRawRule): boolean {
  if (!rule.conditions) return true;
  try {
    mongoQueryMatcher(rule.conditions as never);
    return true;
  } catch {
    return false;
  }
}

/** Decision 23: the user's `specific_rules` (staff only), appended after the role rules; malformed ones ignored. */
export function specificRules(user: PortalUser): AppRawRule[] {
  return (parseSpecificRules(user.specific_rules) as AppRawRule[]).filter(isUsableRule);
}
