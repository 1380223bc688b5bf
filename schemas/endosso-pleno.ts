import type { EntitySchema } from './kinds';
import { endossoFields } from './shared/seguro-fields';
import { endossoWorkflow } from './shared/endosso-workflow';

/** Endorsement of a full-operation policy. */
export const endossoPleno: EntitySchema = {
  name: 'endossoPleno',
  resource: 'endossos-pleno',
  label: 'Endosso (operação plena)',
  labelPlural: 'Endossos (operação plena)',
  gender: 'm',
  subject: 'SEGUROS_PLENO',
  titleField: 'numero',
  importKey: ['apolice', 'numero'],
  defaultSort: { field: 'dataEmissao', order: 'desc' },
  actions: { edit: 'edit' },
  menu: { group: 'Seguros', icon: 'DiffOutlined' },
  fields: endossoFields('seguroPleno'),
  workflow: endossoWorkflow(['admin_seguros']),
};
