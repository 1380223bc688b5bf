/** The site layout /obras/:obra (docs/specification.md §2 "Site layout"), with the per-site CRE routes. */
import { FOLHA_VIEWER_PATH } from '../plantas';
import { can, defineRoutes, edit, list, show } from './define';

const r = defineRoutes('site', 'Obra', 'HomeOutlined');

export const SITE_ROUTES = [
  r('/obras/:obra', 'Painel da obra', { screen: 'siteHome', access: can('Obra'), icon: 'DashboardOutlined', breadcrumb: 'Obra' }),
  r('/obras/:obra/biblioteca', 'Biblioteca da obra', { access: can('BIBLIOTECA'), screen: 'biblioteca', icon: 'FolderOutlined' }),
  r('/obras/:obra/galeria', 'Galeria', { access: can('Obra'), screen: 'galeria', icon: 'PictureOutlined' }),
  // The site's punch list and plan sheets (issue 42, docs/access.md decision 38).
  r('/obras/:obra/itens-verificacao', 'Itens de verificação', {
    access: can('ItemVerificacao'),
    entity: list('itemVerificacao'),
    icon: 'CheckSquareOutlined',
    spec: false,
  }),
  r('/obras/:obra/plantas', 'Plantas', { access: can('Planta'), entity: list('folhaPlanta'), icon: 'FilePdfOutlined', spec: false }),
  // One sheet: its PDF with the pins, the site's sheets beside it (src/app/modules/plantas/plan-viewer-page.tsx).
  r(FOLHA_VIEWER_PATH, 'Planta', { access: can('Planta'), screen: 'plantaViewer', icon: 'FilePdfOutlined', breadcrumb: 'Folha', spec: false }),
  // Who has access to the site; adds people (new clients are invited) and removes them (src/server/site-users).
  r('/obras/:obra/usuarios/adicionar', 'Adicionar usuários', { access: can('Usuario', 'create'), screen: 'sitePeople', icon: 'UserAddOutlined' }),
  r('/obras/:obra/atualizar', 'Atualizar obra', { access: can('Obra', 'update'), entity: edit('obra', 'obra', 'Id_Lista'), icon: 'EditOutlined' }),
  r('/obras/:obra/informacoes', 'Todas as informações', {
    access: can('Obra', 'inspect'),
    entity: show('obra', 'obra', 'Id_Lista'),
    icon: 'InfoCircleOutlined',
  }),
  // Per-site engineering (CRE).
  r('/obras/:obra/cre/Dashboard', 'Painel CRE da obra', {
    group: 'CRE',
    access: can('PROJETO', 'readInterno'),
    screen: 'dashboard',
    dashboard: 'cre-obra',
    icon: 'DashboardOutlined',
  }),
  r('/obras/:obra/cre', 'Documentos de projeto', { group: 'CRE', access: can('PROJETO'), entity: list('projeto'), icon: 'FileProtectOutlined' }),
  r('/obras/:obra/cre/AsBuilt', 'As Built', {
    group: 'CRE',
    access: can('PROJETO', 'readInterno'),
    entity: list('projeto', { filters: { categoria: 'AsBuilt' } }),
    query: { categoria: 'AsBuilt' },
    icon: 'FileDoneOutlined',
  }),
];
