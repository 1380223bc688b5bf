/**
 * Engineering (CRE), general routes: docs/specification.md §2. The category pages carry the `categoria`
 * query and need readInterno on PROJETO; the list needs read; the dashboard admin_projetos.
 */
import { can, defineRoutes, list } from './define';

const r = defineRoutes('general', 'CRE', 'FileProtectOutlined');

const categoria = (value: string) => ({
  access: can('PROJETO', 'readInterno'),
  entity: list('projeto', { filters: { categoria: value } }),
  query: { categoria: value },
});

export const CRE_ROUTES = [
  r('/cre', 'Documentos de projeto', { access: can('PROJETO'), entity: list('projeto') }),
  r('/cre/Dashboard', 'Painel CRE', { access: can('PROJETO', 'manage'), screen: 'dashboard', dashboard: 'cre', icon: 'DashboardOutlined' }),
  r('/cre/AsBuilt', 'As Built', { ...categoria('AsBuilt'), icon: 'FileDoneOutlined' }),
  r('/cre/Executivo', 'Executivo', { ...categoria('Executivo'), icon: 'FileTextOutlined' }),
  r('/cre/Referencia', 'Referência', { ...categoria('Referencia'), icon: 'FileSearchOutlined' }),
];
