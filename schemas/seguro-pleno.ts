import type { EntitySchema } from './kinds';
import { apoliceFields } from './shared/seguro-fields';

/** Full-operation insurance policy (/seguros/perfeito, subject SEGUROS_PLENO). */
export const seguroPleno: EntitySchema = {
  name: 'seguroPleno',
  resource: 'seguros-pleno',
  label: 'Apólice de operação plena',
  labelPlural: 'Seguros de operação plena',
  gender: 'f',
  pluralGender: 'm',
  subject: 'SEGUROS_PLENO',
  titleField: 'numeroApolice',
  obraField: 'obra',
  defaultSort: { field: 'fimVigenciaAtual', order: 'asc' },
  actions: { edit: 'edit' },
  menu: { group: 'Seguros', icon: 'InsuranceOutlined' },
  // The policy's page lists its endorsements; the policy in force above them (src/app/modules/seguros).
  related: [{ entity: 'endossoPleno', via: 'apolice', label: 'Endossos' }],
  fields: apoliceFields('seguroPleno'),
};
