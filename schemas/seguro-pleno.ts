import type { EntitySchema } from './kinds';
import { APOLICE_FIELDS } from './shared/seguro-fields';

/** Full-operation insurance policy (/seguros/perfeito, subject SEGUROS_PLENO). */
export const seguroPleno: EntitySchema = {
  name: 'seguroPleno',
  resource: 'seguros-pleno',
  label: 'Apólice de operação plena',
  labelPlural: 'Seguros de operação plena',
  gender: 'f',
  subject: 'SEGUROS_PLENO',
  titleField: 'numeroApolice',
  obraField: 'obra',
  defaultSort: { field: 'fimVigencia', order: 'asc' },
  actions: { edit: 'edit' },
  menu: { group: 'Seguros', icon: 'InsuranceOutlined' },
  fields: APOLICE_FIELDS,
};
