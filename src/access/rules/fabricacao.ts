/** Factory production (`FABRICACAO`), docs/access.md decision 15. */
import type { RuleContext } from './context';

/** Decision 15. */
export function fabricacaoRules({ can, has }: RuleContext): void {
  if (has('admin_fabricacao')) can('manage', 'FABRICACAO');
  if (has('fabricacao')) can(['read', 'write', 'update', 'delete'], 'FABRICACAO');
}
