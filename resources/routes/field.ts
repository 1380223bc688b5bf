/** Field services (FIELD) and automation (AUTOMACAO): docs/specification.md §2, all on a site. */
import { can, check, defineRoutes, list, show } from './define';
import type { RouteEntity } from './types';

const r = defineRoutes('site', 'Field e automação', 'ToolOutlined');

/** `:tipo` of work-order routes: `field` or `automacao`. */
const osByTipo = (view: 'show'): RouteEntity => ({
  ...show('', 'idOs'),
  view,
  byParam: { param: 'tipo', cases: { field: { name: 'osField' }, automacao: { name: 'osAutomacao' } } },
});

export const FIELD_ROUTES = [
  r('/:obra/field/checklist', 'Checklist de OS (Field)', {
    access: can('FIELD', 'config'),
    entity: list('checklistTemplateField'),
    icon: 'CheckSquareOutlined',
  }),
  r('/:obra/field/config', 'EAP (Field)', {
    access: can('FIELD', 'config'),
    // The EAP editor (src/app/modules/eap) on the schema and area the entity names.
    screen: 'eap',
    entity: list('eapOs', { filters: { area: 'FIELD' } }),
    icon: 'PartitionOutlined',
  }),
  r('/:obra/field/ordensServico', 'Ordens de serviço (Field)', {
    access: can('FIELD', 'read', check('OS_FIELD')),
    entity: list('osField'),
    icon: 'ToolOutlined',
  }),
  r('/:obra/automacao/checklist', 'Checklist de OS (Automação)', {
    access: can('AUTOMACAO', 'config'),
    entity: list('checklistTemplateAutomacao'),
    icon: 'CheckSquareOutlined',
  }),
  r('/:obra/automacao/config', 'EAP (Automação)', {
    access: can('AUTOMACAO', 'config'),
    // The EAP editor (src/app/modules/eap) on the schema and area the entity names.
    screen: 'eap',
    entity: list('eapOs', { filters: { area: 'AUTOMACAO' } }),
    icon: 'PartitionOutlined',
  }),
  r('/:obra/automacao/ordensServico', 'Ordens de serviço (Automação)', {
    access: can('AUTOMACAO', 'read', check('OS_AUTOMACAO')),
    entity: list('osAutomacao'),
    icon: 'RobotOutlined',
  }),
  r('/:obra/checklist/:tipo/preencher', 'Preencher checklist', {
    access: can('AUTOMACAO', 'create', check('FIELD', 'create')),
    screen: 'checklistPreencher',
    entity: {
      name: '',
      view: 'create',
      prefill: { obra: ':obra' },
      byParam: { param: 'tipo', cases: { field: { name: 'checklistPreenchidoField' }, automacao: { name: 'checklistPreenchidoAutomacao' } } },
    },
    icon: 'FormOutlined',
  }),
  r('/:obra/ordensServico', 'Ordens de serviço', {
    access: can('FIELD', 'read', check('AUTOMACAO'), check('OS_FIELD'), check('OS_AUTOMACAO')),
    screen: 'ordensServico',
    icon: 'UnorderedListOutlined',
  }),
  r('/:obra/ordensServico/:tipo/:idOs', 'Dados da OS', {
    access: can('OS_FIELD', 'read', check('OS_AUTOMACAO'), check('FIELD'), check('AUTOMACAO')),
    entity: osByTipo('show'),
    icon: 'FileTextOutlined',
  }),
  r('/:obra/ordensServico/:tipo/:idOs/diario/:idDiario', 'Diário da OS', {
    access: can('RDO', 'read', check('AUTOMACAO'), check('FIELD')),
    entity: show('diarioOs', 'idDiario'),
    icon: 'CalendarOutlined',
  }),
  r('/:obra/ordensServico/:tipo/:idOs/diario', 'Novo diário da OS', {
    access: can('AUTOMACAO', 'create', check('FIELD', 'create')),
    entity: {
      name: 'diarioOs',
      view: 'create',
      prefill: { obra: ':obra' },
      byParam: {
        param: 'tipo',
        cases: {
          field: { prefill: { obra: ':obra', area: 'FIELD', osField: ':idOs' } },
          automacao: { prefill: { obra: ':obra', area: 'AUTOMACAO', osAutomacao: ':idOs' } },
        },
      },
    },
    menu: false,
    icon: 'PlusOutlined',
  }),
];
