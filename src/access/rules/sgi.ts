/** SGI records (`TicketSgi`) for the SGI team, docs/access.md decision 16 (every staff member: everyone.ts; suppliers: external.ts). */
import type { RuleContext } from './context';

/** Decision 16. */
export function sgiRules({ can, has }: RuleContext): void {
  if (has('admin_sgi')) can('manage', 'TicketSgi');
  if (has('sgi')) can(['read', 'aceitaInteracao', 'edit'], 'TicketSgi');
  if (has('sgi_leitura')) can('read', 'TicketSgi');
}
