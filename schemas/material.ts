import type { EntitySchema } from './kinds';
import { attachmentsField, longtext, obraRef } from './shared/common';
import { MATERIAL_DISCIPLINAS, MATERIAL_ITEM_FIELDS } from './shared/material-fields';

/**
 * Materials statuses: the six flow stages in order, then the two side states (in revision,
 * cancelled). Exactly as access.md.
 */
export const MATERIAL_STATUS = [
  'REVISAR', 'EM ELABORAÇÃO', 'LIBERADO PARA VERIFICAÇÃO', 'LIBERADO PARA SITE MANAGER', 'LIBERADO PARA COORDENADOR',
  'LIBERADO PARA PLANEJAMENTO', 'EM REVISÃO', 'CANCELADO',
];

/**
 * A materials list with its review flow. access.md: `Quantificou.mail`, `Verificador.mail`,
 * `Site_manager.mail`, `Coordenador.mail` and `Status` are used in permission conditions.
 * Moving a list to its next stage is the `release` action (a workflow, not a plain edit).
 */
export const material: EntitySchema = {
  name: 'material',
  resource: 'materiais',
  label: 'Lista de materiais',
  labelPlural: 'Listas de materiais',
  gender: 'f',
  subject: 'Materiais',
  titleField: 'titulo',
  obraField: 'obra',
  defaultSort: { field: 'dataNecessidade', order: 'asc' },
  actions: { edit: 'edit' },
  menu: { group: 'Contratos e materiais', icon: 'ContainerOutlined' },
  fields: [
    { name: 'titulo', kind: 'text', label: 'Título', required: true, minLength: 3, maxLength: 150, list: true, sort: true, search: true, group: 'Identificação', span: 'full' },
    obraRef({ required: true, sort: true, span: 'third' }),
    { name: 'origem', kind: 'enum', label: 'Origem', required: true, options: ['Obra', 'Projeto'], default: 'Obra', list: true, filter: true, group: 'Identificação', span: 'third', help: 'Listas da obra exigem create_obra; listas de projeto, create_projeto.' },
    { name: 'disciplina', kind: 'enum', label: 'Disciplina', options: MATERIAL_DISCIPLINAS, default: 'Geral', list: true, filter: true, group: 'Identificação', span: 'third' },
    { name: 'Status', kind: 'enum', label: 'Situação', required: true, options: MATERIAL_STATUS, default: 'EM ELABORAÇÃO', list: true, filter: true, sort: true, group: 'Identificação', span: 'half' },
    { name: 'template', kind: 'reference', label: 'Modelo utilizado', ref: 'materialTemplate', group: 'Identificação', span: 'half' },
    { name: 'dataNecessidade', kind: 'date', label: 'Data de necessidade na obra', list: true, sort: true, group: 'Identificação', span: 'third' },
    { name: 'Quantificou', kind: 'person', label: 'Quantificador', required: true, list: true, filter: true, group: 'Responsáveis', span: 'half' },
    { name: 'Verificador', kind: 'person', label: 'Verificador', filter: true, group: 'Responsáveis', span: 'half' },
    { name: 'Site_manager', kind: 'person', label: 'Site manager', filter: true, group: 'Responsáveis', span: 'half' },
    { name: 'Coordenador', kind: 'person', label: 'Coordenador', filter: true, group: 'Responsáveis', span: 'half' },
    { name: 'itens', kind: 'rows', label: 'Itens', group: 'Itens', span: 'full', fields: MATERIAL_ITEM_FIELDS },
    longtext('observacoes', 'Observações', { maxLength: 4000, group: 'Itens' }),
    attachmentsField('anexos', 'Anexos'),
  ],
};
