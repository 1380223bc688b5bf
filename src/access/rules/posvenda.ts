/**
 * Post-sales tickets (`POSVENDAS`) and their interactions (`TicketInteracao`) for staff,
 * docs/access.md decisions 12, 17 and 30 (the client side is client.ts).
 */
import type { RuleContext } from './context';

/** Decision 12: POSVENDAS. */
export function posvendaRules({ can, has }: RuleContext): void {
  if (has('admin_pos_vendas')) can('manage', ['POSVENDAS', 'TicketInteracao']);
  // 30. Post-sales also registers tickets (a request arriving by phone or e-mail).
  if (has('pos_vendas')) can(['read', 'create', 'edit', 'upload'], 'POSVENDAS');
  if (has('pos_vendas_leitura')) can('read', 'POSVENDAS');
  // Whoever reads the tickets reads their interaction timeline.
  if (has('pos_vendas') || has('pos_vendas_leitura')) can('read', 'TicketInteracao');
}

/** Decision 17: every staff user deletes and answers the interactions naming them. */
export function interacaoRules({ can, me, mine }: RuleContext): void {
  if (me) {
    can(['delete', 'Interagir'], 'TicketInteracao', { 'responsavel.mail': mine });
    can('Interagir', 'TicketInteracao', { 'responsavelRegistro.mail': mine });
  }
}
