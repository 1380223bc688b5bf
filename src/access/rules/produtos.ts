/** Products (`Produto`) and TAF, docs/access.md decision 11. */
import type { RuleContext } from './context';

/** Decision 11. */
export function produtoTafRules({ can, has }: RuleContext): void {
  if (has('admin_produtos')) can('manage', 'Produto');
  if (has('editor_produto')) can(['read', 'update'], 'Produto');
  if (has('produto')) can('read', 'Produto');
  if (has('taf')) can('read', 'TAF');
  if (has('editor_taf')) can(['read', 'update'], 'TAF');
  if (has('admin_taf')) can('manage', 'TAF');
}
