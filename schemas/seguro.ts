import type { EntitySchema } from './kinds';
import { apoliceFields } from './shared/seguro-fields';

/** Engineering-risk insurance policy (/seguros, subject SEGUROS). */
export const seguro: EntitySchema = {
  name: 'seguro',
  resource: 'seguros',
  label: 'Apólice de risco de engenharia',
  labelPlural: 'Seguros de risco de engenharia',
  gender: 'f',
  pluralGender: 'm',
  subject: 'SEGUROS',
  titleField: 'numeroApolice',
  obraField: 'obra',
  defaultSort: { field: 'fimVigenciaAtual', order: 'asc' },
  actions: { edit: 'edit' },
  menu: { group: 'Seguros', icon: 'SafetyOutlined' },
  // The policy's page lists its endorsements; the policy in force above them (src/app/modules/seguros).
  related: [{ entity: 'endosso', via: 'apolice', label: 'Endossos' }],
  fields: apoliceFields('seguro'),
};
