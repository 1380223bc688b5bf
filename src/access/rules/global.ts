/** Global roles (docs/access.md decision 4; controllership, decision 28). */
import type { RuleContext } from './context';

/** Decision 4: `acesso_total` manages all, `mkt_read` reads all; 28: controllership reads all. */
export function globalRoleRules({ can, has }: RuleContext): void {
  if (has('acesso_total')) can('manage', 'all');
  if (has('mkt_read')) can('read', 'all');
  // 28. Controllership reads everything but the ethics channel (the exception: etica.ts).
  if (has('controladoria')) can('read', 'all');
}

/** Decision 4: `dev_acesso_total` manages all only in the `dev` environment. */
export function devAccessRules({ can, has, environment }: RuleContext): void {
  if (has('dev_acesso_total') && environment === 'dev') can('manage', 'all');
}
