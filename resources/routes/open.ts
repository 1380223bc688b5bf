/** The open layout /teste (spec §2 "Open layout"): home, system versions, all sites. */
import { can, defineRoutes, list } from './define';

const r = defineRoutes('open', 'Geral', 'HomeOutlined');

export const OPEN_ROUTES = [
  r('/teste', 'Início', { redirect: '/obras', menu: false }),
  // In every menu already, as its fixed first entry (the layout adds it).
  r('/obras', 'Início', { screen: 'home', icon: 'HomeOutlined', menu: false }),
  r('/versoesSistema', 'Versões do sistema', { screen: 'versoesSistema', icon: 'HistoryOutlined' }),
  r('/todas-obras', 'Todas as obras', { access: can('Obra'), entity: list('obra'), icon: 'GlobalOutlined', menu: true }),
];
