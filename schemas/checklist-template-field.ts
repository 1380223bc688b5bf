import type { EntitySchema } from './kinds';
import { CHECKLIST_TEMPLATE_FIELDS } from './shared/checklist-fields';

/**
 * Work-order checklist template of the FIELD area (see shared/checklist-fields.ts for why each
 * area has its own schema). Configuring is `config` on FIELD; reading is `read`.
 */
export const checklistTemplateField: EntitySchema = {
  name: 'checklistTemplateField',
  resource: 'checklist-templates-field',
  label: 'Modelo de checklist (Field)',
  labelPlural: 'Modelos de checklist (Field)',
  gender: 'm',
  subject: 'FIELD',
  titleField: 'nome',
  importKey: ['obra', 'nome', 'versao'],
  obraField: 'obra',
  defaultSort: { field: 'nome', order: 'asc' },
  actions: { create: 'config', edit: 'config', delete: 'config' },
  menu: { group: 'Field e automação', icon: 'CheckSquareOutlined' },
  fields: CHECKLIST_TEMPLATE_FIELDS,
};
