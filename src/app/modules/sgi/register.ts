/**
 * The SGI screens of a supplier (docs/access.md decision 29): "Responder" on its SGI records and the
 * update of its own rows of an action plan. Imported by the router so the overrides exist before
 * an entity page opens; each loads with its page.
 */
import { lazy } from 'react';
import { registerViewOverride } from '../../views/overrides';

registerViewOverride('ticketSgi', {
  show: lazy(() => import('./ticket-sgi-show').then((m) => ({ default: m.TicketSgiShow }))),
});
registerViewOverride('planoAcao', {
  edit: lazy(() => import('./plano-acao-edit').then((m) => ({ default: m.PlanoAcaoEdit }))),
});
