import type { EntitySchema } from './kinds';
import { OS_FIELDS, osWorkflowOf } from './shared/os-fields';

/** Field-services work order (OS FIELD). */
export const osField: EntitySchema = {
  name: 'osField',
  resource: 'os-field',
  label: 'Ordem de serviço (Field)',
  labelPlural: 'Ordens de serviço (Field)',
  gender: 'f',
  subject: 'OS_FIELD',
  titleField: 'numero',
  obraField: 'obra',
  defaultSort: { field: 'dataAbertura', order: 'desc' },
  menu: { group: 'Field e automação', icon: 'ToolOutlined' },
  fields: OS_FIELDS,
  workflow: osWorkflowOf('admin_field'),
  related: [
    { entity: 'diarioOs', via: 'osField', label: 'Diários da OS', prefill: { area: 'FIELD' } },
    { entity: 'checklistPreenchidoField', via: 'os', label: 'Checklists' },
  ],
};
