/** Contracts and materials: docs/specification.md §2. */
import { can, create, defineRoutes, list } from './define';

const g = defineRoutes('general', 'Contratos e materiais', 'SolutionOutlined');
const s = defineRoutes('site', 'Contratos e materiais', 'SolutionOutlined');

export const CONTRACT_ROUTES = [
  g('/contrato', 'Contratos', { access: can('Contratos'), entity: list('contrato') }),
  s('/:obra/contrato', 'Contratos da obra', { access: can('Contratos'), entity: list('contrato') }),
  g('/materiais/template', 'Modelos de listas de materiais', {
    access: can('Materiais', 'manage'),
    entity: list('materialTemplate'),
    icon: 'SnippetsOutlined',
  }),
  s('/:obra/materiais/novo', 'Nova lista de materiais', { access: can('Materiais', 'create'), entity: create('material'), icon: 'PlusOutlined' }),
  s('/:obra/materiais', 'Listas de materiais', { access: can('Materiais'), entity: list('material'), icon: 'ContainerOutlined' }),
];
