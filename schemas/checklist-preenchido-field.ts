import type { EntitySchema } from './kinds';
import { checklistPreenchidoFields } from './shared/checklist-fields';

/** Filled work-order checklist of the FIELD area; filling is `create` on FIELD. */
export const checklistPreenchidoField: EntitySchema = {
  name: 'checklistPreenchidoField',
  resource: 'checklists-field',
  offline: true,
  label: 'Checklist preenchido (Field)',
  labelPlural: 'Checklists preenchidos (Field)',
  gender: 'm',
  subject: 'FIELD',
  titleField: 'data',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  obraField: 'obra',
  defaultSort: { field: 'data', order: 'desc' },
  menu: { group: 'Field e automação', icon: 'FileDoneOutlined' },
  fields: checklistPreenchidoFields('checklistTemplateField', 'osField'),
};
