import type { EntitySchema } from './kinds';
import { APOLICE_FIELDS } from './shared/seguro-fields';

/** Engineering-risk insurance policy (/seguros, subject SEGUROS). */
export const seguro: EntitySchema = {
  name: 'seguro',
  resource: 'seguros',
  label: 'Apólice de risco de engenharia',
  labelPlural: 'Seguros de risco de engenharia',
  gender: 'f',
  subject: 'SEGUROS',
  titleField: 'numeroApolice',
  obraField: 'obra',
  defaultSort: { field: 'fimVigencia', order: 'asc' },
  actions: { edit: 'edit' },
  menu: { group: 'Seguros', icon: 'SafetyOutlined' },
  fields: APOLICE_FIELDS,
};
