/** Logistics (docs/access.md decision 28). */
import type { RuleContext } from './context';

/** Decision 28: logistics reads materials and contracts and plans released lists. */
export function logisticsRules({ can, has }: RuleContext): void {
  if (has('logistica')) {
    can('read', ['Materiais', 'Contratos']);
    can('editarpcp', 'Materiais', { Status: 'LIBERADO PARA PLANEJAMENTO' });
  }
}
