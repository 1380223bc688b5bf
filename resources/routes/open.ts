/** The open layout /teste (docs/specification.md §2 "Open layout"): home, the user's pending steps, system versions, all sites. */
import { can, defineRoutes, list } from './define';

const r = defineRoutes('open', 'Geral', 'HomeOutlined');

export const OPEN_ROUTES = [
  r('/teste', 'Início', { redirect: '/obras', menu: false }),
  // In every menu already, as its fixed first entry (the layout adds it).
  r('/obras', 'Início', { screen: 'home', icon: 'HomeOutlined', menu: false }),
  // Not in docs/specification.md §2: the workflow inbox. Every signed-in user (staff and clients) reads PERFIL.
  r('/pendencias', 'Minhas pendências', { screen: 'pendencias', icon: 'BellOutlined', access: can('PERFIL'), spec: false }),
  // Not in docs/specification.md §2: an e-mail button's confirmation page (issue 25). Signed in as the recipient; a GET changes nothing.
  r('/acao-email/:token', 'Confirmar ação do e-mail', { screen: 'acaoEmail', icon: 'MailOutlined', access: can('PERFIL'), menu: false, spec: false }),
  r('/versoesSistema', 'Versões do sistema', { screen: 'versoesSistema', icon: 'HistoryOutlined' }),
  r('/todas-obras', 'Todas as obras', { access: can('Obra'), entity: list('obra'), icon: 'GlobalOutlined', menu: true }),
];
