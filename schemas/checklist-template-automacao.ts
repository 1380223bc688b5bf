import type { EntitySchema } from './kinds';
import { CHECKLIST_TEMPLATE_FIELDS } from './shared/checklist-fields';

/**
 * Work-order checklist template of the AUTOMACAO area (see shared/checklist-fields.ts for why each
 * area has its own schema). Configuring is `config` on AUTOMACAO; reading is `read`.
 */
export const checklistTemplateAutomacao: EntitySchema = {
  name: 'checklistTemplateAutomacao',
  resource: 'checklist-templates-automacao',
  label: 'Modelo de checklist (Automação)',
  labelPlural: 'Modelos de checklist (Automação)',
  gender: 'm',
  subject: 'AUTOMACAO',
  titleField: 'nome',
  importKey: ['obra', 'nome', 'versao'],
  obraField: 'obra',
  defaultSort: { field: 'nome', order: 'asc' },
  actions: { create: 'config', edit: 'config', delete: 'config' },
  menu: { group: 'Field e automação', icon: 'CheckSquareOutlined' },
  fields: CHECKLIST_TEMPLATE_FIELDS,
};
