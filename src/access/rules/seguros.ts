/** Insurance (`SEGUROS`, `SEGUROS_PLENO`), docs/access.md decision 14. */
import type { RuleContext } from './context';

/** Decision 14. */
export function segurosRules({ can, has }: RuleContext): void {
  if (has('admin_seguros')) can('manage', ['SEGUROS', 'SEGUROS_PLENO']);
  if (has('seguros')) can(['create', 'read', 'delete', 'edit'], 'SEGUROS');
  if (has('site_manager')) can('read', 'SEGUROS');
}
