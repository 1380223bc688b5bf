/** Post-sales: docs/specification.md §2. No site required. */
import { can, defineRoutes, list, show } from './define';

const r = defineRoutes('general', 'Pós-venda', 'CustomerServiceOutlined');
/** The dashboards total every ticket: not for a client, who reads its sites' tickets only (docs/access.md decision 30). */
const ALL_TICKETS = { subject: 'POSVENDAS', action: 'read', every: true } as const;

export const POSVENDA_ROUTES = [
  r('/dashboard-posvendas', 'Painel de pós-venda', { access: ALL_TICKETS, screen: 'dashboard', dashboard: 'posvenda', icon: 'DashboardOutlined' }),
  r('/posvendas-satisfacao', 'Painel de satisfação', { access: ALL_TICKETS, screen: 'dashboard', dashboard: 'satisfacao', icon: 'SmileOutlined' }),
  r('/posvendas', 'Tickets', { access: can('POSVENDAS'), entity: list('posvenda') }),
  r('/posvendas/:ticket', 'Ticket', { access: can('POSVENDAS'), entity: show('posvenda', 'ticket') }),
];
