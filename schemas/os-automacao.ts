import type { EntitySchema } from './kinds';
import { OS_FIELDS, osWorkflowOf } from './shared/os-fields';

/** Automation work order (OS AUTOMAÇÃO). */
export const osAutomacao: EntitySchema = {
  name: 'osAutomacao',
  resource: 'os-automacao',
  label: 'Ordem de serviço (Automação)',
  labelPlural: 'Ordens de serviço (Automação)',
  gender: 'f',
  subject: 'OS_AUTOMACAO',
  titleField: 'numero',
  obraField: 'obra',
  defaultSort: { field: 'dataAbertura', order: 'desc' },
  menu: { group: 'Field e automação', icon: 'RobotOutlined' },
  fields: OS_FIELDS,
  workflow: osWorkflowOf('admin_automacao'),
  related: [
    { entity: 'diarioOs', via: 'osAutomacao', label: 'Diários da OS', prefill: { area: 'AUTOMACAO' } },
    { entity: 'checklistPreenchidoAutomacao', via: 'os', label: 'Checklists' },
  ],
};
