import type { EntitySchema } from './kinds';
import { endossoFields } from './shared/seguro-fields';
import { endossoWorkflow } from './shared/endosso-workflow';

/** Endorsement of an engineering-risk policy. */
export const endosso: EntitySchema = {
  name: 'endosso',
  resource: 'endossos',
  label: 'Endosso',
  labelPlural: 'Endossos (risco de engenharia)',
  gender: 'm',
  subject: 'SEGUROS',
  titleField: 'numero',
  importKey: ['apolice', 'numero'],
  defaultSort: { field: 'dataEmissao', order: 'desc' },
  actions: { edit: 'edit' },
  menu: { group: 'Seguros', icon: 'DiffOutlined' },
  fields: endossoFields('seguro'),
  workflow: endossoWorkflow(['seguros', 'admin_seguros']),
};
