/** Sites (`Obra`), docs/access.md decision 13. */
import type { RuleContext } from './context';

/** Decision 13. */
export function obraRules({ can, has }: RuleContext): void {
  if (has('admin_obra')) can('manage', 'Obra');
  if (has('obra')) can(['create', 'update', 'delete', 'inspect'], 'Obra');
}
