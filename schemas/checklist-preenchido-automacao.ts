import type { EntitySchema } from './kinds';
import { checklistPreenchidoFields } from './shared/checklist-fields';

/** Filled work-order checklist of the AUTOMACAO area; filling is `create` on AUTOMACAO. */
export const checklistPreenchidoAutomacao: EntitySchema = {
  name: 'checklistPreenchidoAutomacao',
  resource: 'checklists-automacao',
  label: 'Checklist preenchido (Automação)',
  labelPlural: 'Checklists preenchidos (Automação)',
  gender: 'm',
  subject: 'AUTOMACAO',
  titleField: 'data',
  /** Spreadsheet import: no natural key, the export's "ID" column finds the record (schemas/import-layout.ts). */
  importKey: ['id'],
  obraField: 'obra',
  defaultSort: { field: 'data', order: 'desc' },
  menu: { group: 'Field e automação', icon: 'FileDoneOutlined' },
  fields: checklistPreenchidoFields('checklistTemplateAutomacao', 'osAutomacao'),
};
