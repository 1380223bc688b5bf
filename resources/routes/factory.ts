/**
 * Factory: general routes and the factory layout /fabricacao/:obra (docs/specification.md §2 "Factory").
 * `:obra` is the site (Obra.Id_Lista) the manufacturing belongs to.
 */
import { can, create, defineRoutes, edit, list } from './define';

const g = defineRoutes('general', 'Fábrica', 'BuildOutlined');
const f = defineRoutes('factory', 'Fábrica', 'BuildOutlined');

const ADMIN_PF = can('PROJETO_FABRICA', 'manage');

export const FACTORY_ROUTES = [
  g('/fabricacao/nova', 'Nova fabricação', { access: can('FABRICACAO', 'write'), entity: create('fabricacao'), icon: 'PlusOutlined' }),
  g('/fabricacao', 'Fabricações', { access: can('FABRICACAO'), entity: list('fabricacao') }),
  g('/fabrica/Dashboard', 'Painel da fábrica', { access: ADMIN_PF, screen: 'dashboard', dashboard: 'fabrica', icon: 'DashboardOutlined' }),
  g('/projetos-fabrica', 'Projetos de fábrica', { access: ADMIN_PF, entity: list('projetoFabrica'), icon: 'ProjectOutlined' }),
  g('/projetos-fabrica/Eletrica', 'Projetos elétricos', {
    access: ADMIN_PF,
    entity: list('projetoFabrica', { filters: { tipo: 'Elétrico' } }),
    query: { categoria: 'Elétrica' },
    icon: 'ThunderboltOutlined',
  }),
  g('/projetos-fabrica/Mecanica', 'Projetos mecânicos', {
    access: ADMIN_PF,
    entity: list('projetoFabrica', { filters: { tipo: 'Mecânico' } }),
    query: { categoria: 'Mecânica' },
    icon: 'SettingOutlined',
  }),
  // Factory layout.
  f('/fabricacao/:obra', 'Painel da fabricação', { access: can('FABRICACAO'), screen: 'factoryHome', icon: 'DashboardOutlined', breadcrumb: 'Fabricação' }),
  // The site's clients: adds (new ones are invited) and removes them (src/server/site-users).
  f('/fabricacao/:obra/usuarios/adicionar', 'Adicionar clientes', {
    access: can('PROJETO_FABRICA', 'adicionar_cliente'),
    screen: 'sitePeople',
    icon: 'UserAddOutlined',
  }),
  f('/fabricacao/:obra/atualizar', 'Atualizar fabricação', {
    access: can('FABRICACAO', 'update'),
    entity: edit('fabricacao', 'obra', 'obra'),
    icon: 'EditOutlined',
  }),
  f('/:obra/fabricacao/Dashboard', 'Painel de projetos da fabricação', {
    access: can('PROJETO_FABRICA'),
    screen: 'dashboard',
    dashboard: 'fabrica-obra',
    icon: 'DashboardOutlined',
  }),
  f('/fabricacao/:obra/projetos', 'Projetos', { access: can('PROJETO_FABRICA'), entity: list('projetoFabrica'), icon: 'ProjectOutlined' }),
  f('/fabricacao/:obra/projetos/Mecanica', 'Projetos mecânicos', {
    access: can('PROJETO_FABRICA'),
    entity: list('projetoFabrica', { filters: { tipo: 'Mecânico' } }),
    query: { categoria: 'Mecânica' },
    icon: 'SettingOutlined',
  }),
  f('/fabricacao/:obra/projetos/Eletrica', 'Projetos elétricos', {
    access: can('PROJETO_FABRICA'),
    entity: list('projetoFabrica', { filters: { tipo: 'Elétrico' } }),
    query: { categoria: 'Elétrica' },
    icon: 'ThunderboltOutlined',
  }),
];
