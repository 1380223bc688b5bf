/** Post-sales: spec §2. No site required. */
import { can, defineRoutes, list, show } from './define';

const r = defineRoutes('general', 'Pós-venda', 'CustomerServiceOutlined');

export const POSVENDA_ROUTES = [
  r('/dashboard-posvendas', 'Painel de pós-venda', { access: can('POSVENDAS'), screen: 'dashboard', dashboard: 'posvenda', icon: 'DashboardOutlined' }),
  r('/posvendas-satisfacao', 'Painel de satisfação', { access: can('POSVENDAS'), screen: 'dashboard', dashboard: 'satisfacao', icon: 'SmileOutlined' }),
  r('/posvendas', 'Tickets', { access: can('POSVENDAS'), entity: list('posvenda') }),
  r('/posvendas/:ticket', 'Ticket', { access: can('POSVENDAS'), entity: show('posvenda', 'ticket') }),
];
