/** Daily work reports (RDO): docs/specification.md §2. */
import { STAFF_ONLY, alsoCan, can, check, create, defineRoutes, edit, list, show } from './define';

const g = defineRoutes('general', 'Diários de obra', 'ScheduleOutlined');
const s = defineRoutes('site', 'Diários de obra', 'ScheduleOutlined');

export const RDO_ROUTES = [
  g('/diarios', 'Diários de obra', { access: can('RDO'), entity: list('diario') }),
  // Issue 36: the site's own reports, from the site's menu (the list of /diarios filtered to the site).
  s('/:obra/diarios', 'Diários da obra', { access: can('RDO'), entity: list('diario'), icon: 'UnorderedListOutlined', spec: false }),
  s('/:obra/diarios/configurar', 'Configurar RDO', {
    access: can('RDO', 'config'),
    screen: 'rdoConfig',
    entity: list('configuracaoRdo', { filters: { obra: ':obra' } }),
    icon: 'SettingOutlined',
  }),
  // Decision 30: read by the staff who read the site's RDOs (the API checks the site); planners edit the
  // dates. A client's representative (decision 32) reads concluded reports, not the site's plan.
  s('/:obra/diarios/datas', 'Datas planejadas', { access: alsoCan(can('RDO'), STAFF_ONLY), screen: 'calendar', icon: 'CalendarOutlined' }),
  // Issue 26: the impracticable days of the site (time-extension claims); the API applies each reader's rules
  // (a client's representative sees the concluded reports of its sites, decisions 29 and 32).
  s('/:obra/diarios/impraticaveis', 'Dias impraticáveis', { access: can('RDO'), screen: 'diasImpraticaveis', icon: 'ThunderboltOutlined', spec: false }),
  s('/:obra/diarios/novo', 'Novo diário', { access: can('RDO', 'create'), entity: create('diario'), icon: 'PlusOutlined' }),
  g('/diarios/:diario', 'Diário de obra', { access: can('RDO', 'read', check('AUTOMACAO'), check('FIELD')), entity: show('diario', 'diario') }),
  g('/diarios/:diario/editar', 'Editar diário', { access: can('RDO', 'update'), entity: edit('diario', 'diario'), icon: 'EditOutlined' }),
  g('/diarios/:diario/atualizar', 'Atualizar diário', { access: can('RDO', 'update'), entity: edit('diario', 'diario'), icon: 'EditOutlined' }),
];
